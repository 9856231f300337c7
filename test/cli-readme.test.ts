// The CLI's README, packages/cli/README.md (this file covers that README only): every transcript in
// it (`$ rtw ...`, what it printed, `[exit N]`) is run as written, in order, in one shell in an empty
// folder, against the built rtw (packaging project: it needs `npm run build`) and its sandbox, and
// must print what the README shows (ids, times and dates aside).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  normalised,
  shellExamples,
  type TranscriptStep,
  transcriptSteps,
} from './support/readme-transcript.js';

const README = new URL('../packages/cli/README.md', import.meta.url);
const RTW_BIN = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
// The README starts `rtw sandbox serve` on this port; the test gives it a free one instead.
const README_PORT = '8181';

let dir: string;
let steps: TranscriptStep[];
let outputs: Array<{ printed: string; exit: number | undefined }>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One bash script running every step in order, each framed by markers, its output merged. */
function script(all: readonly TranscriptStep[], port: string): string {
  const lines = ['set +e'];
  for (const [index, step] of all.entries()) {
    const command = step.command.replaceAll(README_PORT, port);
    lines.push(`printf '\\n@@step ${index}\\n'`);
    if (command.endsWith('&')) {
      // A server left running: its first lines, once it has printed them.
      lines.push(`${command.slice(0, -1)} > serve-${index}.log 2>&1 &`);
      lines.push(
        `for _ in $(seq 100); do grep -q 'Webhooks are' serve-${index}.log && break; sleep 0.1; done`,
      );
      lines.push(`cat serve-${index}.log`);
    } else {
      lines.push(`{ ${command}; } 2>&1`);
      lines.push(`printf '\\n@@exit %s\\n' "$?"`);
    }
  }
  lines.push(`printf '\\n@@end\\n'`, 'kill $(jobs -p) 2>/dev/null; wait', 'exit 0');
  return lines.join('\n');
}

