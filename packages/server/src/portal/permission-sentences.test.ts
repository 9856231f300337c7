import { describe, expect, it } from 'vitest';
import { SENTENCE_FORMS, sentenceFormOf } from './permission-sentences.js';

describe('SENTENCE_FORMS', () => {
  it.each(SENTENCE_FORMS.map((form) => [form.id, form] as const))('%s reads its own example', (_id, form) => {
    expect(sentenceFormOf(form.kind, form.example)?.id).toBe(form.id);
    expect(form.source).not.toBe('');
  });

  it("the settled worker's real sentence is a right with no time limit", () => {
    // Real right-to-work PDF, October 2022 (portal.md, second review).
    expect(sentenceFormOf('right_to_work', 'They can work in the UK.')).toMatchObject({
      outcome: 'ACCEPTED',
      timeLimited: false,
    });
  });

  it('leaves conditions, guidance and the other kind alone', () => {
    for (const text of [
      'They can work in any job.',
      'There is no limit on how long they can stay in the UK.',
      'They must work for the employer who sponsored them.',
      "You don't need to do the check again.",
      'To avoid a penalty, you must keep a copy of this page.',
    ])
      expect(sentenceFormOf('right_to_work', text)).toBeNull();
    expect(sentenceFormOf('right_to_rent', 'They can work in the UK.')).toBeNull();
    expect(sentenceFormOf('right_to_work', 'They have an unlimited right to rent in England.')).toBeNull();
  });

  it('reads a refusal as a refusal although it contains the words of a right', () => {
    expect(sentenceFormOf('right_to_work', 'They do not have permission to work in the UK.')?.outcome).toBe(
      'REJECTED',
    );
    expect(sentenceFormOf('right_to_rent', 'They do not have a right to rent in England.')?.outcome).toBe(
      'REJECTED',
    );
  });
});
