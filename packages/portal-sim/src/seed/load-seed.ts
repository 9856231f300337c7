import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fail, type Outcome, ok } from '@sharecode/core';
import { parseSeed } from './parse-seed.js';
import type { Person, SimPerson } from './person.js';
import { generatePortrait, jpegDataUrl, looksLikeJpeg } from './photo.js';

/**
 * Gives each person their photo bytes: the JPEG file the seed names (relative to `baseDir`), or
 * a generated portrait.
 */
export async function resolvePeople(
  people: readonly Person[],
  baseDir: string,
): Promise<Outcome<SimPerson[], string[]>> {
  const problems: string[] = [];
  const out: SimPerson[] = [];
  for (const [i, person] of people.entries()) {
    let photoJpeg: Uint8Array;
    if (person.photo === undefined) {
      photoJpeg = generatePortrait(person.shareCode);
    } else {
      const path = isAbsolute(person.photo) ? person.photo : resolve(baseDir, person.photo);
      try {
        photoJpeg = new Uint8Array(await readFile(path));
      } catch {
        problems.push(
          `people[${i}].photo: cannot read ${path}; give the path of a JPEG file, relative to the seed file`,
        );
        continue;
      }
      if (!looksLikeJpeg(photoJpeg)) {
        problems.push(
          `people[${i}].photo: ${path} is not a JPEG file; convert it to JPEG or leave "photo" out`,
        );
        continue;
      }
    }
    out.push({ ...person, photoJpeg, photoDataUrl: jpegDataUrl(photoJpeg) });
  }
  return problems.length > 0 ? fail(problems) : ok(out);
}

/** Reads, checks and resolves a seed file. Every problem comes back as a value. */
export async function loadSeedFile(path: string): Promise<Outcome<SimPerson[], string[]>> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch {
    return fail([`seed: cannot read ${path}; check the path of the seed file`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    return fail([`seed: ${path} is not valid JSON (${reason})`]);
  }
  const parsed = parseSeed(json);
  if (!parsed.ok) return parsed;
  return resolvePeople(parsed.value, dirname(resolve(path)));
}
