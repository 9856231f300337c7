import { baseUrlOf } from '@sharecode/core/util';

/**
 * Where the sandbox answers by default: the SDK's and the reference server's default address, so a
 * `new ShareCodeClient({ apiKey })` with no baseUrl is intercepted as it is.
 */
export const SANDBOX_BASE_URL = 'http://127.0.0.1:8080';

/** The base URL without trailing slashes; undefined when it is not an absolute http(s) URL. */
export function normaliseBaseUrl(raw: string): string | undefined {
  return baseUrlOf(raw.replace(/\/+$/, '')) ?? undefined;
}
