import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShareCodeEvidenceError } from './evidence-error.js';
import { saveEvidence } from './save-evidence.js';

const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 9, 9]);
const pdf = new TextEncoder().encode('%PDF-1.7\nbody');
const url = (mime: string, bytes: Uint8Array) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const result = {
  reference: 'W1 ABC/123',
  checked_at: '2026-01-01T12:00:00Z',
  photo_data_url: url('image/jpeg', jpeg),
  pdf_data_url: url('application/pdf', pdf),
};

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sdk-evidence-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('saveEvidence', () => {
  it('writes <reference>.jpg and .pdf with their SHA-256', async () => {
    const saved = await saveEvidence(result, join(dir, 'nested'));
    expect(saved.photo).toEqual({
      path: join(dir, 'nested', 'W1-ABC-123.jpg'),
      sha256: sha(jpeg),
      bytes: jpeg.length,
      alreadySaved: false,
    });
    expect(saved.pdf).toEqual({
      path: join(dir, 'nested', 'W1-ABC-123.pdf'),
      sha256: sha(pdf),
      bytes: pdf.length,
      alreadySaved: false,
    });
    expect(new Uint8Array(await readFile(saved.photo?.path ?? ''))).toEqual(jpeg);
    expect(new Uint8Array(await readFile(saved.pdf?.path ?? ''))).toEqual(pdf);
  });

  it('keeps a hostile name inside the folder', async () => {
    const saved = await saveEvidence(result, dir, { basename: '../../etc/passwd' });
    expect(saved.pdf?.path).toBe(join(dir, 'etc-passwd.pdf'));
    await expect(saveEvidence(result, dir, { basename: '../..' })).rejects.toMatchObject({
      reason: 'bad_name',
    });
  });

  it('falls back to the check time when there is no reference, and skips absent evidence', async () => {
    const saved = await saveEvidence({ ...result, reference: null, photo_data_url: null }, dir);
    expect(saved.photo).toBeNull();
    expect(saved.pdf?.path).toBe(join(dir, 'check-2026-01-01T12-00-00Z.pdf'));
  });

  it('saves the same evidence twice: the second time reports it already saved', async () => {
    const first = await saveEvidence(result, dir);
    expect(first).toMatchObject({ photo: { alreadySaved: false }, pdf: { alreadySaved: false } });
    const again = await saveEvidence(result, dir);
    expect(again).toEqual({
      photo: { ...first.photo, alreadySaved: true },
      pdf: { ...first.pdf, alreadySaved: true },
    });
    expect(await readFile(join(dir, 'W1-ABC-123.pdf'))).toEqual(Buffer.from(pdf));
  });

  it('never overwrites different bytes unless asked', async () => {
    await saveEvidence(result, dir);
    const otherPdf = new TextEncoder().encode('%PDF-1.7\nanother check');
    const other = { ...result, pdf_data_url: url('application/pdf', otherPdf) };
    const error = await saveEvidence(other, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeEvidenceError);
    expect(error).toMatchObject({ reason: 'file_exists' });
    expect(String(error)).toContain('different content');
    expect(await readFile(join(dir, 'W1-ABC-123.pdf'))).toEqual(Buffer.from(pdf));
    await expect(saveEvidence(other, dir, { overwrite: true })).resolves.toMatchObject({
      pdf: { sha256: sha(otherPdf), alreadySaved: false },
    });
  });

  it('checks the evidence before writing anything', async () => {
    const bad = { ...result, pdf_data_url: url('application/pdf', jpeg) };
    await expect(saveEvidence(bad, dir)).rejects.toMatchObject({ reason: 'bad_content' });
    await expect(readFile(join(dir, 'W1-ABC-123.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
