import { readFileSync } from 'node:fs';
import { CHECKER_TYPES, PURPOSES } from '@sharecode/core/validation';
import { describe, expect, it } from 'vitest';
import { EXIT, EXIT_CODES_HELP } from './exit-codes.js';
import { CHECKER_TYPES_HELP, PURPOSES_HELP } from './help-text.js';
import { checkKindOf, KIND_NAMES, kindNameOf } from './kinds.js';
import { CLI_VERSION } from './version.js';

describe('help text', () => {
  it("lists exactly core's purposes and checker types", () => {
    expect([...PURPOSES_HELP]).toEqual([...PURPOSES]);
    expect([...CHECKER_TYPES_HELP]).toEqual([...CHECKER_TYPES]);
  });

  it('documents every exit code', () => {
    for (const code of Object.values(EXIT)) expect(EXIT_CODES_HELP).toMatch(new RegExp(`^  ${code} `, 'm'));
  });

  it('maps kind names to core kinds and back', () => {
    for (const name of KIND_NAMES) expect(kindNameOf(checkKindOf(name))).toBe(name);
    expect(checkKindOf('right-to-rent')).toBe('right_to_rent');
  });

  it("keeps CLI_VERSION equal to package.json's version", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(CLI_VERSION).toBe(pkg.version);
  });
});
