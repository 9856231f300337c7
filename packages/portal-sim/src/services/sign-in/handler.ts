import { validateDateOfBirth } from '../../forms/validate-date-of-birth.js';
import { validateShareCode } from '../../forms/validate-share-code.js';
import { lookupPerson } from '../../lookup/lookup-person.js';
import { redirectResponse, type SimRequest, type SimResponse } from '../../server/http-types.js';
import { serialiseCookie } from '../../session/cookies.js';
import { ukToday } from '../../util/dates.js';
import { problemPage, unavailablePage } from '../common-pages.js';
import { failureWording } from '../lookup-wording.js';
import type { SimRuntime } from '../runtime.js';
import type { HostRoutes } from '../service-handler.js';
import { type AuthSession, AuthSessions, type SignInOutcome } from './auth-sessions.js';
import { signInPages } from './pages.js';
import { AUTH_PATH, AUTHENTICATE_PATH, REALM, SIGN_IN_CLIENT_ID } from './paths.js';

const COOKIE = 'AUTH_SESSION_ID';

/** Keycloak's own error pages, which a test can make the next sign-in form posts answer with. */
export type SignInInterruption = 'page-expired' | 'cookie-not-found';
export const SIGN_IN_INTERRUPTIONS: readonly SignInInterruption[] = ['page-expired', 'cookie-not-found'];

/** The sign-in host as the right-to-work service sees it. */
export interface SignInHost extends HostRoutes {
  /** The next `times` form posts to the sign-in host answer with this page (and lose the sign-in). */
  interrupt(page: SignInInterruption, times: number): void;
  /** How many interruptions are still to come. */
  pendingInterruptions(): number;
  /** Where the service sends the browser to sign in (share code and date of birth). */
  authorizeUrl(redirectUri: string, state: string): string;
  /** The result of a finished sign-in, once. */
  redeem(code: string): SignInOutcome | undefined;
}

/**
 * The separate sign-in host (stands for user-auth.apply-to-visit-or-stay-in-the-uk.homeoffice.gov.uk):
 * right to work's share-code and date-of-birth steps, the "do not match our records" page, and
 * Keycloak's own "Page has expired" and "Cookie not found" pages. A good lookup goes back to the
 * service with a one-time code.
 */
