// Names for the contract's schemas (openapi.json) that only core needs, so the rest of core never
// spells `components[...]`; the SDK's own names (CheckRecord, ErrorCode ...) are imported from it.
import type { components } from '@sharecode/sdk/openapi';

type Schemas = components['schemas'];

export type Purpose = Schemas['Purpose'];
export type CheckerType = Schemas['CheckerType'];
export type Mode = Schemas['Mode'];
