import { describe, expect, it } from 'vitest';
import { filingFlags, resumeCommand } from './resume-command.js';

const ID = `creq_${'a'.repeat(32)}`;

describe('the command that waits again', () => {
  it('carries every filing flag given, quoted for the shell', () => {
    const options = {
      register: 'HR files/register',
      person: 'EMP-0042',
      checkedBy: 'Jo Smith',
      likeness: 'video',
      allowMixedModes: true,
      out: 'evidence',
    };
    expect(resumeCommand(ID, options, {})).toBe(
      `rtw request status ${ID} --wait --register 'HR files/register' --person EMP-0042 --checked-by 'Jo Smith' --likeness video --allow-mixed-modes --out evidence`,
    );
    expect(filingFlags({ register: true, checkedBy: "O'Neil" })).toBe(
      ` --register --checked-by 'O'\\''Neil'`,
    );
    expect(filingFlags({ register: true, evidence: false })).toBe(' --register --no-evidence');
  });

  it('saves the evidence where the creating command would have (the current folder)', () => {
    expect(filingFlags({}, true)).toBe(' --out .');
    expect(filingFlags({}, false)).toBe('');
    expect(filingFlags({ register: true }, true)).toBe(' --register');
  });

  it('names the service when it is not the default address', () => {
    expect(resumeCommand(ID, {}, { RTW_BASE_URL: 'http://127.0.0.1:4010/' })).toBe(
      `RTW_BASE_URL=http://127.0.0.1:4010 rtw request status ${ID} --wait`,
    );
    expect(resumeCommand(ID, { baseUrl: 'https://rtw.example.com' }, {})).toMatch(
      /^RTW_BASE_URL=https:\/\/rtw.example.com rtw request/,
    );
    expect(resumeCommand(ID, {}, { RTW_BASE_URL: 'http://127.0.0.1:8080' })).toBe(
      `rtw request status ${ID} --wait`,
    );
  });
});
