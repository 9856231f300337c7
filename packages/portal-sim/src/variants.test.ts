import { describe, expect, it } from 'vitest';
import { DEFAULT_VARIANTS, parseVariants, SIM_VARIANT_VALUES, variantsFor } from './variants.js';

describe('parseVariants', () => {
  it('keeps known keys and values, and names every problem with the allowed values', () => {
    expect(parseVariants({ pdf: 'inline', markup: '2022' })).toEqual({
      ok: true,
      value: { pdf: 'inline', markup: '2022' },
    });
    expect(parseVariants({ pdf: 'fax', colour: 'red' }, 'x')).toEqual({
      ok: false,
      error: [
        'x.pdf: must be one of "attachment", "inline", "new-tab"',
        expect.stringMatching(/^x\.colour: is not a variant; use one of markup, signIn, /),
      ],
    });
    expect(parseVariants([]).ok).toBe(false);
    expect(parseVariants(null).ok).toBe(false);
  });

  it('has a non-empty list for every key, defaults first', () => {
    for (const [key, values] of Object.entries(SIM_VARIANT_VALUES)) {
      expect(values.length).toBeGreaterThan(1);
      expect(DEFAULT_VARIANTS[key as keyof typeof DEFAULT_VARIANTS]).toBe(values[0]);
    }
  });
});

describe('variantsFor', () => {
  it("lays a person's own variants over the run's, except the run-only ones", () => {
    const run = { ...DEFAULT_VARIANTS, pdf: 'inline' as const };
    expect(variantsFor(run, undefined)).toBe(run);
    expect(variantsFor(run, { photo: 'session-url', signIn: 'service-host' })).toEqual({
      ...run,
      photo: 'session-url',
    });
  });
});
