import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { CheckKind } from '../src/index.js';
import { CHECK_KINDS, checkError, ERROR_CODES, errorBody } from '../src/index.js';
import {
  runSandboxCheck,
  SANDBOX_SCENARIOS,
  sandboxShareCode,
  sandboxTestEventRecord,
} from '../src/sandbox/index.js';
import { validateCheckRequest } from '../src/validation/index.js';
import { bodyFor, NOW, validated } from './sandbox-bodies.js';

const contract = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8'));
// ajv-formats is CommonJS with `exports.default`: the default import is the plugin or the module holding it.
const addFormats: FormatsPlugin =
  typeof formatsModule === 'function' ? formatsModule : (formatsModule as { default: FormatsPlugin }).default;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(contract, 'openapi.json');

function schema(name: string) {
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  return (value: unknown) => {
    const valid = validate(value);
    return valid ? 'valid' : ajv.errorsText(validate.errors);
  };
}

const RESULT_SCHEMA: Record<CheckKind, string> = {
  right_to_work: 'RightToWorkResult',
  right_to_rent: 'RightToRentResult',
  immigration_status: 'ImmigrationStatusResult',
};
const REQUEST_SCHEMA: Record<CheckKind, [sync: string, async: string]> = {
  right_to_work: ['RightToWorkRequest', 'RightToWorkAsyncRequest'],
  right_to_rent: ['RightToRentRequest', 'RightToRentAsyncRequest'],
  immigration_status: ['ImmigrationStatusRequest', 'ImmigrationStatusAsyncRequest'],
};

describe('sandbox answers match the contract', () => {
  it.each(CHECK_KINDS)('every %s result and error', async (kind) => {
    const resultSchema = schema(RESULT_SCHEMA[kind]);
    const anyResult = schema('CheckResult');
    const errorSchema = schema('ErrorBody');
    for (const scenario of SANDBOX_SCENARIOS) {
      for (let attempt = 1; attempt <= scenario.attempts.length; attempt++) {
        const outcome = await runSandboxCheck(validated(kind, sandboxShareCode(kind, scenario.suffix)), {
          attempt,
          now: NOW,
        });
        if (outcome.ok) {
          expect(resultSchema(outcome.value)).toBe('valid');
          expect(anyResult(outcome.value)).toBe('valid');
        } else {
          expect(errorSchema(errorBody(outcome.error))).toBe('valid');
        }
      }
    }
  });

  it('the check.test record', async () => {
    expect(schema('CheckRecord')(await sandboxTestEventRecord(NOW))).toBe('valid');
    const event = {
      type: 'check.test',
      created_at: NOW.toISOString(),
      data: await sandboxTestEventRecord(NOW),
    };
    expect(schema('CheckTestEvent')(event)).toBe('valid');
  });

  it('every error body', () => {
    const errorSchema = schema('ErrorBody');
    for (const code of ERROR_CODES) {
      const extra =
        code === 'QUOTA_EXCEEDED' || code === 'PAYMENT_REQUIRED'
          ? { upgradeUrl: 'https://example.com/billing' }
          : {};
      expect(errorSchema(errorBody(checkError(code, undefined, extra)))).toBe('valid');
    }
  });
});

describe('requests core accepts are valid contract requests', () => {
  it.each(CHECK_KINDS)('%s, with and without the optional fields', (kind) => {
    const [syncName, asyncName] = REQUEST_SCHEMA[kind];
    const syncSchema = schema(syncName);
    const asyncSchema = schema(asyncName);
    const bodies = [
      bodyFor(kind, sandboxShareCode(kind, 'ACPT0001')),
      {
        ...bodyFor(kind, ` ${sandboxShareCode(kind, 'AC PT0 001').toLowerCase()} `),
        check: kind,
      },
    ];
    for (const body of bodies) {
      expect(validateCheckRequest(kind, body, { async: false, now: NOW }).ok).toBe(true);
      expect(syncSchema(body)).toBe('valid');
      const asyncBody = {
        ...body,
        client_reference: 'ref-1',
        callback_url: 'https://hooks.example.com/rtw?id=1',
      };
      expect(validateCheckRequest(kind, asyncBody, { async: true, now: NOW }).ok).toBe(true);
      expect(asyncSchema(asyncBody)).toBe('valid');
    }
  });

  it('the contract refuses what core refuses for shape reasons', () => {
    const requestSchema = schema('ImmigrationStatusRequest');
    const base = bodyFor('immigration_status', 'SACPT0001');
    for (const bad of [
      { ...base, checker_type: 'landlord' },
      { ...base, other_purpose: 'x' },
      { ...base, purpose: 'other' },
      { ...base, share_code: 'WACPT0001' },
      { ...base, company_name: '' },
      { ...base, job_title: 'j'.repeat(201) },
    ]) {
      expect(validateCheckRequest('immigration_status', bad, { async: false, now: NOW }).ok).toBe(false);
      expect(requestSchema(bad)).not.toBe('valid');
    }
  });
});