export function createSignInHost(runtime: SimRuntime): SignInHost {
  const sessions = new AuthSessions();
  let interruptions: SignInInterruption[] = [];
  const nowMs = () => runtime.now().getTime();
  const timeout = () =>
    runtime.faultsFor('rightToWork').sessionTimeoutSeconds ?? runtime.settings.sessionTimeoutSeconds;
  const { message, pageExpired, cookieNotFound, shareCodePage, datePage, serviceEntry } =
    signInPages(runtime);

  function begin(req: SimRequest): SimResponse {
    const redirectUri = req.query.get('redirect_uri') ?? '';
    const state = req.query.get('state') ?? '';
    if (req.query.get('client_id') !== SIGN_IN_CLIENT_ID || !redirectUri.startsWith(runtime.origin())) {
      return message(
        {
          title: 'We are sorry...',
          heading: 'We are sorry...',
          paragraphs: ['Invalid parameter: redirect_uri'],
        },
        400,
      );
    }
    const s = sessions.create(nowMs(), redirectUri, state);
    const cookie = serialiseCookie(COOKIE, s.id, { path: `${REALM}/` });
    return shareCodePage(s, '', [], [cookie]);
  }

  function submitCode(req: SimRequest, s: AuthSession): SimResponse {
    if (runtime.variants().entryPage === 'redesigned') return shareCodePage(s);
    const raw = req.form.get('shareCode');
    const code = validateShareCode(raw);
    if (!code.ok) return shareCodePage(s, raw ?? '', [{ field: 'shareCode', message: code.error }]);
    s.shareCode = code.value;
    sessions.advance(s, 'date-of-birth');
    return datePage(s);
  }

  function submitDate(req: SimRequest, s: AuthSession): SimResponse {
    const values = {
      day: req.form.get('dob-day') ?? '',
      month: req.form.get('dob-month') ?? '',
      year: req.form.get('dob-year') ?? '',
    };
    const now = runtime.now();
    const today = ukToday(now);
    const date = validateDateOfBirth(values, today);
    if (!date.ok) return datePage(s, values, date.error);
    const shareCode = s.shareCode ?? '';
    const result = lookupPerson({
      shareCode,
      dateOfBirth: date.value,
      kind: 'right_to_work',
      people: runtime.people,
      lockout: runtime.lockout,
      today,
      nowMs: now.getTime(),
      validityDays: runtime.settings.shareCodeValidityDays,
    });
    if (!result.ok) {
      const who = runtime.people.get(shareCode);
      const w = failureWording(
        result.error,
        'right_to_work',
        runtime.settings.shareCodeValidityDays,
        runtime.variantsFor(who),
      );
      // The `unseen` wording stays on the date page, as a form error would.
      if (w.onDatePage) return datePage(s, values, { message: w.summary, parts: ['day', 'month', 'year'] });
      sessions.drop(s.id);
      return message({
        title: w.heading,
        heading: w.heading,
        headingSize: 'xl',
        paragraphs: w.paragraphs,
        button: { text: 'Try again', href: serviceEntry(), id: 'try-again' },
      });
    }
    const code = sessions.finish(s, { shareCode, dob: values, matched: result.value.shareCode });
    const back = new URL(s.redirectUri);
    back.searchParams.set('state', s.state);
    back.searchParams.set('code', code);
    return redirectResponse(back.toString(), [serialiseCookie(COOKIE, '', { path: `${REALM}/`, maxAge: 0 })]);
  }

  function authenticate(req: SimRequest): SimResponse {
    const found = sessions.find(req.cookies.get(COOKIE), nowMs(), timeout());
    if (found.kind === 'no-cookie') return cookieNotFound();
    if (found.kind === 'expired') return pageExpired(undefined);
    const s = found.session;
    const sameTab = req.query.get('tab_id') === s.tabId && req.query.get('execution') === s.execution;
    if (req.method === 'GET') {
      if (!sameTab) return pageExpired(s);
      return s.step === 'share-code' ? shareCodePage(s) : datePage(s);
    }
    const interruption = interruptions.shift();
    if (interruption !== undefined) {
      sessions.drop(s.id);
      return interruption === 'cookie-not-found' ? cookieNotFound() : pageExpired(undefined);
    }
    if (!sameTab || req.query.get('session_code') !== s.sessionCode || req.form.get('csrfToken') !== s.csrf) {
      return pageExpired(s);
    }
    return s.step === 'share-code' ? submitCode(req, s) : submitDate(req, s);
  }

  async function handle(req: SimRequest): Promise<SimResponse> {
    if (req.method === 'GET' && req.path === AUTH_PATH) return begin(req);
    if ((req.method === 'GET' || req.method === 'POST') && req.path === AUTHENTICATE_PATH)
      return authenticate(req);
    return message(
      { title: 'We are sorry...', heading: 'We are sorry...', paragraphs: ['Page not found'] },
      404,
    );
  }

  return {
    authorizeUrl: (redirectUri, state) => {
      const q = new URLSearchParams({
        client_id: SIGN_IN_CLIENT_ID,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: 'openid',
      });
      return `${runtime.signInOrigin()}${AUTH_PATH}?${q.toString()}`;
    },
    redeem: (code) => sessions.redeem(code),
    interrupt: (page, times) => {
      interruptions = [...interruptions, ...Array.from({ length: times }, () => page)];
    },
    pendingInterruptions: () => interruptions.length,
    classify: (req) => {
      const onDate = sessions.peek(req.cookies.get(COOKIE))?.step === 'date-of-birth';
      return req.method === 'POST' && req.path === AUTHENTICATE_PATH && onDate ? 'lookup' : 'other';
    },
    handle,
    problem: (status) => {
      const { link, ...page } = problemPage(status, serviceEntry());
      return message({ ...page, ...(link ? { link: { ...link, id: 'start-again' } } : {}) }, status);
    },
    unavailable: () => message(unavailablePage(), 503),
    reset: () => {
      sessions.clear();
      interruptions = [];
    },
  };
}
