// `@sharecode/core/util`: small helpers the server's pages and documents share with core.
export { dataUrl } from './base64.js';
export type { CalendarDate } from './dates.js';
export { formatDate, formatLongDate, MONTH_NAMES, parseLongDate } from './dates.js';
