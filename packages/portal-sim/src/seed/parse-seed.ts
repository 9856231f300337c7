import { fail, type Outcome, ok } from '@sharecode/core';
import { parseIsoDate } from '../util/dates.js';
import { parseVariants, RUN_ONLY_VARIANTS, type SimVariants } from '../variants.js';
import {
  CHECK_KINDS,
  type ImmigrationStatusDetails,
  type Person,
  type ResultSection,
  type RightToRentDetails,
  type RightToWorkDetails,
} from './person.js';
import { isShareCode, kindOfCode, normaliseShareCode, PURPOSE_LETTER } from './share-code.js';

type Json = Record<string, unknown>;

/** Collects every problem of a seed at once, each naming where it is, so one edit fixes them all. */
class Problems {
  readonly list: string[] = [];
  add(where: string, what: string): void {
    this.list.push(`${where}: ${what}`);
  }
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A rule a string field must also meet, with what to say when it does not. */
interface Format {
  readonly test: (value: string) => boolean;
  readonly problem: string;
}

const ISO_DATE: Format = {
  test: (value) => parseIsoDate(value) !== null,
  problem: 'must be a real date written YYYY-MM-DD, for example 1990-04-27',
};

function text(
  o: Json,
  key: string,
  where: string,
  problems: Problems,
  required: boolean,
  format?: Format,
): string | undefined {
  const v = o[key];
  if (v === undefined) {
    if (required) problems.add(`${where}.${key}`, 'is required: give a non-empty string');
    return undefined;
  }
  if (typeof v !== 'string' || v.trim() === '') {
    problems.add(`${where}.${key}`, 'must be a non-empty string');
    return undefined;
  }
  if (format && !format.test(v)) {
    problems.add(`${where}.${key}`, format.problem);
    return undefined;
  }
  return v;
}

const date = (o: Json, key: string, where: string, problems: Problems, required: boolean) =>
  text(o, key, where, problems, required, ISO_DATE);

function strings(o: Json, key: string, where: string, problems: Problems): string[] | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.trim() === '')) {
    problems.add(`${where}.${key}`, 'must be a list of non-empty strings');
    return undefined;
  }
  return v as string[];
}

