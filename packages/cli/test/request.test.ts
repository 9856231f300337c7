// `rtw request`: check requests through main(argv, io), in this process. The creating command and
// `--wait` run against the in-process `--sandbox` (its applicant played with --applicant-share-code);
// status, list and cancel across commands against one sandbox served from this process, whose
// applicant the test plays with the sandbox's own helper.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CHECK_KINDS, type CheckKind } from '@sharecode/core';
import { sandboxShareCode } from '@sharecode/core/sandbox';
import type { CheckRequest, CheckRequestPage } from '@sharecode/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnv } from './support/register-env.js';
import { applicantSends, type SharedSandbox, shareSandbox } from './support/request-sandbox.js';
import { json, runMain } from './support/run-main.js';
import { KIND_FLAGS, KIND_NAME } from './support/scenarios.js';

let shared: SharedSandbox;
let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  shared = await shareSandbox();
  ({ root, env, cleanup } = await registerEnv('rtw-request-', { checkedBy: 'Jo Smith' }));
});
afterAll(async () => {
  await shared?.close();
  await cleanup?.();
});

const create = (kind: CheckKind, extra: string[] = []): string[] => [
  'request',
  KIND_NAME[kind],
  ...KIND_FLAGS[kind],
  ...extra,
];

/** A request made on the shared sandbox; its link (shown once) and id. */
async function made(kind: CheckKind = 'right_to_work', extra: string[] = []): Promise<CheckRequest> {
  const run = await runMain([...create(kind, extra), '--json'], shared.env);
  expect(run.code, run.stderr).toBe(0);
  return json<CheckRequest>(run);
}

