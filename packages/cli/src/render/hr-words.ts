import { withoutControlCharacters } from '@sharecode/core/util';

// The service speaks to programs (endpoints, headers, field names); `rtw` speaks to HR officers. Text
// from the service is printed through here: control characters removed, API words put as a person
// using the CLI knows them.

const WIRE_FIELDS = [
  'share_code',
  'date_of_birth',
  'company_name',
  'checker_name',
  'checker_type',
  'job_title',
  'purpose',
  'other_purpose',
  'callback_url',
  'client_reference',
];
const WIRE_FIELD = new RegExp(`\\b(${WIRE_FIELDS.join('|')})\\b`, 'g');

const API_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  // "(POST /api/check/right-to-rent)": the endpoint is the command's business, not the reader's.
  [/\s*\((?:GET|POST|PUT|DELETE) \/[^)]*\)/g, ''],
  [/\b(?:GET|POST|PUT|DELETE) \/api\/[^\s,.;:)]*/g, 'the service'],
  [/the number of seconds in the Retry-After header/g, 'the wait the service asked for'],
  [/\bthe Retry-After header\b/g, 'the wait the service asked for'],
  [/\bthe X-Request-Id header\b/g, 'the request id'],
  [/after Retry-After seconds/g, 'after the wait the service asked for'],
  [/(?:quoting|with) (?:the )?X-Request-Id(?: header)?/g, 'quoting the request id'],
  [
    /Send your key in the Authorization header as "Bearer <API_KEY>"/g,
    'Set RTW_API_KEY to your key (or give --api-key)',
  ],
  [/check the Authorization header/g, 'check RTW_API_KEY'],
  [/\bthe Idempotency-Key header\b/g, '--idempotency-key'],
  [/YYYY-MM-DD, such as 1990-01-31/g, 'DD/MM/YYYY or YYYY-MM-DD, such as 31/01/1990'],
  // rtw reads DD/MM/YYYY too: "check the day and the month (YYYY-MM-DD)" would misdirect.
  [/check the day and the month \(YYYY-MM-DD\)/g, 'check the day and the month'],
];

/**
 * Text from the service (or the SDK, or core's rules) as the CLI prints it: no control characters, no
 * endpoint paths or header names, and each request field named as the user gives it (`nameOf`: a
 * flag such as `--dob`, or a CSV column).
 */
export function inHrWords(text: string, nameOf?: (wire: string) => string): string {
  let plain = withoutControlCharacters(text);
  for (const [pattern, words] of API_PHRASES) plain = plain.replace(pattern, words);
  if (nameOf) plain = plain.replace(WIRE_FIELD, (wire: string) => nameOf(wire));
  return plain;
}
