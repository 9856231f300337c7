// Checks the BUILT package (run `npm run build -w @sharecode/sdk` first): publint for package.json
// and files, @arethetypeswrong/cli for types under every resolution mode, and that both module
// formats load and work.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { missing } from '../../../test/support/required-part.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const pkgDir = fileURLToPath(new URL('../', import.meta.url));
const built = existsSync(new URL('../dist/index.js', import.meta.url));

describe.skipIf(missing(!built, 'packages/sdk/dist', 'run `npm run build -w @sharecode/sdk` first'))(
  'the built @sharecode/sdk package',
  () => {
    it('passes publint', async () => {
      const { stdout } = await run('npx', ['publint', pkgDir], { cwd: root });
      expect(stdout).toMatch(/All good/);
    }, 60_000);

    it('passes @arethetypeswrong/cli in every resolution mode', async () => {
      // attw exits non-zero on any problem, which rejects here with its report.
      const { stdout } = await run('npx', ['attw', '--pack', pkgDir], { cwd: root });
      expect(stdout).toMatch(/No problems found/);
    }, 120_000);

    it('loads through require (CJS) and import (ESM) with the same API', async () => {
      const require = createRequire(import.meta.url);
      const cjs = require('@sharecode/sdk') as Record<string, unknown>;
      const esm = (await import(new URL('../dist/index.js', import.meta.url).href)) as Record<
        string,
        unknown
      >;
      expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
      for (const name of ['ShareCodeClient', 'isShareCodeApiError', 'decodeDataUrl']) {
        expect(typeof cjs[name], name).toBe('function');
      }
      const webhooksCjs = require('@sharecode/sdk/webhooks') as Record<string, unknown>;
      const webhooksEsm = (await import(new URL('../dist/webhooks.js', import.meta.url).href)) as Record<
        string,
        unknown
      >;
      expect(Object.keys(webhooksCjs).sort()).toEqual(Object.keys(webhooksEsm).sort());
      for (const name of [
        'verifyWebhook',
        'verifyWebhookSignature',
        'signWebhook',
        'ShareCodeWebhookError',
      ]) {
        expect(typeof webhooksCjs[name], name).toBe('function');
      }
      // The main entry no longer carries webhook verification (its own subpath keeps the client small).
      expect(cjs.verifyWebhook).toBeUndefined();
      const node = require('@sharecode/sdk/node') as Record<string, unknown>;
      expect(typeof node.saveEvidence).toBe('function');
    });

    it('works from the CJS build (openapi-fetch interop included)', async () => {
      const script = `
      const { ShareCodeClient } = require('@sharecode/sdk');
      const { signWebhook, verifyWebhook } = require('@sharecode/sdk/webhooks');
      const client = new ShareCodeClient({ apiKey: 'rtw_test_' + '0'.repeat(40), baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
      const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
      const signed = signWebhook({ type: 'check.test', created_at: 'x', data: { id: 'chk_1', status: 'running' } }, secret);
      console.log(verifyWebhook(signed.body, signed.headers, secret).type);
      client.getCheck('chk_1').catch((e) => console.log(e.name));
    `;
      const { stdout } = await run(process.execPath, ['-e', script], { cwd: pkgDir });
      expect(stdout.trim().split('\n')).toEqual(['check.test', 'ShareCodeConnectionError']);
    });
  },
);
