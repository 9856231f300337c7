import { fail, type Outcome, ok } from '@sharecode/core';

/**
 * The forms a page may take where the evidence is unknown or changed over time. Each key lists
 * its allowed values; the FIRST value is the default, the likeliest real form today (README,
 * "Variants", cites the evidence of each).
 */
export const SIM_VARIANT_VALUES = {
  /** Right to work's page structure: today's (2023 ids carried forward), 2023's, or 2022's. */
  markup: ['current', '2023', '2022'],
  /** Right to work: share code and date of birth on the separate sign-in host, or on the service. */
  signIn: ['sign-in-host', 'service-host'],
  /** "Details of check" on right to work and right to rent: headings and paragraphs, or a summary list. */
  checkDetails: ['headings', 'summary-list'],
  /** How the PDF comes: a download (attachment), shown in the page's tab (inline), or in a new tab. */
  pdf: ['attachment', 'inline', 'new-tab'],
  /** The result photo: a `data:` URI, or a URL that only answers with the session cookie. */
  photo: ['data-uri', 'session-url'],
  /** The text of the form steps' submit controls. */
  submitText: ['Continue', 'Submit'],
  /** Right to work: one page for an unknown code and a wrong date of birth, or a page for each. */
  lookupErrors: ['one-page', 'separate-pages'],
  /**
   * Wording of lookup failures: the short heading, the longer "you entered" sentence, or (INVENTED)
   * `unseen`: words no source records and no driver knows, as an error summary on the date page.
   */
  errorWording: ['short', 'long', 'unseen'],
  /** Right to rent's entry path (INVENTED: no evidence of any path on that host). */
  rightToRentEntry: ['rtr-view', 'landlord-check'],
  /** Where a driver enters check immigration status: the GOV.UK start page, /view/checker-details, or /view/start (mocks only). */
  immigrationStatusEntry: ['gov-uk-start', 'checker-details', 'view-start'],
  /** INVENTED, for the operator canary: `redesigned` turns every share-code entry page into one no driver knows. */
  entryPage: ['known', 'redesigned'],
} as const;

export type SimVariantKey = keyof typeof SIM_VARIANT_VALUES;

/** One value per variant key. */
export type SimVariants = { readonly [K in SimVariantKey]: (typeof SIM_VARIANT_VALUES)[K][number] };

export type MarkupVariant = SimVariants['markup'];
export type SignInVariant = SimVariants['signIn'];
export type CheckDetailsVariant = SimVariants['checkDetails'];
export type PdfVariant = SimVariants['pdf'];
export type PhotoVariant = SimVariants['photo'];
export type SubmitTextVariant = SimVariants['submitText'];
export type LookupErrorsVariant = SimVariants['lookupErrors'];
export type ErrorWordingVariant = SimVariants['errorWording'];
export type RightToRentEntryVariant = SimVariants['rightToRentEntry'];
export type ImmigrationStatusEntryVariant = SimVariants['immigrationStatusEntry'];
export type EntryPageVariant = SimVariants['entryPage'];

export const SIM_VARIANT_KEYS = Object.keys(SIM_VARIANT_VALUES) as SimVariantKey[];

export const DEFAULT_VARIANTS: SimVariants = Object.fromEntries(
  SIM_VARIANT_KEYS.map((k) => [k, SIM_VARIANT_VALUES[k][0]]),
) as unknown as SimVariants;

/**
 * Variants that only take effect before the person is known (the entry and sign-in pages), so a
 * person's own `variants` cannot change them: they are per run only.
 */
export const RUN_ONLY_VARIANTS: readonly SimVariantKey[] = [
  'signIn',
  'rightToRentEntry',
  'immigrationStatusEntry',
  'entryPage',
];

const allowed = (key: SimVariantKey) => SIM_VARIANT_VALUES[key].map((v) => `"${v}"`).join(', ');

/**
 * Checks a partial set of variants: every key must be known and every value one of its allowed
 * values. `where` prefixes each problem (for example `people[2].variants`).
 */
export function parseVariants(raw: unknown, where = 'variants'): Outcome<Partial<SimVariants>, string[]> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail([`${where}: must be an object such as {"pdf":"inline"}`]);
  }
  const problems: string[] = [];
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (!(key in SIM_VARIANT_VALUES)) {
      problems.push(`${where}.${key}: is not a variant; use one of ${SIM_VARIANT_KEYS.join(', ')}`);
      continue;
    }
    const k = key as SimVariantKey;
    if (!(SIM_VARIANT_VALUES[k] as readonly unknown[]).includes(value)) {
      problems.push(`${where}.${key}: must be one of ${allowed(k)}`);
      continue;
    }
    out[key] = value as string;
  }
  return problems.length > 0 ? fail(problems) : ok(out as Partial<SimVariants>);
}

/** Picks the variant keys out of a bag of options (startPortalSim's), leaving the rest alone. */
export function pickVariants(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    SIM_VARIANT_KEYS.filter((k) => options[k] !== undefined).map((k) => [k, options[k]]),
  );
}

/** The variants a person sees: the run's, overridden by the person's own except for run-only keys. */
export function variantsFor(run: SimVariants, person: Partial<SimVariants> | undefined): SimVariants {
  if (!person) return run;
  const own = Object.fromEntries(
    Object.entries(person).filter(([k]) => !RUN_ONLY_VARIANTS.includes(k as SimVariantKey)),
  );
  return { ...run, ...own };
}
