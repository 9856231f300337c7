import { createHash } from 'node:crypto';
import type { FollowUpList } from '@sharecode/register';
import ical, { ICalAlarmType } from 'ical-generator';

const TITLES = {
  right_to_work: 'right to work',
  right_to_rent: 'right to rent',
  immigration_status: 'immigration status',
} as const;

/** Days before the due date a reminder goes off: time to get a new share code, then a last call. */
export const FOLLOW_UP_REMINDER_DAYS = [28, 7] as const;

/**
 * The follow-ups as an RFC 5545 calendar: one all-day event per person on the day the check must
 * be made by, with a reminder (VALARM) 28 and 7 days before it. The UID is stable per person, kind and date, so importing again updates, not doubles.
 */
export function followUpsCalendar(list: FollowUpList, now: Date): string {
  const calendar = ical({
    name: 'Follow-up share-code checks',
    prodId: { company: 'sharecode', product: 'rtw', language: 'EN' },
  });
  for (const item of list.items) {
    // A hash, not the name: calendar UIDs travel with invitations and sync logs.
    const uid = createHash('sha256')
      .update(`${item.kind}|${item.person}|${item.follow_up_date}`)
      .digest('hex')
      .slice(0, 32);
    const event = calendar.createEvent({
      id: `${uid}@rtw-register`,
      // All-day events are written as the UTC calendar day (VALUE=DATE): no time-zone shift.
      start: new Date(`${item.follow_up_date}T00:00:00Z`),
      allDay: true,
      stamp: now,
      summary: `Follow-up ${TITLES[item.kind]} check due: ${item.name}`,
      description: [
        `Make a follow-up ${TITLES[item.kind]} check on or before ${item.follow_up_date}.`,
        `Ask ${item.name} for a new share code for this check (codes last 90 days).`,
        `Last check: ${item.check_date}, reference ${item.reference}.`,
      ].join('\n'),
    });
    for (const days of FOLLOW_UP_REMINDER_DAYS) {
      event.createAlarm({
        type: ICalAlarmType.display,
        // Seconds before the start of the due day.
        trigger: days * 86_400,
        description: `In ${days} days: follow-up ${TITLES[item.kind]} check due for ${item.name} (by ${item.follow_up_date}).`,
      });
    }
  }
  return calendar.toString();
}
