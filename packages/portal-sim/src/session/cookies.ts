// Parsing is core's (one reader of Cookie headers); the simulator's Set-Cookie policy is its own.
export { parseCookies } from '@sharecode/core/util';

export interface CookieOptions {
  readonly path: string;
  /** Seconds; 0 deletes the cookie. Absent: a browser-session cookie. */
  readonly maxAge?: number;
  readonly httpOnly?: boolean;
}

export function serialiseCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`, 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly !== false) parts.push('HttpOnly');
  return parts.join('; ');
}
