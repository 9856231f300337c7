import { sha256Hex } from './util/sha256.js';
import type { ValidatedRequest } from './validation/check-request.js';

/** JSON with object keys sorted, so equal values always give the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/**
 * A stable fingerprint of a validated request, to tell a replay (same Idempotency-Key, same body) from a
 * reuse (same key, different body). SHA-256 hex of the canonical JSON of the kind, the normalised
 * request and the asynchronous fields; `check` is left out because it only repeats the kind. A plain
 * hash of guessable details: store it beside the key, never publish it.
 */
export function requestFingerprint(req: ValidatedRequest): string {
  const { check: _check, ...fields } = req.request;
  return sha256Hex(
    canonicalJson({
      kind: req.kind,
      request: fields,
      client_reference: req.async?.client_reference ?? null,
      callback_url: req.async?.callback_url ?? null,
    }),
  );
}
