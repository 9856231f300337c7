import type { components } from '@sharecode/contract';

type Wire = components['schemas'];

// What a field must hold. `?` fields may be absent (the SDK fills them with null); extra fields a
// newer service adds are let through, as an additive contract change allows.
type Field =
  | 'string'
  | 'string|null'
  | 'string|null?'
  | 'strings'
  | 'integer'
  | 'boolean'
  | readonly string[];

// Typed against the contract: a field added to or removed from a schema fails to compile here.
type Spec<T> = { readonly [K in keyof T]-?: Field };

const OUTCOMES = ['ACCEPTED', 'REJECTED'] as const;

const COMMON = {
  outcome: OUTCOMES,
  name: 'string',
  date_of_birth: 'string',
  nationality: 'string|null?',
  permission_type: 'string|null?',
  start_date: 'string|null?',
  expiry_date: 'string|null?',
  conditions: 'strings',
  restrictions: 'strings',
  reference: 'string|null?',
  share_code: 'string',
  photo_data_url: 'string|null?',
  pdf_data_url: 'string|null?',
  checked_at: 'string',
} as const;

const RIGHT_TO_WORK: Spec<Wire['RightToWorkResult']> = { ...COMMON, title: ['Right to work'] };

const RIGHT_TO_RENT: Spec<Wire['RightToRentResult']> = {
  ...COMMON,
  title: ['Right to rent'],
  details: 'string',
  recheck_date: 'string|null',
  company_name: 'string',
  check_date: 'string',
};

const IMMIGRATION_STATUS: Spec<Wire['ImmigrationStatusResult']> = {
  outcome: ['ACCEPTED'],
  title: ['Immigration status'],
  name: 'string',
  date_of_birth: 'string',
  nationality: 'string',
  status: 'string',
  valid_from: 'string',
  valid_until: 'string|null',
  activities: 'strings',
  restrictions: 'strings',
  reference: 'string',
  company_name: 'string',
  job_title: 'string',
  purpose: 'string',
  check_date: 'string',
  share_code: 'string',
  photo_data_url: 'string',
  pdf_data_url: 'string',
  checked_at: 'string',
};

const RECORD: Spec<Omit<Wire['CheckRecord'], 'result' | 'error'>> = {
  id: 'string',
  status: ['queued', 'running', 'succeeded', 'failed'],
  mode: ['live', 'test'],
  client_reference: 'string|null',
  callback_url: 'string|null',
  attempts: 'integer',
  result_expires_at: 'string|null',
  result_expired: 'boolean',
  created_at: 'string',
  completed_at: 'string|null',
};

export type ResultTitle = 'Right to work' | 'Right to rent' | 'Immigration status';

const RESULT_SPECS: Record<ResultTitle, Readonly<Record<string, Field>>> = {
  'Right to work': RIGHT_TO_WORK,
  'Right to rent': RIGHT_TO_RENT,
  'Immigration status': IMMIGRATION_STATUS,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldProblem(name: string, value: unknown, field: Field): string | undefined {
  if (Array.isArray(field)) {
    return field.includes(value as string)
      ? undefined
      : `has ${name} ${short(value)} (expected ${field.join(' or ')})`;
  }
  const ok = (() => {
    switch (field) {
      case 'string':
        return typeof value === 'string';
      case 'string|null':
        return typeof value === 'string' || value === null;
      case 'string|null?':
        return value === undefined || typeof value === 'string' || value === null;
      case 'strings':
        return Array.isArray(value) && value.every((item) => typeof item === 'string');
      case 'integer':
        return Number.isInteger(value) && (value as number) >= 0;
      case 'boolean':
        return typeof value === 'boolean';
    }
    return false;
  })();
  if (ok) return undefined;
  return value === undefined
    ? `has no ${name}`
    : `has ${name} ${short(value)} (expected ${String(field).replace('?', '')})`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function specProblem(data: Record<string, unknown>, spec: Record<string, Field>): string | undefined {
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
