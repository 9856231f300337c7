import { chmod, writeFile } from 'node:fs/promises';

/**
 * Writes a file about people (a register report, a follow-up calendar) readable by its owner only:
 * mode 600, set again when the file already existed with another mode.
 */
export async function writePrivateFile(path: string, data: string | Uint8Array): Promise<void> {
  await writeFile(path, data, { mode: 0o600 });
  await chmod(path, 0o600);
}
