import type { ApplicantFormInput } from './applicant-form.js';
import type { ApplicantFormValues } from './applicant-view.js';

/** The applicant's form as posted, with the CSRF value its page adds. */
export type PostedApplicantForm = ApplicantFormInput & { csrf?: string };

/**
 * The form's fields from a parsed urlencoded body (the service's parsed object, or the sandbox's
 * URLSearchParams): a field missing, or not a single string, is undefined.
 */
export function applicantFormInput(body: unknown): PostedApplicantForm {
  const read =
    body instanceof URLSearchParams
      ? (name: string): unknown => body.get(name) ?? undefined
      : (name: string): unknown =>
          typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  const text = (name: string) => {
    const value = read(name);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    share_code: text('share_code'),
    dob_day: text('dob_day'),
    dob_month: text('dob_month'),
    dob_year: text('dob_year'),
    csrf: text('csrf'),
  };
}

/** The form's values as typed, to show again beside its errors. */
export function applicantFormValues(form: ApplicantFormInput): ApplicantFormValues {
  return {
    share_code: form.share_code ?? '',
    dob_day: form.dob_day ?? '',
    dob_month: form.dob_month ?? '',
    dob_year: form.dob_year ?? '',
  };
}
