/** A tiny browser stand-in over fetch: a cookie jar honouring Path, and manual redirects. */

interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly path: string;
}

export interface Page {
  readonly status: number;
  /** The URL after redirects. */
  readonly url: string;
  readonly headers: Headers;
  readonly html: string;
  readonly bytes: Uint8Array;
  /** Every URL visited, redirects included. */
  readonly trail: readonly string[];
}

export class Client {
  private readonly jar = new Map<string, StoredCookie>();

  constructor(readonly origin: string) {}

  get(url: string, init: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<Page> {
    return this.request('GET', url, undefined, init);
  }

  post(url: string, form: Record<string, string>, init: { signal?: AbortSignal } = {}): Promise<Page> {
    return this.request('POST', url, new URLSearchParams(form).toString(), init);
  }

  cookie(name: string): string | undefined {
    for (const c of this.jar.values()) if (c.name === name) return c.value;
    return undefined;
  }

  clearCookies(): void {
    this.jar.clear();
  }

  private cookieHeader(path: string): string {
    return [...this.jar.values()]
      .filter(
        (c) =>
          path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/',
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const deleted = attributes.some((a) => a.toLowerCase() === 'max-age=0');
      if (deleted) this.jar.delete(`${name}|${path}`);
      else this.jar.set(`${name}|${path}`, { name, value, path });
    }
  }

  private async request(
    method: 'GET' | 'POST',
    url: string,
    body: string | undefined,
    init: { signal?: AbortSignal; headers?: Record<string, string> },
  ): Promise<Page> {
    let current = new URL(url, this.origin);
    let currentMethod = method;
    let currentBody = body;
    const trail: string[] = [];
    for (let hop = 0; hop < 10; hop += 1) {
      trail.push(current.pathname + current.search);
      const headers: Record<string, string> = { ...init.headers };
      const cookie = this.cookieHeader(current.pathname);
      if (cookie) headers.cookie = cookie;
      if (currentBody !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const requestInit: RequestInit = { method: currentMethod, headers, redirect: 'manual' };
      if (currentBody !== undefined) requestInit.body = currentBody;
      if (init.signal) requestInit.signal = init.signal;
      const response = await fetch(current, requestInit);
      this.store(response.headers);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current);
        currentMethod = 'GET';
        currentBody = undefined;
        continue;
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        url: current.pathname + current.search,
        headers: response.headers,
        html: Buffer.from(bytes).toString('utf8'),
        bytes,
        trail,
      };
    }
    throw new Error(`too many redirects from ${url}`);
  }
}
