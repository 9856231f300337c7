import { errorFor, type FieldError } from '../../forms/field-error.js';
import { validateText } from '../../forms/validate-text.js';
import { renderPdf } from '../../pdf/render-pdf.js';
import {
  jpegResponse,
  pdfResponse,
  redirectResponse,
  type SimRequest,
  type SimResponse,
} from '../../server/http-types.js';
import type { Session } from '../../session/session-store.js';
import { ukToday } from '../../util/dates.js';
import { makeReference, makeToken } from '../../util/random.js';
import { problemPage } from '../common-pages.js';
import { handleCookieChoice } from '../cookie-banner.js';
import { failureWording } from '../lookup-wording.js';
import { shapeOf } from '../page-shape.js';
import { pdfDelivery, photoSrc } from '../result-delivery.js';
import type { SimRuntime } from '../runtime.js';
import type { ServiceHandler } from '../service-handler.js';
import { RIGHT_TO_WORK } from '../service-info.js';
import { ServiceKit } from '../service-kit.js';
import {
  type CodeAndDateState,
  lookupFailurePage,
  matchedPerson,
  redesignedEntry,
  renderDateOfBirth,
  type ShareCodePageText,
  startShareCode,
  submitDateOfBirth,
  submitShareCode,
} from '../shared-steps.js';
import type { SignInHost } from '../sign-in/handler.js';
import { type RightToWorkCheck, rightToWorkPdf, rightToWorkView } from './result-view.js';

interface State extends CodeAndDateState {
  /** The `state` sent to the sign-in host, checked when it sends the browser back. */
  signInState?: string;
  check?: RightToWorkCheck;
}

const SHARE_CODE_TEXT: ShareCodePageText = {
  title: "Enter the job applicant's share code",
  heading: "Enter the job applicant's share code",
  paragraphs: [
    'The job applicant can get a share code from the View and prove your immigration status service.',
  ],
  hint: 'It is 9 characters long, for example W12 3AB C45',
};

const P = {
  entry: '/rtw-view',
  dob: '/rtw-view/date-of-birth',
  callback: '/rtw-view/callback',
  getStarted: '/rtw-view/get-started',
  company: '/rtw-view/company-name',
  profile: '/rtw-view/profile',
  photo: '/rtw-view/profile/photo',
  pdf: '/rtw-view/profile/pdf',
} as const;

/**
 * right-to-work.service.gov.uk: /rtw-view sends the browser to the sign-in host for the share
 * code and date of birth (variant signIn "service-host" keeps them here), which sends it back to
 * /rtw-view/callback; then the historic "Start now" page (markup 2022), the company name, the
 * profile, its photo (variant) and its PDF.
 */
