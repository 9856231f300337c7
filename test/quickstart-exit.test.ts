import { describe, expect, it } from 'vitest';
import { unexpectedExit } from '../scripts/child-exit.mjs';

describe('npm start: what counts as an unexpected server exit', () => {
  it('is silent when the server it stopped shuts down cleanly (exit 0 after SIGTERM)', () => {
    expect(unexpectedExit({ code: 0, signal: null, stopRequested: true })).toBeNull();
    expect(unexpectedExit({ code: null, signal: 'SIGTERM', stopRequested: true })).toBeNull();
  });

  it('speaks up when the server ends on its own, even with 0, or fails while stopping', () => {
    expect(unexpectedExit({ code: 0, signal: null, stopRequested: false })).toBe('exit code 0');
    expect(unexpectedExit({ code: 1, signal: null, stopRequested: false })).toBe('exit code 1');
    expect(unexpectedExit({ code: null, signal: 'SIGKILL', stopRequested: false })).toBe('signal SIGKILL');
    expect(unexpectedExit({ code: 1, signal: null, stopRequested: true })).toBe('exit code 1 while stopping');
  });
});
