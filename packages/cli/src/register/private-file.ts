import { chmod, writeFile } from 'node:fs/promises';

/**
 * Writes a file about people (a register report, a follow-up calendar) readable by its owner only:
 * mode 600, set again when the file already existed with another mode.
 * `keep: true` refuses a file already there (EEXIST) rather than replacing it: an evidence pack's
 * printed hash may have been kept for the file it would replace.
 */
export async function writePrivateFile(
  path: string,
  data: string | Uint8Array,
  { keep = false }: { keep?: boolean } = {},
): Promise<void> {
  await writeFile(path, data, { mode: 0o600, flag: keep ? 'wx' : 'w' });
  await chmod(path, 0o600);
}
