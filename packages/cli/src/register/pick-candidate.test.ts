import { describe, expect, it } from 'vitest';
import { pickCandidate } from './pick-candidate.js';

describe('pickCandidate', () => {
  const candidates = ['E-205', 'PRIYA ANJALI SHARMA'];

  it('takes a candidate as listed, or in another case and spacing when only one matches', () => {
    expect(pickCandidate('E-205', candidates)).toEqual({ ok: true, person: 'E-205' });
    expect(pickCandidate('priya anjali sharma', candidates)).toEqual({
      ok: true,
      person: 'PRIYA ANJALI SHARMA',
    });
    expect(pickCandidate('Priya  Anjali Sharma', candidates)).toEqual({
      ok: true,
      person: 'PRIYA ANJALI SHARMA',
    });
    expect(pickCandidate('e-205', candidates)).toEqual({ ok: true, person: 'E-205' });
  });

  it('refuses a name that is none of them, or that matches several in another case', () => {
    expect(pickCandidate('PRIYA SHARMA', candidates)).toEqual({ ok: false, several: false });
    expect(pickCandidate('emp-1', ['EMP-1', 'Emp-1'])).toEqual({ ok: false, several: true });
    expect(pickCandidate('Emp-1', ['EMP-1', 'Emp-1'])).toEqual({ ok: true, person: 'Emp-1' });
  });
});
