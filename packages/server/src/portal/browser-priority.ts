import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness the browser's processes run at (issue 34). Chromium's renderers do most of a check's
 * work; on cores they keep busy, Node's event loop (admission, every refusal, the API, the queue and
 * the webhooks) would wait its turn behind a hundred of them. Lower, the browser still gets every
 * cycle nothing else wants: it only stops delaying the service's own answers.
 */
export const BROWSER_NICENESS = 10;

/**
 * Lowers the priority of the browser process `pid`, every thread of it and of its descendants as they
 * are now (the zygotes included, so that every renderer forked later inherits it). Linux only; what
 * cannot be changed is left as it is. Answers how many threads were lowered.
 */
export function lowerBrowserPriority(pid: number, niceness = BROWSER_NICENESS): number {
  if (process.platform !== 'linux') return 0;
  let lowered = 0;
  const queue = [pid];
  const seen = new Set<number>();
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (seen.has(next)) continue;
    seen.add(next);
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${next}/task`);
    } catch {
      continue; // Gone already.
    }
    for (const tid of threads) {
      try {
        setPriority(Number(tid), niceness);
        lowered += 1;
      } catch {
        // Ended meanwhile, or not ours to change.
      }
      try {
        const children = readFileSync(`/proc/${next}/task/${tid}/children`, 'latin1').trim();
        if (children) queue.push(...children.split(/\s+/).map(Number));
      } catch {
        // Ended meanwhile.
      }
    }
  }
  return lowered;
}
