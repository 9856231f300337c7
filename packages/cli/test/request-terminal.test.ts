// `rtw request` walked in a pseudo-terminal with the built rtw, as an HR officer runs it: the link and
// a QR code of it on screen, `status --wait` with its spinner until the applicant (played here with
// the sandbox's helper) has sent their details, Ctrl-C that stops waiting without harm, and cancel.

import { join } from 'node:path';
import type { CheckRequest } from '@sharecode/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTerminal, type TerminalRun } from './support/pty.js';
import { type RegisterEnv, registerEnv } from './support/register-env.js';
import { applicantSends, type SharedSandbox, shareSandbox } from './support/request-sandbox.js';
import { json, runMain } from './support/run-main.js';

const runs: TerminalRun[] = [];
const started = (run: TerminalRun): TerminalRun => {
  runs.push(run);
  return run;
};
let shared: SharedSandbox;
let register: RegisterEnv;

beforeAll(async () => {
  shared = await shareSandbox();
  register = await registerEnv('rtw-request-terminal-');
});
afterAll(async () => {
  for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  await shared?.close();
  await register?.cleanup();
});

const LINK = /\n {2}(http\S+\/r\/[A-Za-z0-9]{32})\n/;

describe('rtw request at a terminal', () => {
  it('shows the link, a QR code of it, the id and the expiry', async () => {
    const run = started(inTerminal(['request', 'right-to-work', '--company', 'Acme Ltd'], shared.env));
    expect(await run.exit).toBe(0);
    const screen = run.screen;
    expect(screen).toMatch(LINK);
    expect(screen).toContain('shown only this once');
    // The QR code: rows of half blocks, its quiet zone a full row of blocks.
    const qr = screen.split('\n').filter((line) => /^ {2}[\u2580\u2584\u2588 ]{25,}$/.test(line));
    expect(qr.length).toBeGreaterThanOrEqual(13);
    expect(qr[0]).toMatch(/^ {2}\u2588{25,}$/);
    expect(screen).toMatch(/Link expires: +\d{4}-\d{2}-\d{2} /);
    const id = /Follow it with: +RTW_BASE_URL=\S+ rtw request status (creq_\w+) --wait/.exec(screen)?.[1];
    expect(id).toMatch(/^creq_\w{32}$/);
  });

  it('status --wait waits with a spinner until the applicant has sent their details, then prints the result', async () => {
    const created = await runMain(
      ['request', 'right-to-work', '--company', 'Acme Ltd', '--json'],
      shared.env,
    );
    const request = json<CheckRequest>(created);
    const run = started(inTerminal(['request', 'status', request.id, '--wait', '--no-evidence'], shared.env));
    await run.waitFor(`Waiting for the applicant (${request.id})`);
    await applicantSends(shared, request, 'WACPT0001');
    await run.waitFor('ACCEPTED  Right to work', 30_000);
    expect(await run.exit).toBe(0);
    expect(run.screen).toMatch(/Check request creq_\w+ {2}submitted/);
    expect(run.screen).not.toContain('/r/');
  });

  it('Ctrl-C stops waiting, not the request: it says how to wait again (exit 130); cancel then closes it', async () => {
    const created = await runMain(
      ['request', 'right-to-rent', '--checker-name', 'Jo', '--checker-type', 'agent', '--json'],
      shared.env,
    );
    const request = json<CheckRequest>(created);
    const run = started(inTerminal(['request', 'status', request.id, '--wait'], shared.env));
    await run.waitFor(`Waiting for the applicant (${request.id})`);
    run.type('\x03');
    expect(await run.exit).toBe(130);
    expect(run.screen).toContain(
      `Interrupted. Check request ${request.id} is still open: its link works until it is used or expires. Wait again with: RTW_BASE_URL=${shared.baseUrl} rtw request status ${request.id} --wait`,
    );
    const cancel = started(inTerminal(['request', 'cancel', request.id], shared.env));
    expect(await cancel.exit).toBe(0);
    expect(cancel.screen).toMatch(/Check request creq_\w+ {2}cancelled/);
    expect(cancel.screen).toContain(`Cancelled: the link of ${request.id} no longer works.`);
  });

  it('Ctrl-C while the creating command waits to file: the command to wait again repeats every filing flag', async () => {
    const folder = join(register.root, 'HR register');
    const run = started(
      inTerminal(
        [
          'request',
          'right-to-work',
          '--company',
          'Acme Ltd',
          '--wait',
          '--register',
          folder,
          '--person',
          'EMP-0062',
          '--checked-by',
          'Jo Smith',
          '--likeness',
          'in-person',
        ],
        { ...shared.env, ...register.env },
      ),
    );
    await run.waitFor('Waiting for the applicant');
    run.type('\x03');
    expect(await run.exit).toBe(130);
    const again = /Wait again with: (.*--likeness in-person)/.exec(
      run.screen.replaceAll(/\s*\n\s*/g, ' '),
    )?.[1];
    expect(again).toMatch(
      new RegExp(
        `^RTW_BASE_URL=\\S+ rtw request status creq_\\w{32} --wait --register '${folder}' --person EMP-0062 --checked-by 'Jo Smith' --likeness in-person$`,
      ),
    );
  });
});
