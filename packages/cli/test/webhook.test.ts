import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, SANDBOX_WEBHOOK_SECRET, type WebhookRequest } from '@sharecode/sandbox';
import { signWebhook } from '@sharecode/sdk/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, rtw, stdoutJson } from './support/run-rtw.js';
import { DOB } from './support/scenarios.js';

let root: string;
let received: WebhookRequest;
let bodyFile: string;
let headersJson: string;

beforeAll(async () => {
  requireBuilt();
  root = await mkdtemp(join(tmpdir(), 'rtw-webhook-'));
  // A webhook the sandbox itself signed: its dashboard-style test event, captured as a receiver gets it.
  const sandbox = createSandbox();
  const captured: WebhookRequest[] = [];
  sandbox.onWebhook((request) => {
    captured.push(request);
  });
  await sandbox.sendTestEvent('https://receiver.example.com/hooks');
  const first = captured[0];
  if (!first) throw new Error('the sandbox sent no test event');
  received = first;
  bodyFile = join(root, 'body.json');
  headersJson = join(root, 'headers.json');
  await writeFile(bodyFile, received.body);
  await writeFile(headersJson, JSON.stringify(received.headers));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.concurrent('rtw verify-webhook', () => {
  it('accepts a webhook signed by the sandbox (headers from a JSON file)', async () => {
    const run = await rtw(['verify-webhook', '--sandbox', '--body', bodyFile, '--headers', headersJson]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^Valid webhook ${received.headers['webhook-id']}: check.test, sent \\d+ s ago`),
    );
    expect(run.stdout).toContain('ACCEPTED  Right to work');
  });

  it('prints exactly the event with --json; the body may come on stdin and the headers as flags', async () => {
    const run = await rtw(
      [
        'verify-webhook',
        '--json',
        '--id',
        received.headers['webhook-id'],
        '--timestamp',
        received.headers['webhook-timestamp'],
        '--signature',
        received.headers['webhook-signature'],
      ],
      { input: received.body, env: { RTW_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET } },
    );
    expect(run.code).toBe(0);
    expect(stdoutJson(run)).toEqual(JSON.parse(received.body));
  });

  it('reads raw "Name: value" headers, as an HTTP dump shows them', async () => {
    const dump = join(root, 'dump.txt');
    const lines = Object.entries(received.headers).map(([name, value]) => `${name.toUpperCase()}: ${value}`);
    await writeFile(dump, `POST /hooks HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${received.body}`);
    const run = await rtw(['verify-webhook', '--sandbox', '--body', bodyFile, '--headers', dump, '--quiet']);
    expect(run.code).toBe(0);
  });

  it('refuses a tampered body: exit 6 and why', async () => {
    const tampered = join(root, 'tampered.json');
    await writeFile(tampered, received.body.replace('ACCEPTED', 'REJECTED'));
    const run = await rtw([
      'verify-webhook',
      '--sandbox',
      '--body',
      tampered,
      '--headers',
      headersJson,
      '--json',
    ]);
    expect(run.code).toBe(6);
    expect(stdoutJson(run)).toEqual({
      error: {
        code: 'WEBHOOK_REFUSED',
        reason: 'bad_signature',
        message: expect.stringContaining('Refused (bad_signature)'),
      },
    });
    expect(run.stderr).toContain('raw');
  });

  it('refuses a body that was re-serialised (pretty-printed) after parsing', async () => {
    const reformatted = join(root, 'pretty.json');
    await writeFile(reformatted, JSON.stringify(JSON.parse(received.body), null, 2));
    const run = await rtw(['verify-webhook', '--sandbox', '--body', reformatted, '--headers', headersJson]);
    expect(run.code).toBe(6);
  });

  it('refuses the wrong secret, and never prints the secret given', async () => {
    const other = `whsec_${Buffer.from('another-sandbox-secret-32-bytes!').toString('base64')}`;
    const run = await rtw([
      'verify-webhook',
      '--secret',
      other,
      '--body',
      bodyFile,
      '--headers',
      headersJson,
    ]);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('Warning: --secret leaves the secret in your shell history');
    expect(run.stderr).not.toContain(other.slice(6));
  });

  it('--sandbox picks the sandbox secret over RTW_WEBHOOK_SECRET (a flag beats the environment)', async () => {
    const other = `whsec_${Buffer.from('another-sandbox-secret-32-bytes!').toString('base64')}`;
    const run = await rtw(
      ['verify-webhook', '--sandbox', '--body', bodyFile, '--headers', headersJson, '--quiet'],
      {
        env: { RTW_WEBHOOK_SECRET: other },
      },
    );
    expect(run.code).toBe(0);
  });

  it('refuses an old timestamp, unless --tolerance allows it', async () => {
    const signed = signWebhook(received.body, SANDBOX_WEBHOOK_SECRET, {
      timestamp: Math.floor(Date.now() / 1000) - 3_600,
    });
    const headers = join(root, 'old.json');
    await writeFile(headers, JSON.stringify(signed.headers));
    const old = await rtw(['verify-webhook', '--sandbox', '--body', bodyFile, '--headers', headers]);
    expect(old.code).toBe(6);
    expect(old.stderr).toContain('timestamp_too_old');
    const allowed = await rtw([
      'verify-webhook',
      '--sandbox',
      '--body',
      bodyFile,
      '--headers',
      headers,
      '--tolerance',
      '7200',
    ]);
    expect(allowed.code).toBe(0);
  });

  it('refuses missing headers, naming them', async () => {
    const run = await rtw(['verify-webhook', '--sandbox', '--body', bodyFile, '--id', 'evt_1']);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('webhook-timestamp, webhook-signature');
  });

  it('says what to do without a secret, or with a malformed one (exit 2)', async () => {
    const none = await rtw(['verify-webhook', '--body', bodyFile, '--headers', headersJson]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('RTW_WEBHOOK_SECRET');
    const bad = await rtw(['verify-webhook', '--body', bodyFile, '--headers', headersJson], {
      env: { RTW_WEBHOOK_SECRET: 'whsec_not base64!' },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('(from RTW_WEBHOOK_SECRET)');
  });

  it('says what to do with an unreadable headers file or body file (exit 2)', async () => {
    const junk = join(root, 'junk.txt');
    await writeFile(junk, 'this is not a header\n');
    const badHeaders = await rtw(['verify-webhook', '--sandbox', '--body', bodyFile, '--headers', junk]);
    expect(badHeaders.code).toBe(2);
    expect(badHeaders.stderr).toContain('line 1 is not "Name: value"');
    const noBody = await rtw([
      'verify-webhook',
      '--sandbox',
      '--body',
      join(root, 'missing.json'),
      '--headers',
      headersJson,
    ]);
    expect(noBody.code).toBe(2);
    expect(noBody.stderr).toContain('there is no such file');
  });
});

describe.concurrent('webhooks end to end', () => {
  it('async --sandbox --wait --save-webhook keeps the signed webhook, which verify-webhook accepts', async () => {
    const dir = await mkdtemp(join(root, 'saved-'));
    const run = await rtw(
      [
        'async',
        'right-to-work',
        '--sandbox',
        '--wait',
        '--share-code',
        'WNFND0001',
        '--dob',
        DOB,
        '--company',
        'Acme Ltd',
        '--callback-url',
        'https://receiver.example.com/hooks?ours=7',
        '--save-webhook',
        dir,
      ],
      { env: { RTW_SANDBOX_FAST: '1' } },
    );
    expect(run.code).toBe(4);
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    const [headers, body] = files.map((file) => join(dir, file));
    const verified = await rtw([
      'verify-webhook',
      '--sandbox',
      '--body',
      body ?? '',
      '--headers',
      headers ?? '',
      '--json',
    ]);
    expect(verified.code).toBe(0);
    expect(stdoutJson(verified)).toMatchObject({
      type: 'check.failed',
      data: { error: { code: 'NOT_FOUND' } },
    });
  });

  it('sign-webhook signs as the service does; verify-webhook accepts the result', async () => {
    const fixed = await rtw([
      'sign-webhook',
      '--sandbox',
      '--body',
      bodyFile,
      '--id',
      'evt_fixed',
      '--timestamp',
      '1767225600',
      '--json',
    ]);
    expect(fixed.code).toBe(0);
    const expected = signWebhook(received.body, SANDBOX_WEBHOOK_SECRET, {
      id: 'evt_fixed',
      timestamp: 1767225600,
    });
    expect(stdoutJson(fixed)).toEqual(expected.headers);

    const lines = await rtw(['sign-webhook', '--body', bodyFile], {
      env: { RTW_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET },
    });
    expect(lines.code).toBe(0);
    expect(lines.stdout).toMatch(
      /^content-type: application\/json\nwebhook-id: evt_\w+\nwebhook-timestamp: \d+\nwebhook-signature: v1,\S+\n$/,
    );
    const headers = join(root, 'signed.headers');
    await writeFile(headers, lines.stdout);
    const verified = await rtw(['verify-webhook', '--sandbox', '--body', bodyFile, '--headers', headers]);
    expect(verified.code).toBe(0);
    expect(await readFile(headers, 'utf8')).not.toContain(SANDBOX_WEBHOOK_SECRET);
  });

  it('sign-webhook refuses a bad --timestamp (exit 2)', async () => {
    const run = await rtw(['sign-webhook', '--sandbox', '--body', bodyFile, '--timestamp', '1767225600000x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unix time in seconds');
  });
});

describe.concurrent('rtw verify-webhook with a partial event', () => {
  it.each([
    ['no data at all', { type: 'check.succeeded' }],
    [
      'a failed record without its error',
      { type: 'check.failed', created_at: '2026-11-23T10:00:00Z', data: { id: 'chk_1', status: 'failed' } },
    ],
    ['an empty data object', { type: 'check.failed', created_at: '2026-11-23T10:00:00Z', data: {} }],
    ['an error without a code', { type: 'check.failed', data: { id: 'chk_1', status: 'failed', error: {} } }],
    [
      'a result with missing fields',
      { type: 'check.succeeded', data: { status: 'succeeded', result: { outcome: 'ACCEPTED' } } },
    ],
    ['data that is not an object', { type: 'check.test', data: 'hello' }],
  ])('renders only what is there and exits 0 (%s)', async (_what, event) => {
    const signed = signWebhook(event, SANDBOX_WEBHOOK_SECRET);
    const file = join(root, `partial-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, signed.body);
    const run = await rtw([
      'verify-webhook',
      '--sandbox',
      '--body',
      file,
      '--id',
      signed.headers['webhook-id'],
      '--timestamp',
      signed.headers['webhook-timestamp'],
      '--signature',
      signed.headers['webhook-signature'],
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Valid webhook evt_/);
  });
});
