/** `text` as an absolute http(s) URL without credentials or a fragment; null when it is not one. */
export function parseHttpUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hash !== '' || url.username !== '' || url.password !== '') return null;
  return url;
}

/**
 * A base URL to join paths to: origin and path, without a query or trailing slashes ("http://host/api");
 * null when `text` is not such a URL.
 */
export function baseUrlOf(text: string): string | null {
  const url = parseHttpUrl(text);
  if (url === null || url.search !== '') return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
