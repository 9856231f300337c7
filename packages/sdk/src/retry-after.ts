// RFC 9110 section 10.2.3: Retry-After is either delay-seconds (digits only) or an HTTP-date.
// Anything else (negative, fractional, garbage) is ignored rather than guessed at.
const DELAY_SECONDS = /^\s*(\d{1,10})\s*$/;
// IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), RFC 850 ("Sunday, 06-Nov-94 08:49:37 GMT")
// and asctime ("Sun Nov  6 08:49:37 1994"). Date.parse alone would accept "2" as a year.
const HTTP_DATE =
  /^\s*(?:[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT|[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT|[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})\s*$/;

/**
 * Seconds to wait according to a Retry-After header value, or undefined when absent or malformed.
 * A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const seconds = DELAY_SECONDS.exec(value);
  if (seconds?.[1] !== undefined) return Number(seconds[1]);
  if (!HTTP_DATE.test(value)) return undefined;
  // asctime has no zone and means GMT; Date.parse would read it as local time.
  const text = /GMT\s*$/.test(value) ? value : `${value.trim()} GMT`;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}
