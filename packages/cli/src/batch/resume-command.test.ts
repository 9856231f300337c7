import { describe, expect, it } from 'vitest';
import { resumeCommand, shellWord } from './resume-command.js';

describe('the command that goes on with a batch', () => {
  it('repeats the options given on the command line, never the key or --restart', () => {
    const options = {
      args: ['right-to-work'],
      batch: 'new starters.csv',
      company: "O'Brien & Sons",
      evidence: false,
      sandbox: true,
      apiKey: 'rtw_live_secret',
      restart: true,
      concurrency: 4,
      retries: 2,
    };
    const given = new Set(['batch', 'company', 'evidence', 'sandbox', 'apiKey', 'restart']);
    const command = resumeCommand({
      io: {} as never,
      options,
      sourceOf: (name) => (given.has(name) ? 'cli' : 'default'),
    });
    expect(command).toBe(
      `rtw check right-to-work --batch 'new starters.csv' --company 'O'\\''Brien & Sons' --no-evidence --sandbox`,
    );
  });

  it('leaves plain words bare', () => {
    expect(shellWord('people.csv')).toBe('people.csv');
    expect(shellWord('/tmp/a-b_c/d.csv')).toBe('/tmp/a-b_c/d.csv');
    expect(shellWord('')).toBe("''");
  });
});
