// Entry for Bun and Deno (and Node): runs the portable SDK suite and prints one JSON line of results.
import { runSdkSuite } from './sdk-portable.mjs';

const env = globalThis.Deno ? globalThis.Deno.env.toObject() : globalThis.process.env;
const results = await runSdkSuite({ baseUrl: env.SHARECODE_RUNTIME_BASE_URL });
console.log(JSON.stringify({ results }));
