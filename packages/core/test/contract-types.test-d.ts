import type { components } from '@sharecode/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { CheckError, CheckKind, Outcome } from '../src/index.js';
import { type ERROR_CATALOGUE, errorBody } from '../src/index.js';
import { runSandboxCheck, sandboxTestEventRecord } from '../src/sandbox/index.js';
import type {
  immigrationStatusResult,
  rightToRentResult,
  rightToWorkResult,
} from '../src/sandbox/results.js';
import type { ValidatedRequest } from '../src/validation/index.js';
import { type CHECKER_TYPES, type PURPOSES, validateCheckRequest } from '../src/validation/index.js';

type Schemas = components['schemas'];

describe('core types match the contract', () => {
  it('results are the contract result types', () => {
    expectTypeOf(runSandboxCheck).returns.resolves.toEqualTypeOf<Outcome<Schemas['CheckResult']>>();
    expectTypeOf<Awaited<ReturnType<typeof rightToWorkResult>>>().toEqualTypeOf<
      Schemas['RightToWorkResult']
    >();
    expectTypeOf<Awaited<ReturnType<typeof rightToRentResult>>>().toEqualTypeOf<
      Schemas['RightToRentResult']
    >();
    expectTypeOf<Awaited<ReturnType<typeof immigrationStatusResult>>>().toEqualTypeOf<
      Schemas['ImmigrationStatusResult']
    >();
    expectTypeOf(sandboxTestEventRecord).returns.resolves.toEqualTypeOf<Schemas['CheckRecord']>();
  });

  it('validated requests carry the contract request types', () => {
    expectTypeOf(validateCheckRequest).returns.toEqualTypeOf<Outcome<ValidatedRequest>>();
    expectTypeOf<Extract<ValidatedRequest, { kind: 'right_to_work' }>['request']>().toEqualTypeOf<
      Schemas['RightToWorkRequest']
    >();
    expectTypeOf<Extract<ValidatedRequest, { kind: 'right_to_rent' }>['request']>().toEqualTypeOf<
      Schemas['RightToRentRequest']
    >();
    expectTypeOf<Extract<ValidatedRequest, { kind: 'immigration_status' }>['request']>().toEqualTypeOf<
      Schemas['ImmigrationStatusRequest']
    >();
    expectTypeOf<ValidatedRequest['kind']>().toEqualTypeOf<Schemas['CheckKind']>();
    expectTypeOf<CheckKind>().toEqualTypeOf<Schemas['CheckKind']>();
  });

  it('enumerations cover the contract exactly', () => {
    expectTypeOf<keyof typeof ERROR_CATALOGUE>().toEqualTypeOf<Schemas['ErrorCode']>();
    expectTypeOf<CheckError['code']>().toEqualTypeOf<Schemas['ErrorCode']>();
    expectTypeOf<(typeof PURPOSES)[number]>().toEqualTypeOf<Schemas['Purpose']>();
    expectTypeOf<(typeof CHECKER_TYPES)[number]>().toEqualTypeOf<Schemas['CheckerType']>();
  });

  it('error bodies are the contract error body', () => {
    expectTypeOf(errorBody).returns.toEqualTypeOf<Schemas['ErrorBody']>();
  });
});
