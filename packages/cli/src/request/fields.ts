/** A request field: its wire name, its flag, and commander's name for the flag's value. */
export interface FieldSpec {
  wire: string;
  flag: string;
  option: string;
}

/** Every check request field (spec 2.1), in the order the flags are listed. */
export const REQUEST_FIELDS: readonly FieldSpec[] = [
  { wire: 'share_code', flag: 'share-code', option: 'shareCode' },
  { wire: 'date_of_birth', flag: 'dob', option: 'dob' },
  { wire: 'company_name', flag: 'company', option: 'company' },
  { wire: 'checker_name', flag: 'checker-name', option: 'checkerName' },
  { wire: 'checker_type', flag: 'checker-type', option: 'checkerType' },
  { wire: 'job_title', flag: 'job-title', option: 'jobTitle' },
  { wire: 'purpose', flag: 'purpose', option: 'purpose' },
  { wire: 'other_purpose', flag: 'other-purpose', option: 'otherPurpose' },
];

/** The fields only the asynchronous endpoints take. */
export const ASYNC_REQUEST_FIELDS: readonly FieldSpec[] = [
  { wire: 'callback_url', flag: 'callback-url', option: 'callbackUrl' },
  { wire: 'client_reference', flag: 'client-reference', option: 'clientReference' },
];

/**
 * The wire body from the flags that were given. Values go as typed: core decides what is valid, so
 * the CLI refuses exactly what the service would.
 */
export function bodyFromOptions(
  options: Readonly<Record<string, unknown>>,
  fields: readonly FieldSpec[],
): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of fields) {
    const value = options[field.option];
    if (typeof value === 'string') body[field.wire] = value;
  }
  return body;
}

/** `--share-code` for `share_code`; the field name itself for anything else (Idempotency-Key). */
export function flagOfField(wire: string): string {
  const spec = [...REQUEST_FIELDS, ...ASYNC_REQUEST_FIELDS].find((field) => field.wire === wire);
  if (spec) return `--${spec.flag}`;
  return wire === 'Idempotency-Key' ? '--idempotency-key' : wire;
}
