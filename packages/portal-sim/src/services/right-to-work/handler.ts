import { errorFor, type FieldError } from '../../forms/field-error.js';
import { validateText } from '../../forms/validate-text.js';
import { redirectResponse, type SimRequest, type SimResponse } from '../../server/http-types.js';
import type { Session } from '../../session/session-store.js';
import { ukToday } from '../../util/dates.js';
import { makeReference, makeToken } from '../../util/random.js';
import { CodeAndDateSteps } from '../code-and-date-steps.js';
import { problemPage } from '../common-pages.js';
import { shapeOf } from '../page-shape.js';
import { pdfResult, photoResponse, profilePage } from '../result-steps.js';
import type { SimRuntime } from '../runtime.js';
import type { ServiceHandler } from '../service-handler.js';
import { RIGHT_TO_WORK } from '../service-info.js';
import { ServiceKit } from '../service-kit.js';
import { openStep, serviceHandler } from '../service-routes.js';
import type { CodeAndDateState, ShareCodePageText } from '../shared-steps.js';
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

  const steps = new CodeAndDateSteps(kit, SHARE_CODE_TEXT, { entry: P.entry, dob: P.dob });
  const person = (session: Session<State>) => steps.person(session, 'right_to_work');
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
      return steps.entry(req);
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

  async function result(req: SimRequest, session: Session<State>, key: string): Promise<SimResponse> {
    const who = person(session);
    const check = session.state.check;
    if (!who || !check) return redirectResponse(kit.entryUrl);
    if (key === `GET ${P.photo}`) return photoResponse(kit, who, true);
    if (key === `POST ${P.pdf}`) return pdfResult(kit, session, rightToWorkPdf(who, check, runtime.now()));
    const view = rightToWorkView(who, check, shapeOf(runtime.faultsFor(kit.info.name)));
    const page = { template: 'right-to-work/profile.njk', view, who, photoPath: P.photo };
    return profilePage(kit, req, session, page, { pdfAction: kit.url(P.pdf), contentRowId: rowId(session) });
  }

  async function route(req: SimRequest): Promise<SimResponse> {
    const guarded = openStep(kit, req, P, entry);
    if (!guarded.ok) return guarded.response;
    const key = `${req.method} ${req.path}`;
    const session = guarded.session;
    const state = session.state;

    const shared = steps.answer(req, session, {
      matched: () => afterLookup(session),
      failed: (failure) => steps.failurePage(req, session, failure),
    });
    if (shared) return shared;

    switch (key) {
      case `GET ${P.callback}`:
        return callback(req, session);
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

  return serviceHandler(kit, P, {
    handle: route,
    problem: (status, req) => kit.message({ ...problemPage(status, kit.entryUrl), inForm: true }, req),
  });
}
