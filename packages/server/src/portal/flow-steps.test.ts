import { describe, expect, it } from 'vitest';
import { submitAction } from './flow-steps.js';
import type { PageSnapshot, SnapshotAction } from './page-snapshot.js';

const withActions = (actions: SnapshotAction[]) => ({ actions }) as unknown as PageSnapshot;
const button = (name: string, id = ''): SnapshotAction => ({ role: 'button', name, id });

describe('submitAction', () => {
  it('takes "Continue" or "Submit", else #submit', () => {
    expect(submitAction(withActions([button('Back'), button('Submit')]))?.name).toBe('Submit');
    expect(submitAction(withActions([button('Go', 'submit'), button('Other')]))?.id).toBe('submit');
  });

  it("takes the page's only button whatever its text (the company-name <input>, evidence table)", () => {
    expect(submitAction(withActions([button('Check'), button('Download PDF')]))?.name).toBe('Check');
    expect(submitAction(withActions([button('One'), button('Two')]))).toBeUndefined();
    expect(submitAction(withActions([button('Accept all'), button('Reject all')]))).toBeUndefined();
  });
});
