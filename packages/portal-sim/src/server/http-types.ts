/** A request as the service handlers see it: the path is inside the service's prefix. */
export interface SimRequest {
  readonly method: string;
  /** Path after the service prefix, starting with "/". */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The urlencoded body of a POST; empty otherwise. */
  readonly form: URLSearchParams;
  readonly cookies: ReadonlyMap<string, string>;
}

export interface SimResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  readonly body: string | Uint8Array;
}

export const HTML = 'text/html; charset=utf-8';

export function htmlResponse(status: number, body: string, setCookies: readonly string[] = []): SimResponse {
  const headers: Record<string, string | readonly string[]> = {
    'content-type': HTML,
    'cache-control': 'no-store',
  };
  if (setCookies.length > 0) headers['set-cookie'] = setCookies;
  return { status, headers, body };
}

export function redirectResponse(location: string, setCookies: readonly string[] = []): SimResponse {
  const headers: Record<string, string | readonly string[]> = { location, 'cache-control': 'no-store' };
  if (setCookies.length > 0) headers['set-cookie'] = setCookies;
  return { status: 302, headers, body: '' };
}

export function pdfResponse(
  bytes: Uint8Array,
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): SimResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `${disposition}; filename="${filename}"`,
      'cache-control': 'no-store',
    },
    body: bytes,
  };
}

export function jsonResponse(status: number, value: unknown): SimResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: `${JSON.stringify(value, null, 2)}\n`,
  };
}

export function jpegResponse(bytes: Uint8Array): SimResponse {
  return {
    status: 200,
    headers: { 'content-type': 'image/jpeg', 'cache-control': 'no-store, private' },
    body: bytes,
  };
}
