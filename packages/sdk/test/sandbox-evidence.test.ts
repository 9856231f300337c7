// The evidence helpers on real sandbox results: photoBytes gives a JPEG, pdfBytes a PDF, for every
// kind, the same bytes from the synchronous and the asynchronous result, and saveEvidence writes them.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECK_KINDS } from '@sharecode/core';
import { sandboxShareCode } from '@sharecode/core/sandbox';
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, photoBytes, ShareCodeClient } from '../src/index.js';
import { saveEvidence } from '../src/node.js';
import { API_KEY, BASE, createCheck, syncCheck } from './sandbox-helpers.js';

// A fixed clock: the PDF shows the check day, so both results of a code carry the same bytes.
const NOW = new Date('2025-06-02T10:00:00.000Z');
const { server, sandbox } = setupSandboxServer({
  now: () => new Date(NOW),
  delays: { startMs: 5, runMs: 5, retrySchedule: [0.02, 0.04] },
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset();
});
afterAll(() => server.close());

const client = new ShareCodeClient({ apiKey: API_KEY, baseUrl: BASE });

/** Width and height from the JPEG's start-of-frame segment, walking the markers from the start. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let at = 2; // after SOI
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`no JPEG marker at byte ${at}`);
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    // SOF0..SOF15, less DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      return { width, height };
    }
    at += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(CHECK_KINDS)('%s', (kind) => {
  it('photoBytes is a JPEG and pdfBytes a PDF, the same for the sync and the async result', async () => {
    const code = sandboxShareCode(kind, 'ACPT0001');
    const result = await syncCheck(client, kind, code);
    const photo = photoBytes(result);
    const pdf = pdfBytes(result);

    expect([...photo.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...photo.subarray(-2)]).toEqual([0xff, 0xd9]);
    const size = jpegSize(photo);
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);

    expect(latin1(pdf.subarray(0, 8))).toMatch(/^%PDF-\d\.\d/);
    expect(latin1(pdf.subarray(-32))).toMatch(/%%EOF\s*$/);
    expect(latin1(pdf)).toContain('startxref');

    const { check } = await createCheck(client, kind, code);
    const final = await client.waitForCheck(check.id, { interval: 5, maxInterval: 20 });
    if (final.result === null) return expect.fail('the async check has no result');
    expect(photoBytes(final.result)).toEqual(photo);
    expect(pdfBytes(final.result)).toEqual(pdf);
  });
});

it('saveEvidence writes exactly those bytes, named by the reference', async () => {
  const result = await syncCheck(client, 'right_to_work', 'WNOEX0001');
  const dir = await mkdtemp(join(tmpdir(), 'sdk-sandbox-evidence-'));
  try {
    const saved = await saveEvidence(result, dir);
    const photo = photoBytes(result);
    const pdf = pdfBytes(result);
    expect(saved.photo).toMatchObject({ sha256: sha256(photo), bytes: photo.length });
    expect(saved.pdf).toMatchObject({ sha256: sha256(pdf), bytes: pdf.length });
    expect(saved.photo?.path).toBe(join(dir, `${result.reference}.jpg`));
    expect(new Uint8Array(await readFile(saved.pdf?.path ?? ''))).toEqual(pdf);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
