import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_SETTINGS, unknownSettings } from './known-settings.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('known settings', () => {
  it('are the README configuration table’s RTW_* variables, no more and no fewer', () => {
    const table = README.slice(README.indexOf('## Configuration'), README.indexOf('## Portal driver'));
    const documented = new Set([...table.matchAll(/`(RTW_[A-Z0-9_]+)/g)].map((m) => m[1]));
    expect([...SERVER_SETTINGS].sort()).toEqual([...documented].sort());
  });

  it('names the unknown RTW_* variables set, whatever their value, and nothing else', () => {
    expect(
      unknownSettings({
        RTW_PORT: '8080',
        RTW_METRIC_PORT: '9464',
        RTW_IMAGE: 'x',
        RTW_UPGRAD_URL: '',
        PATH: '/bin',
        DATABASE_URL: 'postgres://x',
      }),
    ).toEqual(['RTW_METRIC_PORT', 'RTW_UPGRAD_URL']);
  });
});