beforeAll(async () => {
  if (!existsSync(RTW_BIN)) throw new Error(`${RTW_BIN} is missing: run npm run build first.`);
  steps = transcriptSteps(await readFile(README, 'utf8'));
  dir = await mkdtemp(join(tmpdir(), 'rtw-cli-readme-'));
  const bin = join(dir, '.bin');
  await mkdir(bin);
  await writeFile(join(bin, 'rtw'), `#!/bin/sh\nexec "${process.execPath}" "${RTW_BIN}" "$@"\n`);
  await chmod(join(bin, 'rtw'), 0o755);
  const work = join(dir, 'work');
  await mkdir(work);
  // A file the README shows with `cat` before using it is the user's own input: written as shown.
  for (const step of steps) {
    const file = /^cat ([\w.-]+)$/.exec(step.command)?.[1];
    if (file !== undefined) await writeFile(join(work, file), `${step.expected.join('\n')}\n`);
  }
  const port = String(await freePort());
  const text = await new Promise<string>((resolve, reject) => {
    execFile(
      'bash',
      ['-c', script(steps, port)],
      {
        cwd: work,
        // RTW_SANDBOX_FAST: the sandbox's retry waits in milliseconds; what is printed is the same.
        env: {
          PATH: `${bin}:${process.env.PATH ?? ''}`,
          HOME: dir,
          LANG: 'C.UTF-8',
          TERM: 'dumb',
          RTW_SANDBOX_FAST: '1',
        },
        maxBuffer: 16 * 1024 * 1024,
        timeout: 240_000,
      },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
  outputs = steps.map((_, index) => {
    const start = text.indexOf(`\n@@step ${index}\n`);
    const after = text.slice(start + `\n@@step ${index}\n`.length);
    const end = after.search(/\n@@(step \d+|end)\n/);
    const body = end < 0 ? after : after.slice(0, end);
    const exit = /\n@@exit (\d+)\n?$/.exec(body);
    const printed = exit ? body.slice(0, exit.index) : body;
    return { printed: printed.replace(/\n+$/, ''), exit: exit ? Number(exit[1]) : undefined };
  });
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('packages/cli/README.md transcripts', () => {
  it('has transcripts to run', () => {
    expect(steps.length).toBeGreaterThan(15);
  });

  it('every command prints what the README shows, and exits as it says', () => {
    const mismatches: string[] = [];
    for (const [index, step] of steps.entries()) {
      const { printed, exit } = outputs[index] ?? { printed: '', exit: undefined };
      const want = normalised(step.expected.join('\n').replaceAll(README_PORT, '<port>'));
      const got = normalised(printed);
      if (got !== want || exit !== step.exit) {
        mismatches.push(
          `README line ${step.readmeLine}: $ ${step.command}\n--- README (exit ${step.exit}):\n${want}\n--- printed (exit ${exit}):\n${got}`,
        );
      }
    }
    expect(mismatches.join('\n\n')).toBe('');
  });
});

describe('packages/cli/README.md examples shown without output', () => {
  it('name commands and flags that rtw has (its --help lists them)', async () => {
    const examples = shellExamples(await readFile(README, 'utf8'));
    expect(examples.length).toBeGreaterThan(10);
    const helps = new Map<string, string>();
    const unknown: string[] = [];
    for (const example of examples) {
      const words = example.split(/\s+/).slice(1);
      // The command is the words before the first flag that name subcommands: `register set`.
      const command: string[] = [];
      for (const word of words) {
        if (word.startsWith('-') || command.length === 2 || !/^[a-z-]+$/.test(word)) break;
        command.push(word);
      }
      if (command[0] === 'check') command.splice(1);
      const key = command.join(' ');
      if (!helps.has(key)) helps.set(key, await help(command));
      for (const flag of example.match(/(?<=\s)--[a-z-]+/g) ?? []) {
        if (!helps.get(key)?.includes(flag)) unknown.push(`${flag} in: ${example}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

function help(command: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [RTW_BIN, ...command, '--help'], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

/** Runs `command` with `sh -c` (as cron does) in exactly `env`: its exit code. */
function shell(command: string, env: Record<string, string>, cwd: string): Promise<number> {
  return new Promise((resolve) => {
    execFile('/bin/sh', ['-c', command], { env, cwd }, (error) =>
      resolve(error === null ? 0 : Number((error as { code?: unknown }).code ?? 1)),
    );
  });
}

describe('packages/cli/README.md crontab', () => {
  it('the Monday job mails what rtw followups printed, for the register the crontab names', async () => {
    const readme = await readFile(README, 'utf8');
    const block = /```crontab\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const lines = block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    const vars = Object.fromEntries(
      lines.flatMap((line) => {
        const match = /^([A-Z_]+)=(.*)$/.exec(line);
        return match ? [[match[1] as string, match[2] as string]] : [];
      }),
    );
    const job = lines.map((line) => /^(?:\S+\s+){5}(.+)$/.exec(line)).find((match) => match !== null);
    const command = job?.[1] ?? '';
    expect(command).toContain('rtw followups');
    // Cron reads % as a line break; the register is named in the crontab, where cron's bare
    // environment has it.
    expect(command).not.toContain('%');
    expect(vars.RTW_REGISTER).toBeDefined();
    expect(vars.PATH).toBeDefined();

    const work = await mkdtemp(join(tmpdir(), 'rtw-cron-'));
    try {
      const home = join(work, 'home');
      const shims = join(work, 'bin');
      await mkdir(home);
      await mkdir(shims);
      const mailLog = join(work, 'mail');
      await writeFile(join(shims, 'rtw'), `#!/bin/sh\nexec "${process.execPath}" "${RTW_BIN}" "$@"\n`);
      await writeFile(
        join(shims, 'mail'),
        `#!/bin/sh\necho "$*" > "${mailLog}.args"\ncat > "${mailLog}.body"\n`,
      );
      await chmod(join(shims, 'rtw'), 0o755);
      await chmod(join(shims, 'mail'), 0o755);
      // Where the README says /srv/hr/register: a folder of this test's.
      const register = join(work, 'register');
      const cron = { ...vars, HOME: home, RTW_REGISTER: register, PATH: `${shims}:${vars.PATH}` };
      const filed = await shell(
        'rtw check right-to-work --sandbox --share-code WACPT0001 --dob 01/01/1990 --company Acme --register',
        cron,
        work,
      );
      expect(filed).toBe(0);
      // A receipt edited: followups exits 9 and prints the problem, which must reach the mail.
      const receipt = join(register, 'receipts', '000001.json');
      await writeFile(receipt, (await readFile(receipt, 'utf8')).replace('ACCEPTED', 'REJECTED'));
      expect(await shell(command, cron, work)).toBe(0);
      expect((await readFile(`${mailLog}.args`, 'utf8')).trim()).toBe(
        '-s Right to work follow-ups hr@example.com',
      );
      expect(await readFile(`${mailLog}.body`, 'utf8')).toContain('receipts/000001.json');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);
});
