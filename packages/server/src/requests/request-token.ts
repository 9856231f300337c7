import { createHash } from 'node:crypto';

/** How an applicant's token is stored and looked up: its SHA-256, hex (the token itself never is). */
export const tokenHashOf = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');
