// One command run to its end with its output (stdout and stderr, in order) kept for printing whole
// afterwards, so that several running side by side never interleave: for scripts/test-stages.mjs and
// scripts/build-workspaces.mjs.
import { spawn } from 'node:child_process';

/**
 * @param {string} command @param {readonly string[]} args @param {{ cwd: string }} options
 * @returns {Promise<{ ok: boolean, output: string, seconds: number }>} ok: it exited with 0
 */
export function runCollected(command, args, options) {
  const started = performance.now();
  const chunks = [];
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const end = (ok) =>
      resolve({
        ok,
        output: Buffer.concat(chunks).toString('utf8'),
        seconds: (performance.now() - started) / 1000,
      });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${command}: ${error.message}\n`));
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
}
