/** The last request of the previous page, as a cursor names it. */
export interface ListCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** The cursor is opaque to clients: the last request of the page, as base64url JSON. */
export function encodeCursor(createdAt: Date, id: string): string {
  const text = JSON.stringify([createdAt.toISOString(), id]);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The request a cursor names, or undefined for anything this code did not make. */
export function decodeCursor(raw: string): ListCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) return undefined;
  try {
    const padded = raw.replace(/-/g, '+').replace(/_/g, '/');
    const parsed: unknown = JSON.parse(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4)));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [at, id] = parsed as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string') return undefined;
    const createdAt = new Date(at);
    if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}
