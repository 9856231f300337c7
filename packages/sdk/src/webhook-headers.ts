/** Headers as a fetch `Headers`, or a plain object such as Node's `req.headers`. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface SignatureHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

export function readSignatureHeaders(headers: unknown): SignatureHeaders {
  const get = headerGetter(headers);
  return {
    id: first(get('webhook-id')),
    timestamp: first(get('webhook-timestamp')),
    // Several signatures arrive space-separated (secret rotation); a repeated header joins the same way.
    signature: joined(get('webhook-signature')),
  };
}

type Value = string | readonly string[] | null | undefined;

function headerGetter(headers: unknown): (name: string) => Value {
  if (typeof headers !== 'object' || headers === null) return () => undefined;
  const maybe = headers as { get?: unknown };
  if (typeof maybe.get === 'function') {
    const bag = headers as { get(name: string): string | null };
    return (name) => bag.get(name);
  }
  const lower = new Map<string, Value>();
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (typeof value === 'string' || Array.isArray(value)) lower.set(key.toLowerCase(), value as Value);
  }
  return (name) => lower.get(name);
}

function first(value: Value): string | undefined {
  const text = typeof value === 'string' ? value : value?.[0];
  const trimmed = text?.trim();
  return trimmed === '' ? undefined : trimmed;
}

function joined(value: Value): string | undefined {
  const text = typeof value === 'string' ? value : value?.join(' ');
  const trimmed = text?.trim();
  return trimmed === '' ? undefined : trimmed;
}
