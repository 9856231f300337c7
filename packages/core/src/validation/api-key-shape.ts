// The one rule for what an API key looks like, applied by the SDK (before any request), the sandbox
// and the server: `rtw_live_` or `rtw_test_` and 40 letters and digits (base62, 238 bits).

export type ApiKeyMode = 'live' | 'test';

/** Letters and digits after `rtw_live_` / `rtw_test_`. */
export const API_KEY_RANDOM_CHARS = 40;

const API_KEY = new RegExp(`^rtw_(live|test)_[0-9A-Za-z]{${API_KEY_RANDOM_CHARS}}$`);
const PREFIX = /^rtw_(live|test)_/;

/** The mode of a well-formed key, or null when the text cannot be one of our keys. */
export function apiKeyMode(text: string): ApiKeyMode | null {
  const match = typeof text === 'string' ? API_KEY.exec(text) : null;
  return match ? (match[1] as ApiKeyMode) : null;
}

/**
 * Why `text` cannot be a key, in words for the person who pasted it (never echoing the key), or
 * undefined when it is well formed.
 */
export function apiKeyShapeProblem(text: string): string | undefined {
  if (apiKeyMode(text) !== null) return undefined;
  const prefix = typeof text === 'string' ? PREFIX.exec(text) : null;
  const expected = `keys are rtw_live_ or rtw_test_ followed by ${API_KEY_RANDOM_CHARS} letters and digits`;
  if (prefix === null) return expected;
  const rest = text.slice(prefix[0].length);
  const found = /^[0-9A-Za-z]*$/.test(rest)
    ? `this one starts ${prefix[0]} but has ${rest.length} after it`
    : `this one starts ${prefix[0]} but has other characters after it`;
  return `${expected} (${found})`;
}
