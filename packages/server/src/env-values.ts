// Reading settings text, shared by every configuration loader (config.ts, portal/, queue/, webhooks/).

export type Env = Readonly<Record<string, string | undefined>>;

/** The trimmed text, or undefined when absent or blank; a number (a flag given in code) as its digits. */
export function present(value: string | number | undefined): string | undefined {
  if (typeof value === 'number') return String(value);
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Seconds as settings write them: up to 6 digits and 3 decimals. */
const SECONDS = /^\d{1,6}(\.\d{1,3})?$/;

/** Comma-separated delays in seconds, each above 0 and at most a day; null when any is not one. */
export function parseDelays(text: string): number[] | null {
  const values = text.split(',').map((part) => {
    const trimmed = part.trim();
    return SECONDS.test(trimmed) ? Number(trimmed) : Number.NaN;
  });
  return values.some((value) => !(value > 0 && value <= 86_400)) ? null : values;
}

export interface NumberRule {
  readonly min: number;
  readonly max: number;
  /** Whole numbers only (up to 7 digits); otherwise seconds-style decimals. */
  readonly whole: boolean;
  /** Named in the problem ("a whole number of checks"), when given. */
  readonly unit?: string;
}

/**
 * A reader of numeric variables for one loader: `read(name, fallback, rule)` is the variable as a
 * number within `rule`, else `fallback`; a bad value adds a problem naming it.
 */
export function numberReader(env: Env, problems: string[]) {
  return (name: string, fallback: number, rule: NumberRule): number => {
    const text = present(env[name]);
    if (text === undefined) return fallback;
    const value = (rule.whole ? /^\d{1,7}$/ : SECONDS).test(text) ? Number(text) : Number.NaN;
    if (!(value >= rule.min && value <= rule.max)) {
      const kind = rule.whole ? 'a whole number' : 'a number';
      problems.push(
        `${name} must be ${kind}${rule.unit ? ` of ${rule.unit}` : ''} from ${rule.min} to ${rule.max}.`,
      );
      return fallback;
    }
    return value;
  };
}
