import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EMPTY_LINE, promptNewPassword, typeKeys } from './prompt-password.js';

const typed = (...chunks: string[]) => chunks.reduce(typeKeys, EMPTY_LINE);

describe('typeKeys (a password typed at a raw-mode terminal)', () => {
  it('drops arrow keys and other escape sequences whole', () => {
    expect(typed('pass\u001b[Aword\r')).toEqual({ text: 'password', sequence: null, done: 'enter' });
    // Left, Right, Home, End, Delete, F1 (SS3), F5 and an Alt+x.
    expect(typed('a\u001b[Db\u001b[C\u001b[Hc\u001b[F\u001b[3~d\u001bOPe\u001b[15~f\u001bxg\n').text).toBe(
      'abcdefg',
    );
  });

  it('drops a sequence split across reads', () => {
    expect(typed('secret\u001b', '[', '1;5', 'C', 'word\r').text).toBe('secretword');
  });

  it('keeps backspace, Ctrl-C and Ctrl-D as before', () => {
    expect(typed('abcd\u007f\u007fx\r').text).toBe('abx');
    expect(typed('abc\u0003').done).toBe('cancel');
    expect(typed('\u0004').done).toBe('cancel');
    expect(typed('a\u0004b\r').text).toBe('ab');
  });
});

describe('promptNewPassword', () => {
  it('reads the password twice from a terminal, arrow keys left out', async () => {
    const input = Object.assign(new PassThrough(), { setRawMode: () => input, isTTY: true });
    const output = new PassThrough();
    const answer = promptNewPassword(input as never, output);
    input.write('correct horse\u001b[A battery\r');
    await new Promise((resolve) => setImmediate(resolve));
    input.write('correct horse battery\u001b[B\r');
    expect(await answer).toEqual({ ok: true, value: 'correct horse battery' });
  });
});
