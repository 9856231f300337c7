// The contract's types, for packages and integrators that type their own code against the wire.
export type { components, operations, paths, webhooks } from './generated/openapi.js';
