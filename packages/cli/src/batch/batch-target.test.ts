import { describe, expect, it } from 'vitest';
import { batchTargetOf, targetMismatch } from './batch-target.js';

const env = (values: Record<string, string>) => ({ env: values });

describe('a batch target', () => {
  it('reads the mode from the key and the server from the flags, environment or default', () => {
    expect(batchTargetOf('right_to_work', { sandbox: true }, env({}))).toEqual({
      kind: 'right_to_work',
      mode: 'sandbox',
      server: 'sandbox',
    });
    expect(
      batchTargetOf(
        'right_to_rent',
        {},
        env({ RTW_API_KEY: 'rtw_live_x', RTW_BASE_URL: 'HTTPS://Api.Example.com/v1/' }),
      ),
    ).toEqual({ kind: 'right_to_rent', mode: 'live', server: 'https://api.example.com/v1' });
    expect(batchTargetOf('right_to_work', { apiKey: 'rtw_test_x' }, env({})).mode).toBe('test');
    expect(batchTargetOf('right_to_work', {}, env({})).mode).toBeUndefined();
  });

  it('names each difference, and none for the same batch or a run with no key yet', () => {
    const recorded = { kind: 'right_to_work', mode: 'live', server: 'https://a.example' } as const;
    expect(targetMismatch(recorded, recorded)).toBeUndefined();
    expect(targetMismatch(recorded, { ...recorded, mode: undefined })).toBeUndefined();
    expect(
      targetMismatch(recorded, { kind: 'right_to_rent', mode: 'test', server: 'https://b.example' }),
    ).toBe(
      'it holds right-to-work checks with a live key against https://a.example, and this run is right-to-rent checks with a test key against https://b.example (another kind, mode, server)',
    );
  });
});
