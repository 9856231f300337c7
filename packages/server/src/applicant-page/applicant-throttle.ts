import { createHash } from 'node:crypto';
import type { RateLimitRepo } from '../accounts/ports.js';

/** Posts allowed in a fixed window of `seconds`. */
export interface PostLimit {
  readonly seconds: number;
  readonly posts: number;
}

/**
 * Per link: an applicant fixing typos needs a handful of tries (3 failed attempts lock it anyway);
 * 10 in 10 minutes stops a script replaying the form without holding a person back.
 */
export const APPLICANT_LINK_LIMIT: PostLimit = { seconds: 10 * 60, posts: 10 };
/**
 * Per client address: a household or an office behind one address may fill in a few links; 30 in
 * 10 minutes stops one client working through many links.
 */
export const APPLICANT_CLIENT_LIMIT: PostLimit = { seconds: 10 * 60, posts: 30 };

export type ApplicantAllowance =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Counts one post of the applicant's form; refused ones count too, so a flood stays held. */
export type ApplicantThrottle = (
  post: { readonly tokenHash: string; readonly client: string },
  now: Date,
) => Promise<ApplicantAllowance>;

const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function createApplicantThrottle(
  repo: RateLimitRepo,
  limits: { readonly link: PostLimit; readonly client: PostLimit } = {
    link: APPLICANT_LINK_LIMIT,
    client: APPLICANT_CLIENT_LIMIT,
  },
): ApplicantThrottle {
  return async (post, now) => {
    const seconds = Math.floor(now.getTime() / 1000);
    // Neither the token's hash (the link's lookup key) nor the address goes into the rate table as is.
    const windows = [
      { key: `applicant:link:${hash(`link\n${post.tokenHash}`)}`, limit: limits.link },
      { key: `applicant:client:${hash(`client\n${post.client}`)}`, limit: limits.client },
    ].map((w) => ({ ...w, start: seconds - (seconds % w.limit.seconds) }));
    const counts = await Promise.all(windows.map((w) => repo.hit(w.key, w.start, w.limit.seconds)));
    const over = windows.filter((w, i) => (counts[i] ?? 0) > w.limit.posts);
    if (over.length === 0) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(...over.map((w) => w.start + w.limit.seconds - seconds)),
    };
  };
}
