import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lowerBrowserPriority } from './browser-priority.js';

/** A process's niceness: field 19 of /proc/<pid>/stat. */
const niceness = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

describe.skipIf(process.platform !== 'linux')('lowerBrowserPriority', () => {
  it('lowers a process and its children, and the children they start later inherit it', async () => {
    // A parent with a child now, which starts another child once told (as a zygote forks renderers).
    const parent = spawn('sh', ['-c', 'sleep 30 & read go; sleep 31 & echo $!; wait'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    try {
      const pid = parent.pid as number;
      await expect
        .poll(() => readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim())
        .not.toBe('');
      const child = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim());
      expect(lowerBrowserPriority(pid, 7)).toBeGreaterThanOrEqual(2);
      expect(niceness(pid)).toBe(7);
      expect(niceness(child)).toBe(7);
      const later = new Promise<number>((resolve) =>
        parent.stdout?.once('data', (d) => resolve(Number(String(d)))),
      );
      parent.stdin?.write('go\n');
      expect(niceness(await later)).toBe(7);
      // A process that has gone is no error.
      expect(lowerBrowserPriority(2 ** 22 + 1)).toBe(0);
    } finally {
      parent.kill('SIGKILL');
      spawn('pkill', ['-KILL', '-P', String(parent.pid)]);
    }
  });
});