describe('rtw request <kind>', () => {
  it('prints the link once, plainly, with the id, the expiry and how to send it (no QR code when piped)', async () => {
    const run = await runMain([...create('right_to_work'), '--sandbox', '--email', 'sam@example.com'], {});
    expect(run.code, run.stderr).toBe(0);
    const link = /^ {2}(\S+\/r\/[A-Za-z0-9]{32})$/m.exec(run.stdout)?.[1];
    expect(link).toBeDefined();
    expect(run.stdout).toMatch(
      /^Check request creq_[A-Za-z0-9]{32} \(right to work, test mode\) for Acme Ltd$/m,
    );
    expect(run.stdout).toContain('shown only this once');
    // The sandbox sends no mail: applicant_email_status is not_sent, and the CLI says so.
    expect(run.stdout).toContain(
      'This service has no mail settings, so the link was not e-mailed to sam@example.com: send it yourself.',
    );
    expect(run.stdout).toMatch(/^Link expires: +\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (GMT|BST)$/m);
    expect(run.stdout).toMatch(/^Follow it with: +rtw request status creq_\w+ --wait$/m);
    expect(run.stdout).not.toMatch(/[\u2580\u2584\u2588]/);
    // The in-process sandbox ends with the command: it says so, and how to play the applicant.
    expect(run.stderr).toContain('--applicant-share-code');
  });

  it('--json prints the API record, url included, and only it', async () => {
    const request = await made('right_to_rent', ['--reference', 'tenancy-1043', '--expires-in-days', '7']);
    expect(request).toMatchObject({
      kind: 'right_to_rent',
      status: 'waiting',
      mode: 'test',
      checker_name: 'Jo Smith',
      checker_type: 'landlord',
      client_reference: 'tenancy-1043',
      failed_attempts: 0,
      check: null,
    });
    expect(request.url).toMatch(/\/r\/[A-Za-z0-9]{32}$/);
    const days = (Date.parse(request.expires_at) - Date.parse(request.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  it('names every problem at once under its flag, and sends nothing', async () => {
    const run = await runMain(
      [
        'request',
        'immigration-status',
        '--job-title',
        'HR',
        '--purpose',
        'fun',
        '--email',
        'nope',
        '--sandbox',
      ],
      {},
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'Error INVALID_INPUT: 3 things to put right before the request can be made:',
    );
    expect(run.stderr).toContain('- --company is missing');
    expect(run.stderr).toMatch(/- --purpose /);
    expect(run.stderr).toMatch(/- --email must be one e-mail address/);
  });

  it('refuses --register without --wait, and the sandbox applicant without --sandbox, before sending', async () => {
    const register = await runMain(
      [...create('right_to_work'), '--sandbox', '--register', join(root, 'no')],
      env,
    );
    expect(register.code).toBe(2);
    expect(register.stderr).toContain(
      'add --wait, or leave --register out and file it later with rtw request status',
    );
    const applicant = await runMain(
      [...create('right_to_work'), '--applicant-share-code', 'WACPT0001'],
      shared.env,
    );
    expect(applicant.code).toBe(2);
    expect(applicant.stderr).toContain('a real applicant types their own share code');
  });

  it.each(CHECK_KINDS.map((kind) => [KIND_NAME[kind], kind] as const))(
    '%s --sandbox --wait: the applicant sends a test code; the result is printed as rtw check prints it',
    async (_name, kind) => {
      const code = sandboxShareCode(kind, 'ACPT0001');
      const run = await runMain(
        [...create(kind), '--sandbox', '--wait', '--applicant-share-code', code, '--no-evidence'],
        {},
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Check request creq_\w+ {2}submitted {2}/m);
      expect(run.stdout).toMatch(/^ACCEPTED {2}(Right to work|Right to rent|Immigration status)$/m);
      expect(run.stdout).not.toMatch(/Link for the applicant[\s\S]*Link for the applicant/);
    },
  );

  it('a failed attempt leaves the link open; three lock it (exit 12)', async () => {
    const open = await runMain(
      [
        ...create('right_to_work'),
        '--sandbox',
        '--wait',
        '--json',
        '--applicant-share-code',
        'WNFND0001',
        '--applicant-share-code',
        'WACPT0001',
        '--no-evidence',
      ],
      {},
    );
    expect(open.code, open.stderr).toBe(0);
    const submitted = json<CheckRequest>(open);
    expect(submitted).toMatchObject({ status: 'submitted', failed_attempts: 1 });
    // --json --wait: stdout holds only the ended record, carrying the link made (stderr may be lost).
    expect(submitted.url).toMatch(/\/r\/\w{32}$/);
    expect(open.stderr).toContain(submitted.url);
    expect(open.stderr).toMatch(/link for the applicant \(shown only this once\): \S+\/r\/\w{32}/);

    const locked = await runMain(
      [
        ...create('right_to_work'),
        '--sandbox',
        '--wait',
        ...['WNFND0001', 'WNFND0001', 'WNFND0001'].flatMap((c) => ['--applicant-share-code', c]),
      ],
      {},
    );
    expect(locked.code).toBe(12);
    expect(locked.stdout).toMatch(/locked/);
    expect(locked.stdout).toContain(
      '3 failed attempts locked the link (the last: the share code was not found); no check succeeded',
    );
    expect(locked.stderr).toContain('Error CHECK_REQUEST_ENDED');
  });
});

describe('rtw request <kind> against a served service', () => {
  it('warns under a link applicants elsewhere cannot open; says how to follow it there, and what to do if the link is lost', async () => {
    const run = await runMain(create('right_to_work'), shared.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('the applicant cannot open it from elsewhere');
    expect(run.stderr).toContain('RTW_PUBLIC_URL');
    const id = /^Check request (creq_\w+)/m.exec(run.stdout)?.[1] ?? '';
    expect(run.stdout).toContain(
      `Follow it with:   RTW_BASE_URL=${shared.baseUrl} rtw request status ${id} --wait`,
    );
    expect(run.stdout).toContain(
      `Lost the link?    It cannot be shown again: cancel this request (rtw request cancel ${id})`,
    );
    const json = await runMain([...create('right_to_work'), '--json'], shared.env);
    expect(json.stderr).toContain('the applicant cannot open it from elsewhere');
  });

  it('refuses a second open request for the same --reference (exit 2), unless --another', async () => {
    const first = await made('right_to_work', ['--reference', 'EMP-0060']);
    const again = await runMain(create('right_to_work', ['--reference', 'EMP-0060']), shared.env);
    expect(again.code).toBe(2);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain(
      `Error CHECK_REQUEST_OPEN: Check request ${first.id} for this --reference is still open (made `,
    );
    expect(again.stderr).toContain(`cancel it first (rtw request cancel ${first.id}), then run this again`);
    expect(again.stderr).toContain('add --another');
    const waiting = json<CheckRequestPage>(
      await runMain(['request', 'list', '--status', 'waiting', '--json'], shared.env),
    );
    expect(waiting.data.filter((request) => request.client_reference === 'EMP-0060')).toHaveLength(1);

    const another = await runMain(
      create('right_to_work', ['--reference', 'EMP-0060', '--another']),
      shared.env,
    );
    expect(another.code, another.stderr).toBe(0);
    await runMain(['request', 'cancel', first.id], shared.env);
    const second = json<CheckRequestPage>(
      await runMain(['request', 'list', '--status', 'waiting', '--json'], shared.env),
    );
    for (const request of second.data.filter((r) => r.client_reference === 'EMP-0060'))
      await runMain(['request', 'cancel', request.id], shared.env);
    const afterCancel = await runMain(
      create('right_to_work', ['--reference', 'EMP-0060', '--json']),
      shared.env,
    );
    expect(afterCancel.code, afterCancel.stderr).toBe(0);
  });

  it('--wait --json that times out: the error document carries the link; the hint repeats every filing flag', async () => {
    const run = await runMain(
      [
        ...create('right_to_work'),
        '--wait',
        '--json',
        '--timeout',
        '0.3',
        '--register',
        join(root, 'timeout register'),
        '--person',
        'EMP-0061',
        '--checked-by',
        'Jo Smith',
        '--likeness',
        'video',
      ],
      { ...shared.env, ...env },
    );
    expect(run.code).toBe(7);
    const body = json<{ error: { code: string }; check_request: { id: string; url: string } }>(run);
    expect(body.error.code).toBe('STILL_RUNNING');
    expect(body.check_request.id).toMatch(/^creq_\w{32}$/);
    expect(body.check_request.url).toMatch(/\/r\/\w{32}$/);
    expect(run.stderr).toContain(
      `RTW_BASE_URL=${shared.baseUrl} rtw request status ${body.check_request.id} --wait --register '${join(root, 'timeout register')}' --person EMP-0061 --checked-by 'Jo Smith' --likeness video`,
    );
  });
});

describe('help', () => {
  it('rtw --help says how to pick up a request --wait gave up on; rtw request --help, what to do if the link is lost', async () => {
    const top = await runMain(['--help'], {});
    expect(top.stdout).toContain('rtw poll <id> --wait, or rtw request status <id> --wait');
    const request = await runMain(['request', '--help'], {});
    expect(request.stdout).toContain('Lost the link? It cannot be shown again: cancel the request');
    const kind = await runMain(['request', 'right-to-work', '--help'], {});
    expect(kind.stdout).toContain('--another');
  });
});

describe('rtw request status, list and cancel across commands', () => {
  it('status shows a waiting request without its link, then the result once the applicant has sent it', async () => {
    const request = await made();
    const waiting = await runMain(['request', 'status', request.id], shared.env);
    expect(waiting.code).toBe(0);
    expect(waiting.stdout).toContain('the applicant has not sent their details yet');
    expect(waiting.stdout).not.toContain('/r/');
    await applicantSends(shared, request, 'WNFND0001');
    const failed = await runMain(['request', 'status', request.id], shared.env);
    expect(failed.stdout).toContain('1 failed attempt');
    expect(failed.stdout).toContain('2 left before the link locks');
    await applicantSends(shared, request, 'WACPT0001');
    const done = await runMain(
      ['request', 'status', request.id, '--wait', '--out', join(root, 'evidence')],
      shared.env,
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/submitted/);
    expect(done.stdout).toMatch(/^ACCEPTED {2}Right to work$/m);
    expect(done.stdout).toMatch(/^Photo saved: +\S+\.jpg$/m);
    expect((await readdir(join(root, 'evidence'))).sort()).toEqual([
      'WE-K7Q2M9A-TP.jpg',
      'WE-K7Q2M9A-TP.pdf',
    ]);
  });

  it('status --wait --register --person files the result as rtw check --register does, once', async () => {
    const register = join(root, 'register');
    const request = await made();
    const waiting = runMain(
      ['request', 'status', request.id, '--wait', '--register', register, '--person', 'EMP-0042'],
      { ...shared.env, ...env },
    );
    await applicantSends(shared, request, 'WACPT0001');
    const run = await waiting;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Register: +filed as receipt 1 under WE-K7Q2M9A-TP/);
    const shown = await runMain(['register', 'show', 'EMP-0042', '--register', register], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('WE-K7Q2M9A-TP');
    const again = await runMain(
      ['request', 'status', request.id, '--register', register, '--person', 'EMP-0042'],
      { ...shared.env, ...env },
    );
    expect(again.stdout).toMatch(/Register: +already filed/);
  });

  it('list shows a table, filters by status, and pages', async () => {
    const first = await made();
    const second = await made();
    await runMain(['request', 'cancel', first.id], shared.env);
    const all = await runMain(['request', 'list'], shared.env);
    expect(all.code).toBe(0);
    expect(all.stdout.split('\n')[0]).toMatch(/^ID +STATUS +KIND +ATTEMPTS +CREATED +REFERENCE$/);
    expect(all.stdout).toMatch(new RegExp(`^${second.id} +waiting +right-to-work +0/3 failed `, 'm'));
    expect(all.stdout).toMatch(new RegExp(`^${first.id} +cancelled +right-to-work`, 'm'));
    const cancelled = await runMain(['request', 'list', '--status', 'cancelled', '--json'], shared.env);
    const page = json<CheckRequestPage>(cancelled);
    expect(page.data.every((request) => request.status === 'cancelled')).toBe(true);
    expect(page.data.map((request) => request.id)).toContain(first.id);
    const one = await runMain(['request', 'list', '--limit', '1'], shared.env);
    expect(one.stdout.trim().split('\n')).toHaveLength(2);
    const more = /more with: (rtw request list --limit 1 --cursor \S+)/.exec(one.stderr)?.[1];
    expect(more).toBeDefined();
    const next = await runMain((more ?? '').split(' ').slice(1), shared.env);
    expect(next.code).toBe(0);
    expect(next.stdout.split('\n')[1]).not.toBe(one.stdout.split('\n')[1]);
  });

  it('status shows what became of the e-mail', async () => {
    const request = await made('right_to_work', ['--email', 'sam@example.com']);
    expect(request.applicant_email_status).toBe('not_sent');
    const status = await runMain(['request', 'status', request.id], shared.env);
    expect(status.stdout).toContain(
      'Applicant e-mail: sam@example.com (not e-mailed, as the service has no mail settings: send the link yourself)',
    );
  });

  it('cancel closes a waiting link (again: the same); a submitted one is CHECK_REQUEST_CLOSED, exit 12', async () => {
    const request = await made();
    const cancel = await runMain(['request', 'cancel', request.id], shared.env);
    expect(cancel.code).toBe(0);
    expect(cancel.stdout).toMatch(/cancelled/);
    expect(cancel.stderr).toContain('no longer works');
    expect((await runMain(['request', 'cancel', request.id], shared.env)).code).toBe(0);
    const status = await runMain(['request', 'status', request.id], shared.env);
    expect(status.code).toBe(12);

    const used = await made();
    await applicantSends(shared, used, 'WACPT0001');
    await runMain(['request', 'status', used.id, '--wait'], shared.env);
    const closed = await runMain(['request', 'cancel', used.id], shared.env);
    expect(closed.code).toBe(12);
    expect(closed.stderr).toContain('Error CHECK_REQUEST_CLOSED');
    expect(closed.stderr).toContain(`See how it ended with: rtw request status ${used.id}`);
  });

  it('an unknown id is CHECK_REQUEST_NOT_FOUND (exit 4), saying what to do', async () => {
    const run = await runMain(['request', 'status', `creq_${'0'.repeat(32)}`, '--json'], shared.env);
    expect(run.code).toBe(4);
    expect(json<{ error: { code: string } }>(run).error.code).toBe('CHECK_REQUEST_NOT_FOUND');
    expect(run.stderr).toContain('What to do: check the id and the key.');
    expect(run.stderr).toContain('rtw request list');
    const sandbox = await runMain(['request', 'cancel', `creq_${'0'.repeat(32)}`, '--sandbox'], {});
    expect(sandbox.code).toBe(4);
    expect(sandbox.stderr).toContain('The --sandbox forgets its requests when a command ends');
  });

  it('--wait gives up after --timeout with exit 7, the link still open', async () => {
    const request = await made();
    const run = await runMain(['request', 'status', request.id, '--wait', '--timeout', '0.3'], shared.env);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`rtw request status ${request.id} --wait`);
  });
});

describe('rtw request --register at a terminal', () => {
  it('files the result, then asks how the photo was compared, as rtw check does', async () => {
    const register = join(root, 'terminal');
    const run = await runMain(
      [
        ...create('right_to_work'),
        '--sandbox',
        '--wait',
        '--applicant-share-code',
        'WACPT0001',
        '--register',
        register,
        '--person',
        'EMP-7',
      ],
      env,
      undefined,
      ['video'],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.asked).toEqual(['How did you see them? in-person, video, or Enter for later: ']);
    expect(run.stdout).toMatch(/Register: +filed as receipt 1 under WE-K7Q2M9A-TP/);
    expect(run.stdout).toContain('Likeness:         video by Jo Smith');
  });
});