function oneOf<T extends string>(
  o: Json,
  key: string,
  allowed: readonly T[],
  where: string,
  problems: Problems,
): T | undefined {
  const v = o[key];
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  problems.add(`${where}.${key}`, `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
  return undefined;
}

/** Copies only the keys that are set, so optional fields stay absent rather than undefined. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function sections(o: Json, where: string, problems: Problems): ResultSection[] | undefined {
  const v = o.sections;
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) {
    problems.add(`${where}.sections`, 'must be a list of { "heading": string, "paragraphs": [string] }');
    return undefined;
  }
  const out: ResultSection[] = [];
  v.forEach((s, i) => {
    const at = `${where}.sections[${i}]`;
    if (!isObject(s)) {
      problems.add(at, 'must be an object { "heading": string, "paragraphs": [string] }');
      return;
    }
    const heading = text(s, 'heading', at, problems, true);
    const paragraphs = strings(s, 'paragraphs', at, problems) ?? [];
    if (heading !== undefined) out.push({ heading, paragraphs });
  });
  return out;
}

function rightToWork(d: Json, where: string, problems: Problems): RightToWorkDetails | undefined {
  const outcome = oneOf(d, 'outcome', ['permitted', 'not_permitted'] as const, where, problems);
  const details = compact({
    outcome,
    permissionType: text(d, 'permissionType', where, problems, false),
    startDate: date(d, 'startDate', where, problems, false),
    expiryDate: date(d, 'expiryDate', where, problems, false),
    conditions: strings(d, 'conditions', where, problems),
    activities: strings(d, 'activities', where, problems),
    restrictions: strings(d, 'restrictions', where, problems),
    sections: sections(d, where, problems),
  });
  return outcome ? { ...details, outcome } : undefined;
}

function rightToRent(d: Json, where: string, problems: Problems): RightToRentDetails | undefined {
  const outcome = oneOf(d, 'outcome', ['unlimited', 'time_limited', 'no_right'] as const, where, problems);
  const details = compact({
    outcome,
    permissionType: text(d, 'permissionType', where, problems, false),
    startDate: date(d, 'startDate', where, problems, false),
    expiryDate: date(d, 'expiryDate', where, problems, outcome === 'time_limited'),
    conditions: strings(d, 'conditions', where, problems),
    restrictions: strings(d, 'restrictions', where, problems),
  });
  return outcome ? { ...details, outcome } : undefined;
}

function immigrationStatus(d: Json, where: string, problems: Problems): ImmigrationStatusDetails | undefined {
  const status = text(d, 'status', where, problems, true);
  const validFrom = date(d, 'validFrom', where, problems, true);
  const validUntil = date(d, 'validUntil', where, problems, false);
  const activities = strings(d, 'activities', where, problems) ?? [];
  const restrictions = strings(d, 'restrictions', where, problems) ?? [];
  if (status === undefined || validFrom === undefined) return undefined;
  return compact({ status, validFrom, validUntil, activities, restrictions });
}

/** A person's own variants: known keys and values, and none that only a whole run can choose. */
function personVariants(raw: unknown, where: string, problems: Problems): Partial<SimVariants> | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseVariants(raw, where);
  if (!parsed.ok) {
    for (const p of parsed.error) problems.list.push(p);
    return undefined;
  }
  for (const key of Object.keys(parsed.value)) {
    if (RUN_ONLY_VARIANTS.includes(key as keyof SimVariants)) {
      problems.add(`${where}.${key}`, 'applies before the person is known, so it is chosen per run only');
    }
  }
  return parsed.value;
}

function person(raw: unknown, where: string, problems: Problems): Person | undefined {
  if (!isObject(raw)) {
    problems.add(where, 'must be an object describing one person');
    return undefined;
  }
  const before = problems.list.length;
  const kind = oneOf(raw, 'kind', CHECK_KINDS, where, problems);
  const rawCode = text(raw, 'shareCode', where, problems, true);
  const shareCode = rawCode === undefined ? undefined : normaliseShareCode(rawCode);
  if (shareCode !== undefined && !isShareCode(shareCode)) {
    problems.add(
      `${where}.shareCode`,
      'must be 9 letters and digits (spaces allowed), for example "W12 3AB C45"',
    );
  } else if (shareCode !== undefined && kind !== undefined && kindOfCode(shareCode) !== kind) {
    problems.add(`${where}.shareCode`, `must start with "${PURPOSE_LETTER[kind]}" for a ${kind} person`);
  }
  const dateOfBirth = date(raw, 'dateOfBirth', where, problems, true);
  const name = text(raw, 'name', where, problems, true);
  const nationality = text(raw, 'nationality', where, problems, true);
  const shareCodeIssued = date(raw, 'shareCodeIssued', where, problems, false);
  const daysAgo = raw.shareCodeIssuedDaysAgo;
  if (daysAgo !== undefined && (typeof daysAgo !== 'number' || !Number.isInteger(daysAgo) || daysAgo < 0)) {
    problems.add(`${where}.shareCodeIssuedDaysAgo`, 'must be a whole number of days, 0 or more');
  }
  if (daysAgo !== undefined && shareCodeIssued !== undefined) {
    problems.add(where, 'give shareCodeIssued or shareCodeIssuedDaysAgo, not both');
  }
  const photo = text(raw, 'photo', where, problems, false);
  const variants = personVariants(raw.variants, `${where}.variants`, problems);
  const rawDetails = raw.details;
  let details: RightToWorkDetails | RightToRentDetails | ImmigrationStatusDetails | undefined;
  if (!isObject(rawDetails)) {
    problems.add(
      `${where}.details`,
      'is required: an object with the result the service shows for this person',
    );
  } else if (kind === 'right_to_work') {
    details = rightToWork(rawDetails, `${where}.details`, problems);
  } else if (kind === 'right_to_rent') {
    details = rightToRent(rawDetails, `${where}.details`, problems);
  } else if (kind === 'immigration_status') {
    details = immigrationStatus(rawDetails, `${where}.details`, problems);
  }
  if (
    problems.list.length > before ||
    !kind ||
    !shareCode ||
    !dateOfBirth ||
    !name ||
    !nationality ||
    !details
  ) {
    return undefined;
  }
  const base = compact({
    shareCode,
    dateOfBirth,
    name,
    nationality,
    shareCodeIssued,
    shareCodeIssuedDaysAgo: typeof daysAgo === 'number' ? daysAgo : undefined,
    photo,
    variants,
  });
  return { ...base, kind, details } as Person;
}

/**
 * Checks a seed (a list of people, or `{ "people": [...] }`) and returns the people, or every
 * problem found, each naming the entry by position (never by share code or name).
 */
export function parseSeed(raw: unknown): Outcome<Person[], string[]> {
  const list = isObject(raw) && 'people' in raw ? raw.people : raw;
  if (!Array.isArray(list)) {
    return fail(['seed: must be a list of people, or an object { "people": [...] }']);
  }
  const problems = new Problems();
  const people: Person[] = [];
  const seen = new Map<string, number>();
  list.forEach((entry, i) => {
    const p = person(entry, `people[${i}]`, problems);
    if (!p) return;
    const earlier = seen.get(p.shareCode);
    if (earlier !== undefined) {
      problems.add(
        `people[${i}].shareCode`,
        `is the same as people[${earlier}].shareCode: codes must be unique`,
      );
      return;
    }
    seen.set(p.shareCode, i);
    people.push(p);
  });
  return problems.list.length > 0 ? fail(problems.list) : ok(people);
}
