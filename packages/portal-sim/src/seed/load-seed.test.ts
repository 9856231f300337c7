import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'jpeg-js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { packagePaths } from '../util/package-paths.js';
import { loadSeedFile } from './load-seed.js';
import { generatePortrait, looksLikeJpeg } from './photo.js';

describe('photos', () => {
  it('generates a stable, decodable JPEG portrait per seed', () => {
    const a = generatePortrait('W123ABC45');
    expect(looksLikeJpeg(a)).toBe(true);
    expect(decode(a, { useTArray: true })).toMatchObject({ width: 150, height: 190 });
    expect(generatePortrait('W123ABC45')).toEqual(a);
    expect(generatePortrait('R123ABC45')).not.toEqual(a);
  });
});

describe('loadSeedFile', () => {
  it('loads the default seed with file and generated photos', async () => {
    const loaded = await loadSeedFile(packagePaths().defaultSeed);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    for (const p of loaded.value) {
      expect(looksLikeJpeg(p.photoJpeg)).toBe(true);
      expect(p.photoDataUrl.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
    }
  });

  it('names an unreadable file, bad JSON, a missing photo and a photo that is not a JPEG', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-sim-seed-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    expect(await loadSeedFile(join(dir, 'none.json'))).toEqual({
      ok: false,
      error: [`seed: cannot read ${join(dir, 'none.json')}; check the path of the seed file`],
    });
    writeFileSync(join(dir, 'bad.json'), '{ nope');
    const bad = await loadSeedFile(join(dir, 'bad.json'));
    expect(bad.ok ? '' : bad.error[0]).toMatch(/^seed: .*bad\.json is not valid JSON/);
    writeFileSync(join(dir, 'not.jpg'), 'GIF89a');
    const person = {
      kind: 'right_to_rent',
      shareCode: 'R123ABC45',
      dateOfBirth: '1990-01-01',
      name: 'A B',
      nationality: 'C',
      details: { outcome: 'unlimited' },
    };
    writeFileSync(
      join(dir, 'photos.json'),
      JSON.stringify([
        { ...person, photo: 'missing.jpg' },
        { ...person, shareCode: 'R123ABC46', photo: 'not.jpg' },
      ]),
    );
    const photos = await loadSeedFile(join(dir, 'photos.json'));
    expect(photos.ok ? [] : photos.error).toEqual([
      `people[0].photo: cannot read ${join(dir, 'missing.jpg')}; give the path of a JPEG file, relative to the seed file`,
      `people[1].photo: ${join(dir, 'not.jpg')} is not a JPEG file; convert it to JPEG or leave "photo" out`,
    ]);
  });
});
