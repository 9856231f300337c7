/**
 * A request field: its wire name, its flag, commander's name for the flag's value, and how an HR
 * officer is asked for it (`label`, for a prompt) and told it is missing (`what`).
 */
export interface FieldSpec {
  wire: string;
  flag: string;
  option: string;
  label: string;
  what: string;
}

/** Every check request field (spec 2.1), in the order the flags are listed. */
export const REQUEST_FIELDS: readonly FieldSpec[] = [
  {
    wire: 'share_code',
    flag: 'share-code',
    option: 'shareCode',
    label: 'Share code',
    what: "the applicant's share code (9 letters and digits, such as W12 3AB C45)",
  },
  {
    wire: 'date_of_birth',
    flag: 'dob',
    option: 'dob',
    label: 'Date of birth (DD/MM/YYYY)',
    what: "the applicant's date of birth (such as 31/01/1990 or 1990-01-31)",
  },
  {
    wire: 'company_name',
    flag: 'company',
    option: 'company',
    label: 'Your organisation (and branch)',
    what: 'the name of your organisation making the check',
  },
  {
    wire: 'checker_name',
    flag: 'checker-name',
    option: 'checkerName',
    label: 'Landlord or letting agent making the check',
    what: 'the name of the landlord or letting agent making the check',
  },
  {
    wire: 'checker_type',
    flag: 'checker-type',
    option: 'checkerType',
    label: 'Landlord or agent',
    what: 'landlord or agent',
  },
  {
    wire: 'job_title',
    flag: 'job-title',
    option: 'jobTitle',
    label: 'Your job title',
    what: 'the job title of the person making the check',
  },
  {
    wire: 'purpose',
    flag: 'purpose',
    option: 'purpose',
    label: 'Purpose of the check',
    what: 'why you are checking (see rtw check --help for the list)',
  },
  {
    wire: 'other_purpose',
    flag: 'other-purpose',
    option: 'otherPurpose',
    label: 'The reason for the check',
    what: 'the reason for the check, because the purpose is other',
  },
];

/** The fields only the asynchronous endpoints take. */
export const ASYNC_REQUEST_FIELDS: readonly FieldSpec[] = [
  {
    wire: 'callback_url',
    flag: 'callback-url',
    option: 'callbackUrl',
    label: 'Callback URL',
    what: 'the https address the service posts the result to',
  },
  {
    wire: 'client_reference',
    flag: 'client-reference',
    option: 'clientReference',
    label: 'Your reference for the check',
    what: "your own id for the check (never the applicant's name, code or birth date)",
  },
];

export function fieldSpec(wire: string): FieldSpec | undefined {
  return [...REQUEST_FIELDS, ...ASYNC_REQUEST_FIELDS].find((field) => field.wire === wire);
}

/**
 * The wire body from the flags that were given, as typed: the request is tidied and judged by core's
 * rules afterwards (request/validate.ts), so the CLI refuses exactly what the service would.
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
  const spec = fieldSpec(wire);
  if (spec) return `--${spec.flag}`;
  return wire === 'Idempotency-Key' ? '--idempotency-key' : wire;
}
