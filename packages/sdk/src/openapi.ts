// `@sharecode/sdk/openapi`: the contract's types and values, for integrators that type their own code
// against the wire. Kept as a re-export of @sharecode/contract (where they now live, issue 28): it
// was published, and every export is a promise.

export type { components, operations, paths, webhooks } from '@sharecode/contract';
export { CHECKER_TYPES, ERROR_CODES, PURPOSES, STATUS_BY_CODE } from '@sharecode/contract';
