import { parseLongDate } from '@sharecode/core/util';
import { describe, expect, it } from 'vitest';
import { bulletSentence, dateAfter, sentencesOf } from './govuk-text.js';

describe('GOV.UK text', () => {
  it('reads GOV.UK dates as YYYY-MM-DD and refuses what is not one', () => {
    expect(parseLongDate('4 May 2025')).toBe('2025-05-04');
    expect(parseLongDate('14 December 2028')).toBe('2028-12-14');
    expect(parseLongDate('29 Feb 2028')).toBe('2028-02-29');
    expect(parseLongDate('29 February 2027')).toBeNull();
    expect(parseLongDate('31 Ju 2025')).toBeNull();
    expect(parseLongDate('No expiry date')).toBeNull();
  });

  it('finds the date after a word, and says when it cannot read it', () => {
    const sentence =
      'They have permission to work in the UK from 15 January 2024 until 14 December 2028, subject to';
    expect(dateAfter(sentence, 'from')).toEqual({ kind: 'date', iso: '2024-01-15' });
    expect(dateAfter(sentence, 'until')).toEqual({ kind: 'date', iso: '2028-12-14' });
    expect(dateAfter('They can work with no time limit.', 'until')).toEqual({ kind: 'none' });
    expect(dateAfter('until 31 Smarch 2028', 'until')).toEqual({ kind: 'bad' });
  });

  it('makes one sentence of each paragraph part and bullet', () => {
    expect(sentencesOf('They can do voluntary work. They cannot be paid expenses.')).toEqual([
      'They can do voluntary work.',
      'They cannot be paid expenses.',
    ]);
    expect(bulletSentence('They can', 'work in any job')).toBe('They can work in any job.');
    expect(bulletSentence('They cannot', 'be self-employed;')).toBe('They cannot be self-employed.');
    expect(bulletSentence('They can', 'They can study.')).toBe('They can study.');
    expect(bulletSentence(null, 'study in the UK')).toBe('Study in the UK.');
  });
});
