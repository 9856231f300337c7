import type { Faults } from '../faults/fault-types.js';
import type { SimPerson } from '../seed/person.js';
import type { Result } from '../util/result.js';
import { jsonResponse, type SimResponse } from './http-types.js';

/** What the admin endpoint may see and change. */
export interface AdminControls {
  readonly summary: () => Record<string, unknown>;
  readonly people: () => readonly SimPerson[];
  readonly faults: () => Faults;
  readonly setFaults: (raw: unknown) => Result<Faults, string[]>;
  readonly resetFaults: () => void;
  readonly reset: () => void;
}

const USAGE = {
  'GET /__sim': 'base URLs, settings and faults',
  'GET /__sim/faults': 'the faults in force',
  'PUT /__sim/faults': 'replace the faults (JSON body, see README)',
  'DELETE /__sim/faults': 'remove every fault',
  'GET /__sim/people': 'the seeded people (without photos)',
  'POST /__sim/reset': 'remove faults, lockouts and sessions',
};

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
      let raw: unknown;
      try {
        raw = body.trim() === '' ? {} : JSON.parse(body);
      } catch {
        return jsonResponse(400, {
          error: {
            code: 'INVALID_INPUT',
            message: 'The body must be JSON, for example {"error":{"kind":"http-503"}}',
          },
        });
      }
      const result = controls.setFaults(raw);
      if (!result.ok) {
        return jsonResponse(400, {
          error: { code: 'INVALID_INPUT', message: 'The faults were not changed.', problems: result.error },
        });
      }
      return jsonResponse(200, { faults: result.value });
    }
    case 'DELETE /__sim/faults':
      controls.resetFaults();
      return jsonResponse(200, { faults: controls.faults() });
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
