import { errorFor, type FieldError } from '../../forms/field-error.js';
import { validateText } from '../../forms/validate-text.js';
import { redirectResponse, type SimRequest, type SimResponse } from '../../server/http-types.js';
import type { Session } from '../../session/session-store.js';
import { ukToday } from '../../util/dates.js';
import { makeReference } from '../../util/random.js';
import type { SimVariants } from '../../variants.js';
import { CodeAndDateSteps } from '../code-and-date-steps.js';
import { shapeOf } from '../page-shape.js';
import { pdfResult, photoResponse, profilePage } from '../result-steps.js';
import type { SimRuntime } from '../runtime.js';
import type { ServiceHandler } from '../service-handler.js';
import { RIGHT_TO_RENT } from '../service-info.js';
import { ServiceKit } from '../service-kit.js';
import { openStep, serviceHandler } from '../service-routes.js';
import type { CodeAndDateState, ShareCodePageText } from '../shared-steps.js';
import { type CheckerType, type RightToRentCheck, rightToRentPdf, rightToRentView } from './result-view.js';

interface State extends CodeAndDateState {
  checkerName?: string;
  checkerType?: CheckerType;
  check?: RightToRentCheck;
}

const SHARE_CODE_TEXT: ShareCodePageText = {
  title: "Enter the tenant's share code",
  heading: "Enter the tenant's share code",
  paragraphs: ['The share code will be emailed to you or given to you by the tenant.'],
  hint: 'It is 9 characters long, for example R12 3AB C45',
};

const P = {
  entry: '/rtr-view',
  dob: '/rtr-view/date-of-birth',
  details: '/rtr-view/checker-details',
  type: '/rtr-view/landlord-or-agent',
  name: '/rtr-view/checker-name',
  profile: '/rtr-view/profile',
  photo: '/rtr-view/profile/photo',
  pdf: '/rtr-view/profile/pdf',
} as const;

/**
 * The path of right to rent's first step under its prefix. INVENTED either way (no path inside the
 * real service is known): /rtr-view by default, /landlord-check with the variant of that name.
 */
export function rightToRentFirstStep(variants: Pick<SimVariants, 'rightToRentEntry'>): string {
  return variants.rightToRentEntry === 'landlord-check' ? '/landlord-check' : P.entry;
}

const isCheckerType = (v: string | null): v is CheckerType => v === 'landlord' || v === 'agent';

/**
 * right-to-rent.homeoffice.gov.uk. No public source shows its pages: the paths, the checker
 * questions and the result wording are assumptions modelled on the right-to-work service.
 */