export function createRightToWork(runtime: SimRuntime, signIn: SignInHost): ServiceHandler {
  const kit = new ServiceKit<State>(RIGHT_TO_WORK, runtime, () => ({}), {
    banner: 'service',
    contentRowId: 'gov-grid-row-content',
  });

  const person = (session: Session<State>) => {
    const found = matchedPerson(kit, session);
    return found?.kind === 'right_to_work' ? found : undefined;
  };
  /** 2022's pages sat under #content, 2023's under #gov-grid-row-content (scrapers' selectors). */
  const rowId = (session: Session<State>) =>
    kit.variantsOf(session).markup === '2022' ? 'content' : 'gov-grid-row-content';

  function afterLookup(session: Session<State>): SimResponse {
    const v = kit.variantsOf(session);
    const interstitial = runtime.settings.rightToWorkInterstitial || v.markup === '2022';
    return redirectResponse(kit.url(interstitial ? P.getStarted : P.company));
  }

  function companyPage(req: SimRequest, session: Session<State>, value: string, errors: FieldError[]) {
    return kit.page(
      'right-to-work/company-name.njk',
      req,
      {
        action: kit.url(P.company),
        backHref: kit.entryUrl,
        contentRowId: rowId(session),
        values: { checkerName: value },
        fieldErrors: { checkerName: errorFor(errors, 'checkerName') },
      },
      { title: 'Enter your company name', errors, session },
    );
  }

  function entry(req: SimRequest): SimResponse {
    const v = runtime.variants();
    if (v.signIn === 'service-host') {
      if (v.entryPage === 'redesigned') return redesignedEntry(kit, req);
      return startShareCode(kit, req, SHARE_CODE_TEXT);
    }
    const { session, cookie } = kit.startSession();
    const state = makeToken();
    session.state = { signInState: state };
    const back = `${runtime.origin()}${kit.url(P.callback)}`;
    return redirectResponse(signIn.authorizeUrl(back, state), [cookie]);
  }

  function callback(req: SimRequest, session: Session<State>): SimResponse {
    const outcome = signIn.redeem(req.query.get('code') ?? '');
    if (!outcome || outcome.state !== session.state.signInState || req.query.get('state') !== outcome.state) {
      return kit.message(problemPage(400, kit.entryUrl), req);
    }
    session.state = { shareCode: outcome.shareCode, dob: outcome.dob, matched: outcome.matched };
    return afterLookup(session);
  }

  function lookupFailed(
    req: SimRequest,
    session: Session<State>,
    failure: Parameters<typeof failureWording>[0],
  ) {
    const who = session.state.shareCode ? runtime.people.get(session.state.shareCode) : undefined;
    const w = failureWording(
      failure,
      kit.info.kind,
      runtime.settings.shareCodeValidityDays,
      runtime.variantsFor(who),
    );
    return lookupFailurePage(kit, req, w);
  }

  async function result(req: SimRequest, session: Session<State>, key: string): Promise<SimResponse> {
    const who = person(session);
    const check = session.state.check;
    if (!who || !check) return redirectResponse(kit.entryUrl);
    const v = kit.variantsOf(session);
    const delivery = pdfDelivery(v);
    if (key === `GET ${P.photo}`) return jpegResponse(who.photoJpeg);
    if (key === `POST ${P.pdf}`) {
      const bytes = await renderPdf(rightToWorkPdf(who, check, runtime.now()));
      return pdfResponse(bytes, kit.info.pdfFilename, delivery.disposition);
    }
    const view = rightToWorkView(who, check, shapeOf(runtime.faultsFor(kit.info.name)));
    return kit.page(
      'right-to-work/profile.njk',
      req,
      {
        ...view,
        photoSrc: photoSrc(v, who, kit.url(P.photo)),
        pdfAction: kit.url(P.pdf),
        pdfTarget: delivery.target,
        contentRowId: rowId(session),
      },
      { title: view.labels.title, session },
    );
  }

  async function route(req: SimRequest): Promise<SimResponse> {
    const key = `${req.method} ${req.path}`;
    if (key === 'GET /' || key === 'GET ') return redirectResponse(kit.entryUrl);
    if (key === `GET ${P.entry}`) return entry(req);
    if (key === 'GET /cookies') return kit.page('pages/cookies.njk', req, {}, { title: 'Cookies' });
    if (key === 'POST /cookie-preferences') return handleCookieChoice(req, kit.info.prefix);

    const known = Object.values(P) as string[];
    if (!known.includes(req.path) || (req.method !== 'GET' && req.method !== 'POST'))
      return kit.notFound(req);
    const guarded = kit.guard(req);
    if (!guarded.ok) return guarded.response;
    const session = guarded.session;
    const state = session.state;

    switch (key) {
      case `GET ${P.callback}`:
        return callback(req, session);
      case `POST ${P.entry}`:
        if (runtime.variants().entryPage === 'redesigned') return redirectResponse(kit.entryUrl);
        return submitShareCode(kit, req, session, SHARE_CODE_TEXT, P.dob);
      case `GET ${P.dob}`:
        return state.shareCode ? renderDateOfBirth(kit, req, session) : redirectResponse(kit.entryUrl);
      case `POST ${P.dob}`: {
        if (!state.shareCode) return redirectResponse(kit.entryUrl);
        const submitted = submitDateOfBirth(kit, req, session, state.shareCode);
        if (submitted.kind === 'invalid') return submitted.response;
        if (!submitted.result.ok) return lookupFailed(req, session, submitted.result.error);
        return afterLookup(session);
      }
      case `GET ${P.getStarted}`:
        if (!person(session)) return redirectResponse(kit.entryUrl);
        return kit.page(
          'right-to-work/get-started.njk',
          req,
          { nextHref: kit.url(P.company), contentRowId: rowId(session) },
          { title: 'Start now', session },
        );
      case `GET ${P.company}`:
        return person(session)
          ? companyPage(req, session, state.check?.companyName ?? '', [])
          : redirectResponse(kit.entryUrl);
      case `POST ${P.company}`: {
        if (!person(session)) return redirectResponse(kit.entryUrl);
        const raw = req.form.get('checkerName');
        const name = validateText(raw, { empty: 'Enter your company name', label: 'Company name' });
        if (!name.ok)
          return companyPage(req, session, raw ?? '', [{ field: 'checkerName', message: name.error }]);
        const check: RightToWorkCheck = {
          companyName: name.value,
          reference: makeReference(kit.info.referencePrefix),
          checkDate: ukToday(runtime.now()),
        };
        session.state = { ...state, check };
        return redirectResponse(kit.url(P.profile));
      }
      case `GET ${P.profile}`:
      case `GET ${P.photo}`:
      case `POST ${P.pdf}`:
        return result(req, session, key);
      default:
        // A GET of the PDF address, or a POST to a page that only shows: back to the page.
        return redirectResponse(kit.url(req.path === P.pdf ? P.profile : req.path));
    }
  }

  return {
    info: RIGHT_TO_WORK,
    entryUrl: () => kit.entryUrl,
    classify: (req) => {
      if (req.method === 'POST' && req.path === P.dob) return 'lookup';
      if (req.path === P.profile || req.path === P.pdf || req.path === P.photo) return 'result';
      return 'other';
    },
    handle: route,
    problem: (status, req) => kit.message({ ...problemPage(status, kit.entryUrl), inForm: true }, req),
    unavailable: (req) => kit.unavailable(req),
    reset: () => kit.sessions.clear(),
  };
}
