import { readFileSync } from 'node:fs';
import { fail, type Outcome, ok } from '@sharecode/core';

/** The password from a file or from piped stdin; never from a flag (it would sit in shell history). */
export function readPassword(file: string | undefined): Outcome<string, string> {
  let text: string;
  try {
    if (file !== undefined) text = readFileSync(file, 'utf8');
    else if (process.stdin.isTTY) {
      return fail(
        'pipe the password on stdin (printf \'%s\' "$PASSWORD" | rtw-server accounts set-password --account ID) or give --password-file',
      );
    } else text = readFileSync(0, 'utf8');
  } catch (error) {
    return fail(`cannot read the password: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return ok(text.replace(/\r?\n$/, ''));
}
