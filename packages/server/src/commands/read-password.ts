import { readFileSync } from 'node:fs';
import { fail, type Outcome, ok } from '@sharecode/core';
import { promptNewPassword } from './prompt-password.js';

/**
 * The password from a file, from piped stdin, or typed twice at a terminal without echo; never from a
 * flag (it would sit in shell history).
 */
export async function readPassword(file: string | undefined): Promise<Outcome<string, string>> {
  let text: string;
  try {
    if (file !== undefined) text = readFileSync(file, 'utf8');
    else if (process.stdin.isTTY) return await promptNewPassword();
    else text = readFileSync(0, 'utf8');
  } catch (error) {
    return fail(`cannot read the password: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return ok(text.replace(/\r?\n$/, ''));
}
