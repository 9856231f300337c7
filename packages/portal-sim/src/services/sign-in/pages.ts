import { errorFor, errorList, type FieldError } from '../../forms/field-error.js';
import { htmlResponse, type SimResponse } from '../../server/http-types.js';
import type { SimRuntime } from '../runtime.js';
import { RIGHT_TO_WORK } from '../service-info.js';
import type { AuthSession } from './auth-sessions.js';
import { AUTHENTICATE_PATH, SIGN_IN_CLIENT_ID } from './paths.js';

export interface SignInMessage {
  title: string;
  heading: string;
  headingSize?: 'xl' | 'l';
  paragraphs: readonly string[];
  link?: { text: string; href: string; id?: string };
  button?: { text: string; href: string; id?: string };
  restartHref?: string;
  continueHref?: string;
}

/**
 * The sign-in host's pages in its Keycloak layout: share code, date of birth, messages, and
 * Keycloak's "Page has expired" and "We are sorry..." (Cookie not found).
 */
export function signInPages(runtime: SimRuntime) {
  const serviceEntry = () => `${runtime.origin()}${RIGHT_TO_WORK.prefix}${RIGHT_TO_WORK.entryPath}`;

  function render(
    template: string,
    context: Record<string, unknown>,
    status = 200,
    setCookies: readonly string[] = [],
  ): SimResponse {
    const html = runtime.renderer.render(template, {
      assetPath: '/assets',
      cookieBanner: runtime.settings.cookieBanners,
      cookiesUrl: `${runtime.origin()}${RIGHT_TO_WORK.prefix}/cookies`,
      feedbackUrl: `${runtime.origin()}${RIGHT_TO_WORK.prefix}/feedback`,
      ...context,
    });
    return htmlResponse(status, html, setCookies);
  }

  const stepQuery = (s: AuthSession) =>
    `execution=${s.execution}&client_id=${SIGN_IN_CLIENT_ID}&tab_id=${s.tabId}`;
  const actionOf = (s: AuthSession) =>
    `${runtime.signInOrigin()}${AUTHENTICATE_PATH}?session_code=${s.sessionCode}&${stepQuery(s)}`;

  function message(page: SignInMessage, status = 200, setCookies: readonly string[] = []): SimResponse {
    return render('sign-in/message.njk', { ...page }, status, setCookies);
  }

  /** Keycloak's page for a form sent from a page that is no longer current. */
  function pageExpired(session: AuthSession | undefined): SimResponse {
    return message({
      title: 'Page has expired',
      heading: 'Page has expired',
      paragraphs: [],
      restartHref: serviceEntry(),
      continueHref: session
        ? `${runtime.signInOrigin()}${AUTHENTICATE_PATH}?${stepQuery(session)}`
        : serviceEntry(),
    });
  }

  /** Keycloak's error page when the authentication-session cookie did not come back. */
  function cookieNotFound(): SimResponse {
    return message(
      {
        title: 'We are sorry...',
        heading: 'We are sorry...',
        paragraphs: ['Cookie not found. Please make sure cookies are enabled in your browser.'],
        link: { text: 'Back to Application', href: serviceEntry(), id: 'backToApplication' },
      },
      400,
    );
  }

  function shareCodePage(s: AuthSession, value = '', errors: FieldError[] = [], cookies: string[] = []) {
    const variants = runtime.variants();
    if (variants.entryPage === 'redesigned') {
      return render(
        'sign-in/redesigned-entry.njk',
        {
          title: 'Verify a digital immigration record',
          action: actionOf(s),
          csrfName: 'csrfToken',
          csrfToken: s.csrf,
        },
        200,
        cookies,
      );
    }
    return render(
      'sign-in/share-code.njk',
      {
        title: "Enter the job applicant's share code",
        heading: "Enter the job applicant's share code",
        paragraphs: [
          'The job applicant can get a share code from the View and prove your immigration status service.',
        ],
        hint: 'It is 9 characters long, for example W12 3AB C45',
        action: actionOf(s),
        csrfToken: s.csrf,
        submitText: variants.submitText,
        values: { shareCode: value },
        errors: errorList(errors),
        fieldErrors: { shareCode: errorFor(errors, 'shareCode') },
        backHref: `${runtime.origin()}${runtime.startPages.rightToWork}`,
      },
      200,
      cookies,
    );
  }

  function datePage(
    s: AuthSession,
    values = { day: '', month: '', year: '' },
    problem?: { message: string; parts: readonly string[] },
  ) {
    const errors: FieldError[] = problem
      ? [{ field: `dob-${problem.parts[0] ?? 'day'}`, message: problem.message }]
      : [];
    return render('sign-in/date-of-birth.njk', {
      title: "What is the job applicant's date of birth?",
      heading: "What is the job applicant's date of birth?",
      action: actionOf(s),
      csrfToken: s.csrf,
      submitText: runtime.variants().submitText,
      values,
      dobError: problem ?? { message: '', parts: [] },
      errors: errorList(errors),
      backHref: serviceEntry(),
    });
  }

  return { message, pageExpired, cookieNotFound, shareCodePage, datePage, serviceEntry };
}
