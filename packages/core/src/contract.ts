// Names for the contract's schemas (openapi.json), so the rest of core never spells `components[...]`:
// the SDK's names where it has them (one list), and the few only core needs.
import type { components } from '@sharecode/sdk/openapi';

export type {
  CheckRecord,
  CheckResult,
  ErrorBody,
  ErrorCode,
  ImmigrationStatusRequest,
  ImmigrationStatusResult,
  RightToRentRequest,
  RightToRentResult,
  RightToWorkRequest,
  RightToWorkResult,
} from '@sharecode/sdk';

type Schemas = components['schemas'];

export type Purpose = Schemas['Purpose'];
export type CheckerType = Schemas['CheckerType'];
export type Mode = Schemas['Mode'];