export function createRightToRent(runtime: SimRuntime): ServiceHandler {
  const kit = new ServiceKit<State>(RIGHT_TO_RENT, runtime, () => ({}), {
    banner: 'service',
    contentRowId: 'gov-grid-row-content',
  });
  const separate = () => runtime.settings.rightToRentCheckerPages === 'separate';
  const steps = new CodeAndDateSteps(kit, SHARE_CODE_TEXT, { entry: P.entry, dob: P.dob });
  const person = (session: Session<State>) => steps.person(session, 'right_to_rent');

  function checkerPage(
    req: SimRequest,
    session: Session<State>,
    ask: { name: boolean; type: boolean },
    values: { checkerName?: string | null; checkerType?: string | null },
    errors: FieldError[],
  ): SimResponse {
    const path = ask.name && ask.type ? P.details : ask.type ? P.type : P.name;
    const title =
      ask.name && ask.type
        ? 'Your details'
        : ask.type
          ? 'Are you a landlord or a letting agent?'
          : 'Landlord or company name';
    return kit.page(
      'right-to-rent/checker-details.njk',
      req,
      {
        action: kit.url(path),
        backHref: kit.url(ask.name && !ask.type ? P.type : P.dob),
        askName: ask.name,
        askType: ask.type,
        values: { checkerName: values.checkerName ?? '', checkerType: values.checkerType ?? '' },
        fieldErrors: {
          checkerName: errorFor(errors, 'checkerName'),
          checkerType: errorFor(errors, 'checkerType'),
        },
      },
      { title, errors, session },
    );
  }

  function finish(session: Session<State>, checkerName: string, checkerType: CheckerType): SimResponse {
    const check: RightToRentCheck = {
      checkerName,
      checkerType,
      reference: makeReference(kit.info.referencePrefix),
      checkDate: ukToday(runtime.now()),
    };
    session.state = { ...session.state, checkerName, checkerType, check };
    return redirectResponse(kit.url(P.profile));
  }

  async function route(req: SimRequest): Promise<SimResponse> {
    const guarded = openStep(kit, req, P, (first) => steps.entry(first));
    if (!guarded.ok) return guarded.response;
    const key = `${req.method} ${req.path}`;
    const session = guarded.session;
    const state = session.state;
    const nameError = (raw: string | null) =>
      validateText(raw, { empty: 'Enter the landlord or company name', label: 'Landlord or company name' });
    const typeError = 'Select if you are a landlord or a letting agent';

    const shared = steps.answer(req, session, {
      matched: () => redirectResponse(kit.url(separate() ? P.type : P.details)),
      failed: (failure) => steps.failurePage(req, session, failure),
    });
    if (shared) return shared;

    switch (key) {
      case `GET ${P.details}`:
        if (!person(session) || separate()) return redirectResponse(kit.entryUrl);
        return checkerPage(req, session, { name: true, type: true }, state, []);
      case `POST ${P.details}`: {
        if (!person(session) || separate()) return redirectResponse(kit.entryUrl);
        const rawName = req.form.get('checkerName');
        const rawType = req.form.get('checkerType');
        const name = nameError(rawName);
        const errors: FieldError[] = [];
        if (!name.ok) errors.push({ field: 'checkerName', message: name.error });
        if (!isCheckerType(rawType)) errors.push({ field: 'checkerType', message: typeError });
        if (!name.ok || !isCheckerType(rawType)) {
          return checkerPage(
            req,
            session,
            { name: true, type: true },
            { checkerName: rawName, checkerType: rawType },
            errors,
          );
        }
        return finish(session, name.value, rawType);
      }
      case `GET ${P.type}`:
        if (!person(session) || !separate()) return redirectResponse(kit.entryUrl);
        return checkerPage(req, session, { name: false, type: true }, state, []);
      case `POST ${P.type}`: {
        if (!person(session) || !separate()) return redirectResponse(kit.entryUrl);
        const rawType = req.form.get('checkerType');
        if (!isCheckerType(rawType)) {
          return checkerPage(req, session, { name: false, type: true }, {}, [
            { field: 'checkerType', message: typeError },
          ]);
        }
        session.state = { ...state, checkerType: rawType };
        return redirectResponse(kit.url(P.name));
      }
      case `GET ${P.name}`:
        if (!person(session) || !state.checkerType) return redirectResponse(kit.entryUrl);
        return checkerPage(req, session, { name: true, type: false }, state, []);
      case `POST ${P.name}`: {
        if (!person(session) || !state.checkerType) return redirectResponse(kit.entryUrl);
        const rawName = req.form.get('checkerName');
        const name = nameError(rawName);
        if (!name.ok) {
          const errors = [{ field: 'checkerName', message: name.error }];
          return checkerPage(req, session, { name: true, type: false }, { checkerName: rawName }, errors);
        }
        return finish(session, name.value, state.checkerType);
      }
      case `GET ${P.profile}`: {
        const who = person(session);
        if (!who || !state.check) return redirectResponse(kit.entryUrl);
        const view = rightToRentView(who, state.check, shapeOf(runtime.faultsFor(kit.info.name)));
        const page = { template: 'right-to-rent/profile.njk', view, who, photoPath: P.photo };
        return profilePage(kit, req, session, page, { pdfAction: kit.url(P.pdf) });
      }
      case `GET ${P.photo}`:
        return photoResponse(kit, person(session), state.check !== undefined);
      case `POST ${P.pdf}`: {
        const who = person(session);
        if (!who || !state.check) return redirectResponse(kit.entryUrl);
        return pdfResult(kit, session, rightToRentPdf(who, state.check, runtime.now()));
      }
      default:
        return redirectResponse(kit.url(req.path === P.pdf ? P.profile : req.path));
    }
  }

  /**
   * The entry path is INVENTED; variant rightToRentEntry "landlord-check" serves every step under
   * /landlord-check instead of /rtr-view: paths are mapped in, and links and redirects out.
   */
  const base = () => rightToRentFirstStep(runtime.variants());
  const inward = (req: SimRequest): SimRequest | null => {
    const b = base();
    if (b === P.entry) return req.path.startsWith('/landlord-check') ? null : req;
    if (req.path === P.entry || req.path.startsWith(`${P.entry}/`)) return null;
    return req.path === b || req.path.startsWith(`${b}/`)
      ? { ...req, path: P.entry + req.path.slice(b.length) }
      : req;
  };
  const outward = (res: SimResponse): SimResponse => {
    const b = base();
    if (b === P.entry) return res;
    const from = `${kit.info.prefix}${P.entry}`;
    const to = `${kit.info.prefix}${b}`;
    const swap = (t: string) => t.split(from).join(to);
    const headers = { ...res.headers };
    if (typeof headers.location === 'string') headers.location = swap(headers.location);
    return { ...res, headers, body: typeof res.body === 'string' ? swap(res.body) : res.body };
  };

  return serviceHandler(kit, P, {
    entryUrl: () => `${kit.info.prefix}${base()}`,
    pathOf: (req) => inward(req)?.path ?? '',
    handle: async (req) => {
      const mapped = inward(req);
      return outward(mapped ? await route(mapped) : kit.notFound(req));
    },
  });
}
