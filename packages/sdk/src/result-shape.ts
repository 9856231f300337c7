import type { components } from '@sharecode/contract';

type Wire = components['schemas'];

// What a field must hold: s string, n string or null, o string or null or absent (the SDK fills in
// null), a list of strings, i whole number, b boolean, or one of the listed values. Extra fields a
// newer service adds are let through, as an additive contract change allows.
export type Field = 's' | 'n' | 'o' | 'a' | 'i' | 'b' | readonly string[];

const WORDS: Record<Exclude<Field, readonly string[]>, string> = {
  s: 'a string',
  n: 'a string or null',
  o: 'a string or null',
  a: 'a list of strings',
  i: 'a whole number',
  b: 'true or false',
};

// Typed against the contract: a field added to or removed from a schema fails to compile here.
export type Spec<T> = { readonly [K in keyof T]-?: Field };

const OUTCOMES = ['ACCEPTED', 'REJECTED'] as const;

const COMMON = {
  outcome: OUTCOMES,
  name: 's',
  date_of_birth: 's',
  nationality: 'o',
  permission_type: 'o',
  start_date: 'o',
  expiry_date: 'o',
  conditions: 'a',
  restrictions: 'a',
  reference: 'o',
  share_code: 's',
  photo_data_url: 'o',
  pdf_data_url: 'o',
  checked_at: 's',
} as const;

const RIGHT_TO_WORK: Spec<Wire['RightToWorkResult']> = { ...COMMON, title: ['Right to work'] };

const RIGHT_TO_RENT: Spec<Wire['RightToRentResult']> = {
  ...COMMON,
  title: ['Right to rent'],
  details: 's',
  recheck_date: 'n',
  company_name: 's',
  check_date: 's',
};

const IMMIGRATION_STATUS: Spec<Wire['ImmigrationStatusResult']> = {
  outcome: ['ACCEPTED'],
  title: ['Immigration status'],
  name: 's',
  date_of_birth: 's',
  nationality: 's',
  status: 's',
  valid_from: 's',
  valid_until: 'n',
  activities: 'a',
  restrictions: 'a',
  reference: 's',
  company_name: 's',
  job_title: 's',
  purpose: 's',
  check_date: 's',
  share_code: 's',
  photo_data_url: 's',
  pdf_data_url: 's',
  checked_at: 's',
};

const RECORD: Spec<Omit<Wire['CheckRecord'], 'result' | 'error'>> = {
  id: 's',
  status: ['queued', 'running', 'succeeded', 'failed'],
  mode: ['live', 'test'],
  client_reference: 'n',
  callback_url: 'n',
  attempts: 'i',
  result_expires_at: 'n',
  result_expired: 'b',
  created_at: 's',
  completed_at: 'n',
  check_request_id: 'o',
};

export type ResultTitle = 'Right to work' | 'Right to rent' | 'Immigration status';

const RESULT_SPECS: Record<ResultTitle, Readonly<Record<string, Field>>> = {
  'Right to work': RIGHT_TO_WORK,
  'Right to rent': RIGHT_TO_RENT,
  'Immigration status': IMMIGRATION_STATUS,
};

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldProblem(name: string, value: unknown, field: Field): string | undefined {
  if (typeof field !== 'string') {
    return field.includes(value as string)
      ? undefined
      : `has ${name} ${short(value)} (expected ${field.join(' or ')})`;
  }
  const ok =
    field === 'a'
      ? Array.isArray(value) && value.every((item) => typeof item === 'string')
      : field === 'i'
        ? Number.isInteger(value) && (value as number) >= 0
        : field === 'b'
          ? typeof value === 'boolean'
          : typeof value === 'string' ||
            (field !== 's' && value === null) ||
            (field === 'o' && value === undefined);
  if (ok) return undefined;
  return value === undefined ? `has no ${name}` : `has ${name} ${short(value)} (expected ${WORDS[field]})`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export function specProblem(data: Record<string, unknown>, spec: Record<string, Field>): string | undefined {
  for (const [name, field] of Object.entries(spec)) {
    const problem = fieldProblem(name, data[name], field);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Why `data` is not a result of the contract (of kind `expected`, when given), or undefined when it
 * is one. The reason names a field, never its value's personal data beyond a short excerpt.
 */
export function resultProblem(data: unknown, expected?: ResultTitle): string | undefined {
  if (!isObject(data)) return 'is not a JSON object';
  const title = data.title;
  if (typeof title !== 'string' || !Object.hasOwn(RESULT_SPECS, title)) {
    return `is not a check result (title ${short(title)})`;
  }
  if (expected !== undefined && title !== expected) return `is a "${title}" result, not a "${expected}" one`;
  const problem = specProblem(data, RESULT_SPECS[title as ResultTitle]);
  return problem === undefined ? undefined : `is not a valid "${title}" result: it ${problem}`;
}

/** Why `data` is not a check record of the contract, or undefined when it is one. */
export function recordProblem(data: unknown): string | undefined {
  if (!isObject(data)) return 'is not a JSON object';
  const problem = specProblem(data, RECORD);
  if (problem !== undefined) return `is not a check record: it ${problem}`;
  if (data.result !== null && data.result !== undefined) {
    const inner = resultProblem(data.result);
    if (inner !== undefined) return `is a check record whose result ${inner}`;
  }
  if (data.error !== null && data.error !== undefined) {
    const error = data.error;
    if (!isObject(error) || typeof error.code !== 'string' || typeof error.message !== 'string') {
      return 'is a check record whose error has no code and message';
    }
  }
  return undefined;
}
