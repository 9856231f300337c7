import { errorFor, type FieldError } from '../../forms/field-error.js';
import { validateText } from '../../forms/validate-text.js';
import { redirectResponse, type SimRequest, type SimResponse } from '../../server/http-types.js';
import type { Session } from '../../session/session-store.js';
import { ukToday } from '../../util/dates.js';
import { makeReference } from '../../util/random.js';
import { CodeAndDateSteps } from '../code-and-date-steps.js';
import { signedOutPage, timedOutPage } from '../common-pages.js';
import { shapeOf } from '../page-shape.js';
import { pdfResult, photoResponse, profilePage } from '../result-steps.js';
import type { SimRuntime } from '../runtime.js';
import type { ServiceHandler } from '../service-handler.js';
import { IMMIGRATION_STATUS } from '../service-info.js';
import { ServiceKit } from '../service-kit.js';
import { guardStep, serviceHandler } from '../service-routes.js';
import { type CodeAndDateState, renderDateOfBirth, type ShareCodePageText } from '../shared-steps.js';
import { PURPOSES, purposeFromValue, purposeValue } from './purposes.js';
import { type ImmigrationStatusCheck, immigrationStatusPdf, immigrationStatusView } from './result-view.js';

interface State extends CodeAndDateState {
  jobTitle?: string;
  companyName?: string;
  purposeKey?: string;
  otherPurpose?: string;
  check?: ImmigrationStatusCheck;
}

const SHARE_CODE_TEXT: ShareCodePageText = {
  title: 'Enter their share code',
  heading: 'Enter their share code',
  paragraphs: ['The person whose immigration status you are checking can get a share code from GOV.UK.'],
  hint: 'It is 9 characters long, for example S12 3AB C45',
};

const P = {
  start: '/view/start',
  dob: '/view/date-of-birth',
  details: '/view/checker-details',
  purpose: '/view/checker-purpose',
  profile: '/view/profile',
  photo: '/view/profile/photo',
  pdf: '/view/profile/pdf',
} as const;

/**
 * view-immigration-status.service.gov.uk, checker side: /view/start, /view/date-of-birth,
 * /view/checker-details, /view/checker-purpose, /view/profile and its PDF. Lookup failures are an
 * error summary on the date-of-birth page. Pages warn before the session times out.
 */
