// Expected failures are values, never throws: the server uses core's one shape for them.
export type { Outcome as Result } from '@sharecode/core';
export { fail, ok } from '@sharecode/core';
