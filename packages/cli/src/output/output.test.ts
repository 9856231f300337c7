import { describe, expect, it } from 'vitest';
import type { CliIo } from '../context.js';
import { Output } from './output.js';

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    stdout: { write: (chunk: string) => out.push(chunk) > 0, isTTY: false },
    stderr: { write: (chunk: string) => err.push(chunk) > 0, isTTY: false },
    stdin: { isTTY: true, async *[Symbol.asyncIterator]() {} },
    env,
    onInterrupt: () => () => {},
  };
  return { value, out, err };
}

describe('Output', () => {
  it('puts data on stdout and everything else on stderr', () => {
    const streams = io();
    const output = new Output(streams.value, { json: false, quiet: false, verbose: true, color: true });
    output.data('result');
    output.jsonValue({ a: 1 });
    output.notice('note');
    output.detail('more');
    output.error('bad');
    expect(streams.out).toEqual(['result\n', '{"a":1}\n']);
    expect(streams.err).toEqual(['note\n', 'more\n', 'bad\n']);
  });

  it('keeps notices and details quiet with --quiet, errors still shown', () => {
    const streams = io();
    const output = new Output(streams.value, { json: false, quiet: true, verbose: true, color: true });
    output.notice('note');
    output.detail('more');
    output.error('bad');
    expect(streams.err).toEqual(['bad\n']);
  });

  it('masks a registered secret anywhere it would be written', () => {
    const streams = io();
    const output = new Output(streams.value, { json: false, quiet: false, verbose: false, color: false });
    output.addSecret('rtw_live_abcdefghijklmnopqrstuvwx0000000000000000');
    output.error('key rtw_live_abcdefghijklmnopqrstuvwx0000000000000000 refused');
    output.data('rtw_live_abcdefghijklmnopqrstuvwx0000000000000000');
    expect(streams.err.join('')).toBe('key rtw_*** refused\n');
    expect(streams.out.join('')).toBe('rtw_***\n');
  });

  it('uses no colour on a pipe unless FORCE_COLOR asks', () => {
    const plain = new Output(io().value, { json: false, quiet: false, verbose: false, color: true });
    expect(plain.out.red('x')).toBe('x');
    const forced = new Output(io({ FORCE_COLOR: '1' }).value, {
      json: false,
      quiet: false,
      verbose: false,
      color: true,
    });
    expect(forced.out.red('x')).toBe('\x1b[31mx\x1b[39m');
  });
});
