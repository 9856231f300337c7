// The command blocks of docs/operations.md. Each ```sh block is preceded by a marker
// `<!-- container-test: NAME -->`, and the container test runs it by that name, as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const GUIDE_PATH = join(fileURLToPath(new URL('../..', import.meta.url)), 'docs', 'operations.md');

/** Every ```sh block of the guide, with the name of its marker (null when it has none). */
export function guideBlocks(
  text = readFileSync(GUIDE_PATH, 'utf8'),
): { name: string | null; body: string }[] {
  const blocks: { name: string | null; body: string }[] = [];
  for (const match of text.matchAll(/(?:<!-- container-test: ([\w-]+) -->\n)?```sh\n([\s\S]*?)```\n/g)) {
    blocks.push({ name: match[1] ?? null, body: match[2] ?? '' });
  }
  return blocks;
}

/** The block marked NAME. */
export function guideBlock(name: string): string {
  const block = guideBlocks().find((b) => b.name === name);
  if (!block) throw new Error(`docs/operations.md has no block marked container-test: ${name}`);
  return block.body;
}
