// Names for the contract's schemas (openapi.json), so the rest of core never spells
// `components[...]`. Records and results are the wire's shapes (the SDK hands over stricter ones).
import type { components } from '@sharecode/contract';

type Schemas = components['schemas'];

export type ErrorCode = Schemas['ErrorCode'];
export type ErrorBody = Schemas['ErrorBody'];
export type RightToWorkRequest = Schemas['RightToWorkRequest'];
export type RightToRentRequest = Schemas['RightToRentRequest'];
export type ImmigrationStatusRequest = Schemas['ImmigrationStatusRequest'];
export type Purpose = Schemas['Purpose'];
export type CheckerType = Schemas['CheckerType'];
export type Mode = Schemas['Mode'];
export type CheckRecord = Schemas['CheckRecord'];
export type CheckResult = Schemas['CheckResult'];
export type RightToWorkResult = Schemas['RightToWorkResult'];
export type RightToRentResult = Schemas['RightToRentResult'];
export type ImmigrationStatusResult = Schemas['ImmigrationStatusResult'];
