// Parsing is core's (one reader of Cookie headers); the dashboard's Set-Cookie policy is its own.
export { parseCookies } from '@sharecode/core/util';

export interface CookieOptions {
  /** Only over https: browsers then never send it in clear. */
  readonly secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  readonly maxAge: number;
  readonly path: string;
}

/** A Set-Cookie value that scripts cannot read and other sites' requests do not carry. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
