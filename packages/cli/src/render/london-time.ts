// Times shown to people are UK times, with the zone, whatever the machine's zone (a server in UTC, a
// laptop abroad): "2026-11-21 14:36:20 GMT", "2026-06-01 09:00:00 BST". JSON keeps the API's UTC.
const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** An instant (ISO 8601 text or a Date) as UK time with its zone; text that is not a time comes back as it is. */
export function londonTime(at: string | Date): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return String(at);
  const parts = Object.fromEntries(FORMAT.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}
