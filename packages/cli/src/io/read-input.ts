import { readFile } from 'node:fs/promises';
import type { Outcome } from '@sharecode/core';
import type { InStream } from '../context.js';

/** A file's bytes, or stdin's when no file is named and stdin is piped; the error says what to do. */
export async function readBytes(
  file: string | undefined,
  stdin: InStream,
  what: string,
  flag: string,
): Promise<Outcome<Uint8Array, string>> {
  if (file !== undefined) {
    try {
      return { ok: true, value: await readFile(file) };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const why =
        code === 'ENOENT'
          ? 'there is no such file'
          : code === 'EISDIR'
            ? 'it is a folder'
            : 'it cannot be read';
      return {
        ok: false,
        error: `Cannot read ${what} from ${file}: ${why}. Check the path given to ${flag}.`,
      };
    }
  }
  if (stdin.isTTY) {
    return { ok: false, error: `Give ${what} with ${flag} FILE, or pipe it in (… | rtw ...).` };
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of stdin)
    chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
  return { ok: true, value: Buffer.concat(chunks) };
}
