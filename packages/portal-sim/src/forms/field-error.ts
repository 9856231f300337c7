/** One field's problem: the message and the id of the input the error summary links to. */
export interface FieldError {
  readonly field: string;
  readonly message: string;
  /** Where the summary links when not to the field itself (radios: the first option). */
  readonly href?: string;
}

/** The error summary's list, in the order the fields appear on the page. */
export function errorList(errors: readonly FieldError[]): { text: string; href: string }[] {
  return errors.map((e) => ({ text: e.message, href: e.href ?? `#${e.field}` }));
}

/** The inline message of one field, as govuk macros take it, or false when the field is fine. */
export function errorFor(errors: readonly FieldError[], field: string): { text: string } | false {
  const found = errors.find((e) => e.field === field);
  return found ? { text: found.message } : false;
}
