// `@sharecode/core/util`: small helpers the server, the CLI and the portal simulator share with core,
// so that each exists once (issue 19, "no twins").
export { dataUrl } from './base64.js';
export { withoutControlCharacters } from './control-characters.js';
export { parseCookies } from './cookies.js';
export {
  addCalendarDays,
  addCalendarMonths,
  type CalendarDate,
  compareCalendarDates,
  formatCalendarDate,
  formatDate,
  formatGovukDate,
  formatLongDate,
  isRealDate,
  MONTH_NAMES,
  parseIsoDate,
  parseLongDate,
  ukToday,
} from './dates.js';
export { escapeHtml } from './escape-html.js';
export { html, SafeHtml } from './html.js';
export { baseUrlOf, parseHttpUrl } from './http-url.js';
export { encodableText, type MeasuringFont, wrapText } from './pdf-text.js';
