// Parsing is core's (one reader of Cookie headers); the dashboard's Set-Cookie policy is its own.
import { parseCookies } from '@sharecode/core/util';

export { parseCookies };

export interface CookieOptions {
  /**
   * Only over https: browsers then never send it in clear. A secure cookie is also `__Host-` prefixed
   * (so `Path=/`, no `Domain`): no subdomain or plain-http page can set or shadow it.
   */
  readonly secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  readonly maxAge: number;
  /** Where a cookie without the prefix is sent; a `__Host-` cookie is always `Path=/`. */
  readonly path: string;
}

/** The name a cookie has on the wire: `__Host-` prefixed when secure. */
export const cookieName = (name: string, secure: boolean): string => (secure ? `__Host-${name}` : name);

/** The value of cookie `name` (by its wire name for a secure or plain request). */
export function readCookie(header: string | undefined, name: string, secure: boolean): string | undefined {
  return parseCookies(header).get(cookieName(name, secure));
}

/** A Set-Cookie value that scripts cannot read and other sites' requests do not carry. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${cookieName(name, options.secure)}=${value}`,
    `Path=${options.secure ? '/' : options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
