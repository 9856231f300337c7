// The one reader of dates typed for rtw: --dob (and a batch's date column), `register set`'s dates
// and --today. Free of imports: `rtw --help` loads it with the option parsers.

export type TypedDate =
  | { ok: true; value: string }
  /** `shape`: not written as a date; `not_real`: written as one, but no such day (31/02/1990). */
  | { ok: false; reason: 'shape' | 'not_real'; isoShaped?: string };

const UK = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A date as people in the UK type it, `31/12/2026` (day first) or `2026-12-31`, with spaces around:
 * `YYYY-MM-DD` when the day exists. A date-shaped text naming no day (`31/02/1990`, `2026-13-01`)
 * is `not_real`, with its `YYYY-MM-DD` shape for rules that read that form.
 */
export function readTypedDate(raw: string): TypedDate {
  const text = raw.trim();
  const uk = UK.exec(text);
  const iso = ISO.exec(text);
  const parts = uk
    ? { year: Number(uk[3]), month: Number(uk[2]), day: Number(uk[1]) }
    : iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : undefined;
  if (parts === undefined) return { ok: false, reason: 'shape' };
  const value = `${String(parts.year).padStart(4, '0')}-${pad(parts.month)}-${pad(parts.day)}`;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    return { ok: false, reason: 'not_real', isoShaped: value };
  return { ok: true, value };
}

/** The message for a typed date that is not one, naming it as typed (never used for a date of birth). */
export function typedDateProblem(raw: string, read: Exclude<TypedDate, { ok: true }>): string {
  if (read.reason === 'not_real') return `${raw.trim()} is not a real date: check the day and the month.`;
  return `${JSON.stringify(raw.trim())} is not a date: write it as DD/MM/YYYY or YYYY-MM-DD, such as 31/12/2026.`;
}
