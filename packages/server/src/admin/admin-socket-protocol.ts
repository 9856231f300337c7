import { join } from 'node:path';
import type { Outcome } from '@sharecode/core';
import type { AdminParams } from './admin-operations.js';

/**
 * The admin socket: a Unix socket in the data folder through which `rtw-server accounts|keys`
 * commands reach a server that holds the embedded database. Who may connect is decided by the file's
 * permissions (0600, in a 0700 folder): the server's own user, as for the database files themselves.
 * One JSON line asks, one JSON line answers, then the connection closes.
 */
export const ADMIN_SOCKET_NAME = 'admin.sock';

export const adminSocketPath = (dataDir: string): string => join(dataDir, ADMIN_SOCKET_NAME);

export interface AdminRequest {
  /** The command's rtw-server version: a server of another version refuses (its operations may differ). */
  readonly version: string;
  readonly command: string;
  readonly params: AdminParams;
}

export type AdminAnswer = Outcome<unknown, string>;

/** Longest request line accepted: commands carry ids, an e-mail address, a password, a URL. */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** Reads one request; null when it is not one (the caller answers with a failure). */
export function parseAdminRequest(line: string): AdminRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { version, command, params } = value as Record<string, unknown>;
  if (typeof version !== 'string' || typeof command !== 'string') return null;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const entries = Object.entries(params as Record<string, unknown>);
  if (entries.some(([, v]) => v !== undefined && typeof v !== 'string')) return null;
  return { version, command, params: Object.fromEntries(entries) as AdminParams };
}
