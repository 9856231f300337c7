import { describe, expect, it } from 'vitest';
import { CHECK_KINDS, isCheckKind, kindInfo, kindOfShareCodeLetter } from './check-kind.js';

describe('kindInfo', () => {
  it('describes each kind: title, letter, paths and Location prefix', () => {
    expect(CHECK_KINDS.map((kind) => kindInfo(kind))).toEqual([
      {
        kind: 'right_to_work',
        title: 'Right to work',
        label: 'right-to-work',
        shareCodeLetter: 'W',
        syncPath: '/api/check',
        asyncPath: '/api/check/async',
        locationPrefix: '/api/check/async/',
      },
      {
        kind: 'right_to_rent',
        title: 'Right to rent',
        label: 'right-to-rent',
        shareCodeLetter: 'R',
        syncPath: '/api/check/right-to-rent',
        asyncPath: '/api/check/right-to-rent/async',
        locationPrefix: '/api/check/right-to-rent/async/',
      },
      {
        kind: 'immigration_status',
        title: 'Immigration status',
        label: 'immigration-status',
        shareCodeLetter: 'S',
        syncPath: '/api/check/immigration-status',
        asyncPath: '/api/check/immigration-status/async',
        locationPrefix: '/api/check/immigration-status/async/',
      },
    ]);
  });

  it('maps letters back to kinds', () => {
    expect(kindOfShareCodeLetter('R')).toBe('right_to_rent');
    expect(kindOfShareCodeLetter('X')).toBeUndefined();
    expect(isCheckKind('immigration_status')).toBe(true);
    expect(isCheckKind('right-to-work')).toBe(false);
  });
});
