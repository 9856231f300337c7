// `npm run docs:api` (TypeDoc with typedoc-plugin-markdown, warnings as errors) generates the SDK
// reference; here it is written to a temporary folder, so nothing generated lands in the tree.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'sharecode-api-docs-'));
const page = (path: string) => readFileSync(join(out, path), 'utf8');

describe('the SDK API reference', () => {
  let result: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    result = await promisify(execFile)(
      'npx',
      ['typedoc', '--options', 'docs/api/typedoc.mjs', '--out', out],
      {
        cwd: root,
      },
    ).then(
      (done) => ({ code: 0, ...done }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('generates with no TypeDoc warning', () => {
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).not.toMatch(/\[warning\]/);
  });

  it('documents the client, the webhook helpers and the evidence helpers', () => {
    expect(page('README.md')).toContain('[node](node/README.md)');
    const client = page('index/classes/ShareCodeClient.md');
    for (const method of ['checkRightToWork', 'createRightToRentCheck', 'waitForCheck', 'getCheck']) {
      expect(client).toContain(`### ${method}()`);
    }
    expect(page('README.md')).toContain('[webhooks](webhooks/README.md)');
    expect(page('webhooks/functions/verifyWebhook.md')).toContain('# Function: verifyWebhook()');
    expect(page('webhooks/functions/signWebhook.md')).toContain('# Function: signWebhook()');
    expect(page('node/functions/saveEvidence.md')).toContain('Writes the photo');
    expect(page('node/interfaces/SavedFile.md')).toContain('SHA-256');
  });
});
