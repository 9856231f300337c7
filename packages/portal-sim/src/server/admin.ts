import type { Outcome } from '@sharecode/core';
import type { Faults } from '../faults/fault-types.js';
import type { SimPerson } from '../seed/person.js';
import type { SimVariants } from '../variants.js';
import { SIM_VARIANT_VALUES } from '../variants.js';
import { jsonResponse, type SimResponse } from './http-types.js';

/** What the admin endpoint may see and change. */
export interface AdminControls {
  readonly summary: () => Record<string, unknown>;
  readonly people: () => readonly SimPerson[];
  readonly faults: () => Faults;
  readonly variants: () => SimVariants;
  readonly setVariants: (raw: unknown) => Outcome<SimVariants, string[]>;
  readonly interruptSignIn: (page: unknown, times?: unknown) => Outcome<number, string[]>;
  readonly setFaults: (raw: unknown) => Outcome<Faults, string[]>;
  readonly resetFaults: () => void;
  readonly reset: () => void;
}

const USAGE = {
  'GET /__sim': 'base URLs, settings and faults',
  'GET /__sim/faults': 'the faults in force',
  'PUT /__sim/faults': 'replace the faults (JSON body, see README)',
  'DELETE /__sim/faults': 'remove every fault',
  'GET /__sim/variants': 'the variants in force, and the values each allows',
  'PUT /__sim/variants': 'change some variants (JSON body such as {"pdf":"inline"})',
  'POST /__sim/sign-in-interruptions':
    'the next sign-in form posts answer "Page has expired" or "Cookie not found" ({"page":"page-expired","times":1})',
  'GET /__sim/people': 'the seeded people (without photos)',
  'POST /__sim/reset': 'remove faults, lockouts and sessions',
};

const INVALID = Symbol('invalid JSON');

function parseJson(body: string): unknown {
  try {
    return body.trim() === '' ? {} : JSON.parse(body);
  } catch {
    return INVALID;
  }
}

function badJson(example: string): SimResponse {
  return jsonResponse(400, {
    error: { code: 'INVALID_INPUT', message: `The body must be JSON, for example ${example}` },
  });
}

/** What a change answers: 200 with what is now in force under `field`, or 400 naming every problem. */
function changeAnswer<T>(result: Outcome<T, string[]>, field: string, unchanged: string): SimResponse {
  if (!result.ok) {
    return jsonResponse(400, {
      error: { code: 'INVALID_INPUT', message: unchanged, problems: result.error },
    });
  }
  return jsonResponse(200, { [field]: result.value });
}

function publicPerson(person: SimPerson): Record<string, unknown> {
  const { photoJpeg: _bytes, photoDataUrl: _url, ...rest } = person;
  return rest;
}

/**
 * /__sim/...: control of a simulator running in another process (the CLI), as JSON. Bad input
 * gets a 400 naming every problem.
 */
export function handleAdmin(
  method: string,
  path: string,
  body: string,
  controls: AdminControls,
): SimResponse {
  const route = `${method} ${path.replace(/\/$/, '')}`;
  switch (route) {
    case 'GET /__sim':
      return jsonResponse(200, { ...controls.summary(), endpoints: USAGE });
    case 'GET /__sim/faults':
      return jsonResponse(200, { faults: controls.faults() });
    case 'PUT /__sim/faults':
    case 'POST /__sim/faults': {
      const raw = parseJson(body);
      if (raw === INVALID) return badJson('{"error":{"kind":"http-503"}}');
      return changeAnswer(controls.setFaults(raw), 'faults', 'The faults were not changed.');
    }
    case 'DELETE /__sim/faults':
      controls.resetFaults();
      return jsonResponse(200, { faults: controls.faults() });
    case 'GET /__sim/variants':
      return jsonResponse(200, { variants: controls.variants(), values: SIM_VARIANT_VALUES });
    case 'PUT /__sim/variants':
    case 'POST /__sim/variants': {
      const raw = parseJson(body);
      if (raw === INVALID) return badJson('{"pdf":"inline"}');
      return changeAnswer(controls.setVariants(raw), 'variants', 'The variants were not changed.');
    }
    case 'POST /__sim/sign-in-interruptions': {
      const raw = parseJson(body);
      if (raw === INVALID || typeof raw !== 'object' || raw === null)
        return badJson('{"page":"page-expired"}');
      const { page, times } = raw as { page?: unknown; times?: unknown };
      return changeAnswer(controls.interruptSignIn(page, times ?? 1), 'pending', 'Nothing was changed.');
    }
    case 'GET /__sim/people':
      return jsonResponse(200, { people: controls.people().map(publicPerson) });
    case 'POST /__sim/reset':
      controls.reset();
      return jsonResponse(200, { reset: true });
    default:
      return jsonResponse(404, {
        error: {
          code: 'NOT_FOUND',
          message: `No such admin endpoint. Use one of: ${Object.keys(USAGE).join(', ')}`,
        },
      });
  }
}
