// Imported at build time (the bundler inlines it) so the sandbox serves the contract in browsers too.
import contract from '../../../openapi.json' with { type: 'json' };

/** The contract document served at `GET /openapi.json`. */
export const OPENAPI_DOCUMENT: Readonly<Record<string, unknown>> = contract;
