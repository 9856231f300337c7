/**
 * Where the sandbox answers by default: the SDK's and the reference server's default address, so a
 * `new ShareCodeClient({ apiKey })` with no baseUrl is intercepted as it is.
 */
export const SANDBOX_BASE_URL = 'http://127.0.0.1:8080';

/** The base URL without trailing slashes; undefined when it is not an absolute http(s) URL. */
export function normaliseBaseUrl(raw: string): string | undefined {
  const trimmed = raw.replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