export function createImmigrationStatus(runtime: SimRuntime): ServiceHandler {
  const kit = new ServiceKit<State>(IMMIGRATION_STATUS, runtime, () => ({}), {
    banner: 'ukvi',
    phase: 'Beta',
    timeoutWarning: true,
    footerLinks: [
      { text: 'Privacy', href: `${IMMIGRATION_STATUS.prefix}/privacy` },
      { text: 'Cookies', href: `${IMMIGRATION_STATUS.prefix}/cookies` },
      { text: 'Accessibility Statement', href: `${IMMIGRATION_STATUS.prefix}/accessibility-statement` },
    ],
  });
  const steps = new CodeAndDateSteps(kit, SHARE_CODE_TEXT, { entry: P.start, dob: P.dob });
  const person = (session: Session<State>) => steps.person(session, 'immigration_status');

  function detailsPage(
    req: SimRequest,
    session: Session<State>,
    values: Partial<State>,
    errors: FieldError[],
  ): SimResponse {
    return kit.page(
      'immigration-status/checker-details.njk',
      req,
      {
        action: kit.url(P.details),
        backHref: kit.url(P.dob),
        values: { jobTitle: values.jobTitle ?? '', companyName: values.companyName ?? '' },
        fieldErrors: { jobTitle: errorFor(errors, 'jobTitle'), companyName: errorFor(errors, 'companyName') },
      },
      { title: 'Your details', errors, session },
    );
  }

  function purposePage(
    req: SimRequest,
    session: Session<State>,
    values: { purposeKey?: string; otherPurpose?: string },
    errors: FieldError[],
  ): SimResponse {
    const otherHtml = runtime.renderer.render('immigration-status/other-purpose.njk', {
      value: values.otherPurpose ?? '',
      errorMessage: errorFor(errors, 'otherPurpose'),
    });
    const style = runtime.settings.purposeValues;
    const items: Record<string, unknown>[] = [];
    for (const p of PURPOSES) {
      const item: Record<string, unknown> = {
        value: purposeValue(p, style),
        text: p.label,
        id: p.id,
        checked: values.purposeKey === p.key,
      };
      if (p.key === 'OTHER') {
        items.push({ divider: 'or' });
        item.conditional = { html: otherHtml };
      }
      items.push(item);
    }
    return kit.page(
      'immigration-status/checker-purpose.njk',
      req,
      {
        action: kit.url(P.purpose),
        backHref: kit.url(P.details),
        items,
        fieldErrors: { purpose: errorFor(errors, 'purpose') },
      },
      { title: 'Why are you checking their immigration status?', errors, session },
    );
  }

  function endSession(req: SimRequest): string {
    const id = kit.sessionIdOf(req);
    if (id !== undefined) kit.sessions.destroy(id);
    return kit.clearCookie();
  }

  async function route(req: SimRequest): Promise<SimResponse> {
    const key = `${req.method} ${req.path}`;
    switch (key) {
      case 'GET /':
      case 'GET ':
      case 'GET /view':
        return redirectResponse(kit.entryUrl);
      case `GET ${P.start}`:
        return steps.entry(req);
      case 'GET /cookies':
        return kit.page('pages/cookies.njk', req, {}, { title: 'Cookies' });
      case 'GET /user-sign-out':
        return kit.message(signedOutPage(kit.entryUrl), req, [endSession(req)]);
      case 'GET /timed-out': {
        const minutes = Math.round(kit.timeoutSeconds() / 60);
        return kit.message(timedOutPage(minutes, kit.entryUrl), req, [endSession(req)]);
      }
      case 'GET /leave':
        return redirectResponse(runtime.startPages.immigrationStatus, [endSession(req)]);
      case 'GET /keep-alive': {
        const found = kit.sessions.find(kit.sessionIdOf(req), kit.nowMs(), kit.timeoutSeconds());
        return found.kind === 'active'
          ? { status: 204, headers: { 'cache-control': 'no-store' }, body: '' }
          : { status: 401, headers: { 'cache-control': 'no-store' }, body: '' };
      }
    }

    const guarded = guardStep(kit, req, P);
    if (!guarded.ok) return guarded.response;
    const session = guarded.session;
    const state = session.state;
    const shared = steps.answer(req, session, {
      matched: () => redirectResponse(kit.url(P.details)),
      failed: (failure) => {
        const w = steps.failureWording(failure, session);
        const oneMessage =
          failure === 'DOB_MISMATCH' ||
          (failure === 'NOT_FOUND' && runtime.variants().lookupErrors === 'one-page');
        // A date that does not match points at the date; anything about the code links back to its page.
        const error: FieldError = oneMessage
          ? { field: 'dob-day', message: w.summary }
          : { field: 'shareCode', message: w.summary, href: kit.entryUrl };
        return renderDateOfBirth(kit, req, session, { extraErrors: [error] });
      },
    });
    if (shared) return shared;

    switch (key) {
      case `GET ${P.details}`:
        return person(session) ? detailsPage(req, session, state, []) : redirectResponse(kit.entryUrl);
      case `POST ${P.details}`: {
        if (!person(session)) return redirectResponse(kit.entryUrl);
        const rawJob = req.form.get('jobTitle');
        const rawCompany = req.form.get('companyName');
        const job = validateText(rawJob, { empty: 'Enter your job title', label: 'Job title' });
        const company = validateText(rawCompany, {
          empty: 'Enter your organisation or company name',
          label: 'Organisation or company name',
        });
        const errors: FieldError[] = [];
        if (!job.ok) errors.push({ field: 'jobTitle', message: job.error });
        if (!company.ok) errors.push({ field: 'companyName', message: company.error });
        if (!job.ok || !company.ok) {
          return detailsPage(req, session, { jobTitle: rawJob ?? '', companyName: rawCompany ?? '' }, errors);
        }
        session.state = { ...state, jobTitle: job.value, companyName: company.value };
        return redirectResponse(kit.url(P.purpose));
      }
      case `GET ${P.purpose}`:
        if (!person(session) || !state.companyName) return redirectResponse(kit.entryUrl);
        return purposePage(req, session, state, []);
      case `POST ${P.purpose}`: {
        if (!person(session) || !state.companyName || !state.jobTitle) return redirectResponse(kit.entryUrl);
        const purpose = purposeFromValue(req.form.get('purpose'));
        const rawOther = req.form.get('otherPurpose');
        if (!purpose) {
          const message = 'Select why you are checking their immigration status';
          return purposePage(req, session, {}, [
            { field: 'purpose', message, href: `#${PURPOSES[0]?.id ?? 'purpose'}` },
          ]);
        }
        let wording = purpose.label;
        if (purpose.key === 'OTHER') {
          const other = validateText(rawOther, { empty: 'Enter your reason', label: 'Your reason' });
          if (!other.ok) {
            const errors = [{ field: 'otherPurpose', message: other.error }];
            return purposePage(
              req,
              session,
              { purposeKey: purpose.key, otherPurpose: rawOther ?? '' },
              errors,
            );
          }
          wording = other.value;
        }
        const check: ImmigrationStatusCheck = {
          companyName: state.companyName,
          jobTitle: state.jobTitle,
          purpose: wording,
          reference: makeReference(kit.info.referencePrefix),
          checkDate: ukToday(runtime.now()),
        };
        session.state = { ...state, purposeKey: purpose.key, otherPurpose: rawOther ?? undefined, check };
        return redirectResponse(kit.url(P.profile));
      }
      case `GET ${P.profile}`: {
        const who = person(session);
        if (!who || !state.check) return redirectResponse(kit.entryUrl);
        const view = immigrationStatusView(who, state.check, shapeOf(runtime.faultsFor(kit.info.name)));
        const pdfHref = `${kit.url(P.pdf)}?reference=${encodeURIComponent(state.check.reference)}`;
        const page = { template: 'immigration-status/profile.njk', view, who, photoPath: P.photo };
        return profilePage(kit, req, session, page, { pdfHref, leaveHref: kit.url('/leave') });
      }
      case `GET ${P.pdf}`: {
        const who = person(session);
        if (!who || !state.check) return redirectResponse(kit.entryUrl);
        if (req.query.get('reference') !== state.check.reference) return kit.notFound(req);
        return pdfResult(kit, session, immigrationStatusPdf(who, state.check, runtime.now()));
      }
      case `GET ${P.photo}`:
        return photoResponse(kit, person(session), state.check !== undefined);
      default:
        return redirectResponse(kit.url(req.path));
    }
  }

  return serviceHandler(kit, P, {
    /** GOV.UK start page (eVisaFlow's live path), /view/checker-details (two real scrapers), or /view/start (mocks). */
    entryUrl: () => {
      const entry = runtime.variants().immigrationStatusEntry;
      if (entry === 'gov-uk-start') return runtime.startPages.immigrationStatus;
      return kit.url(entry === 'checker-details' ? P.details : P.start);
    },
    handle: route,
  });
}
