// The contract's types, for packages and integrators that type their own code against the wire, and
// the values its enums list (generated from openapi.json like the types).
export { CHECKER_TYPES, ERROR_CODES, PURPOSES, STATUS_BY_CODE } from './generated/contract-values.js';
export type { components, operations, paths, webhooks } from './generated/openapi.js';
