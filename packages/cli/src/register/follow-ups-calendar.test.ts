import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { followUpsCalendar } from './follow-ups-calendar.js';

describe('the follow-up calendar', () => {
  it('reminds 28 and 7 days before each follow-up (VALARM)', () => {
    const text = followUpsCalendar(
      {
        today: '2027-10-01',
        within_days: 60,
        overdue: 0,
        problems: [],
        items: [
          {
            kind: 'right_to_work',
            person: 'p1',
            name: 'PRIYA SHARMA',
            reference: 'WE-1',
            check_date: '2025-11-26',
            follow_up_date: '2027-11-26',
            basis: 'permission_expiry',
            status: 'due',
            days: 56,
            mode: 'live',
            excuse: {
              state: 'established',
              work: 'employment',
              since: '2025-11-26',
              until: '2027-11-26',
              basis: 'permission_expiry',
              cautions: [],
            },
          },
        ],
      },
      new Date('2027-10-01T09:00:00Z'),
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [event] = calendar.getAllSubcomponents('vevent');
    expect(event).toBeDefined();
    const start = new ICAL.Event(event).startDate;
    const alarms = event?.getAllSubcomponents('valarm') ?? [];
    expect(alarms).toHaveLength(2);
    const fireDays = alarms.map((alarm) => {
      expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(String(alarm.getFirstPropertyValue('description'))).toContain('PRIYA SHARMA');
      const trigger = alarm.getFirstPropertyValue('trigger') as ICAL.Duration;
      const fires = start.clone();
      fires.addDuration(trigger);
      return fires.toString().slice(0, 10);
    });
    expect(fireDays).toEqual(['2027-10-29', '2027-11-19']);
  });
});
