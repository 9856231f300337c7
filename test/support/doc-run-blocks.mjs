// Runs several documents' code blocks in ONE Node process (the docs test starts it with
// `--import @sharecode/sandbox/register`), one after the other: one process start and one sandbox
// load for all of them instead of one per block. Each block is a module of its own; before it runs,
// `__DOCTEST_BLOCK <n>` is printed on both streams, and a block that throws prints
// `__DOCTEST_FAILED <n>` with its error, so the test names the block that failed.
// Usage: node --import @sharecode/sandbox/register doc-run-blocks.mjs block-0.mjs block-1.mjs ...
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

let failed = false;
for (const [n, file] of process.argv.slice(2).entries()) {
  console.log(`__DOCTEST_BLOCK ${n}`);
  console.error(`__DOCTEST_BLOCK ${n}`);
  try {
    await import(pathToFileURL(resolve(file)).href);
  } catch (error) {
    failed = true;
    console.error(`__DOCTEST_FAILED ${n}`);
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
}
// Blocks may leave timers or sockets open (a sandbox, a client): the run ends here.
process.exit(failed || process.exitCode ? 1 : 0);
