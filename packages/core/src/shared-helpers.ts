// Helpers core shares with the other packages (server, portal simulator) so that each exists once
// (issue 19, "no twins"). Kept in one file so that core's public surface can move them as a group.

export { parseCookies } from './util/cookies.js';
export {
  addCalendarDays,
  addCalendarMonths,
  compareCalendarDates,
  formatCalendarDate,
  formatGovukDate,
  isRealDate,
  ukToday,
} from './util/dates.js';
export { escapeHtml } from './util/escape-html.js';
export type { MeasuringFont } from './util/pdf-text.js';
export { encodableText, wrapText } from './util/pdf-text.js';
