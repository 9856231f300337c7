import type { components } from './generated/openapi.js';

// Short names for the contract's schemas; field names stay exactly as on the wire.
type Schemas = components['schemas'];

export type RightToWorkRequest = Schemas['RightToWorkRequest'];
export type RightToRentRequest = Schemas['RightToRentRequest'];
export type ImmigrationStatusRequest = Schemas['ImmigrationStatusRequest'];
export type RightToWorkAsyncRequest = Schemas['RightToWorkAsyncRequest'];
export type RightToRentAsyncRequest = Schemas['RightToRentAsyncRequest'];
export type ImmigrationStatusAsyncRequest = Schemas['ImmigrationStatusAsyncRequest'];
export type RightToWorkResult = Schemas['RightToWorkResult'];
export type RightToRentResult = Schemas['RightToRentResult'];
export type ImmigrationStatusResult = Schemas['ImmigrationStatusResult'];
export type CheckResult = Schemas['CheckResult'];
export type CheckRecord = Schemas['CheckRecord'];
export type CheckStatus = Schemas['CheckStatus'];
export type ErrorCode = Schemas['ErrorCode'];
export type ErrorBody = Schemas['ErrorBody'];
export type CheckSucceededEvent = Schemas['CheckSucceededEvent'];
export type CheckFailedEvent = Schemas['CheckFailedEvent'];
export type CheckTestEvent = Schemas['CheckTestEvent'];
export type WebhookEvent = Schemas['WebhookEvent'];
