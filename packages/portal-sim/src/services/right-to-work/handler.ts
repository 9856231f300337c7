import { errorFor, type FieldError } from '../../forms/field-error.js';
import { validateText } from '../../forms/validate-text.js';
import { renderPdf } from '../../pdf/render-pdf.js';
import { pdfResponse, redirectResponse, type SimRequest, type SimResponse } from '../../server/http-types.js';
import type { Session } from '../../session/session-store.js';
import { ukToday } from '../../util/dates.js';
import { makeReference } from '../../util/random.js';
import { handleCookieChoice } from '../cookie-banner.js';
import { lookupWording } from '../lookup-wording.js';
import { shapeOf } from '../page-shape.js';
import type { SimRuntime } from '../runtime.js';
import type { ServiceHandler } from '../service-handler.js';
import { RIGHT_TO_WORK } from '../service-info.js';
import { ServiceKit } from '../service-kit.js';
import {
  type CodeAndDateState,
  matchedPerson,
  renderDateOfBirth,
  type ShareCodePageText,
  startShareCode,
  submitDateOfBirth,
  submitShareCode,
} from '../shared-steps.js';
import { type RightToWorkCheck, rightToWorkPdf, rightToWorkView } from './result-view.js';

interface State extends CodeAndDateState {
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
  getStarted: '/rtw-view/get-started',
  company: '/rtw-view/company-name',
  profile: '/rtw-view/profile',
  pdf: '/rtw-view/profile/pdf',
} as const;

/**
 * right-to-work.service.gov.uk: share code, date of birth, (historic "Start now" page), company
 * name, profile. Submit buttons keep the scrapers' `#submit` id and read "Continue".
 */
export function createRightToWork(runtime: SimRuntime): ServiceHandler {
  const kit = new ServiceKit<State>(RIGHT_TO_WORK, runtime, () => ({}), {
    banner: 'service',
    contentRowId: 'gov-grid-row-content',
  });

  const person = (session: Session<State>) => {
    const found = matchedPerson(kit, session);
    return found?.kind === 'right_to_work' ? found : undefined;
  };

  function companyPage(
    req: SimRequest,
    session: Session<State>,
    value: string,
    errors: FieldError[],
  ): SimResponse {
    return kit.page(
      'right-to-work/company-name.njk',
      req,
      {
        action: kit.url(P.company),
        backHref: kit.url(P.dob),
        values: { checkerName: value },
        fieldErrors: { checkerName: errorFor(errors, 'checkerName') },
      },
      { title: 'Enter your company name', errors, session },
    );
  }

  async function route(req: SimRequest): Promise<SimResponse> {
    const key = `${req.method} ${req.path}`;
    if (key === 'GET /' || key === 'GET ') return redirectResponse(kit.entryUrl);
    if (key === `GET ${P.entry}`) return startShareCode(kit, req, SHARE_CODE_TEXT);
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
      case `POST ${P.entry}`:
        return submitShareCode(kit, req, session, SHARE_CODE_TEXT, P.dob);
      case `GET ${P.dob}`:
        return state.shareCode ? renderDateOfBirth(kit, req, session) : redirectResponse(kit.entryUrl);
      case `POST ${P.dob}`: {
        if (!state.shareCode) return redirectResponse(kit.entryUrl);
        const submitted = submitDateOfBirth(kit, req, session, state.shareCode);
        if (submitted.kind === 'invalid') return submitted.response;
        if (!submitted.result.ok) {
          const w = lookupWording(
            submitted.result.error,
            kit.info.kind,
            runtime.settings.shareCodeValidityDays,
          );
          return kit.message(
            {
              status: 200,
              title: w.heading,
              heading: w.heading,
              headingSize: 'xl',
              paragraphs: w.paragraphs,
              button: { text: 'Try again', href: kit.entryUrl, id: 'try-again' },
            },
            req,
          );
        }
        return redirectResponse(kit.url(runtime.settings.rightToWorkInterstitial ? P.getStarted : P.company));
      }
      case `GET ${P.getStarted}`:
        if (!person(session)) return redirectResponse(kit.entryUrl);
        return kit.page(
          'right-to-work/get-started.njk',
          req,
          { nextHref: kit.url(P.company) },
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
      case `GET ${P.profile}`: {
        const who = person(session);
        if (!who || !state.check) return redirectResponse(kit.entryUrl);
        const view = rightToWorkView(who, state.check, shapeOf(runtime.faultsFor(kit.info.name)));
        return kit.page(
          'right-to-work/profile.njk',
          req,
          { ...view, pdfAction: kit.url(P.pdf) },
          { title: view.labels.title, session },
        );
      }
      case `POST ${P.pdf}`: {
        const who = person(session);
        if (!who || !state.check) return redirectResponse(kit.entryUrl);
        const bytes = await renderPdf(rightToWorkPdf(who, state.check, runtime.now()));
        return pdfResponse(bytes, kit.info.pdfFilename);
      }
      default:
        // A GET of the PDF address, or a POST to a page that only shows: back to the page.
        return redirectResponse(kit.url(req.path === P.pdf ? P.profile : req.path));
    }
  }

  return {
    info: RIGHT_TO_WORK,
    classify: (req) => {
      if (req.method === 'POST' && req.path === P.dob) return 'lookup';
      if (req.path === P.profile || req.path === P.pdf) return 'result';
      return 'other';
    },
    handle: route,
    problem: (status, req) => kit.problem(status, req),
    unavailable: (req) => kit.unavailable(req),
    reset: () => kit.sessions.clear(),
  };
}
