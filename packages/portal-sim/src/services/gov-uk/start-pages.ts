import type { ServiceName } from '../../faults/fault-types.js';
import type { Renderer } from '../../render/renderer.js';
import { htmlResponse, type SimRequest, type SimResponse } from '../../server/http-types.js';
import type { SimSettings } from '../../settings.js';
import type { SimVariants } from '../../variants.js';
import { notFoundPage } from '../common-pages.js';
import { bannerContext, handleCookieChoice } from '../cookie-banner.js';
import { rightToRentFirstStep } from '../right-to-rent/handler.js';
import { IMMIGRATION_STATUS, RIGHT_TO_RENT, RIGHT_TO_WORK, type ServiceInfo } from '../service-info.js';

export const GOV_UK_PREFIX = '/gov-uk';

interface StartPage {
  readonly service: ServiceInfo;
  readonly path: string;
  readonly heading: string;
  readonly before: readonly string[];
  readonly startText: string;
  readonly after: readonly string[];
}

/** The www.gov.uk start pages, as mirrored copies show them. */
const START_PAGES: readonly StartPage[] = [
  {
    service: RIGHT_TO_WORK,
    path: '/view-right-to-work',
    heading: "Check a job applicant's right to work: use their share code",
    before: [
      "You can use this service to check a job applicant's right to work in the UK if they have given you their share code.",
      "You'll need their date of birth and their right to work share code.",
    ],
    startText: "View a job applicant's right to work details",
    after: [
      'British and Irish citizens cannot get a share code. Check their passport or other documents instead.',
    ],
  },
  {
    service: RIGHT_TO_RENT,
    path: '/view-right-to-rent',
    heading: "Check a tenant's right to rent in England: use their share code",
    before: [
      'You can use this service if you are a landlord, an agent acting for a landlord, or a tenant subletting a property.',
      "You'll need the tenant's date of birth and their share code. The share code will be emailed to you or given to you by the tenant.",
    ],
    startText: 'Start now',
    after: ['This service is for properties in England only.'],
  },
  {
    service: IMMIGRATION_STATUS,
    path: '/check-immigration-status',
    heading: "Check someone's immigration status: use their share code",
    before: [
      "You can use this service to check someone's immigration status in the UK, and any restrictions on their rights or access to benefits and services.",
      'You need their share code and date of birth. A share code expires after 90 days.',
    ],
    startText: 'Start now',
    after: ["Use a different service to check someone's right to work or to check their right to rent."],
  },
];

export function startPagePaths(): Record<ServiceName, string> {
  const find = (s: ServiceInfo) => `${GOV_UK_PREFIX}${START_PAGES.find((p) => p.service === s)?.path ?? ''}`;
  return {
    rightToWork: find(RIGHT_TO_WORK),
    rightToRent: find(RIGHT_TO_RENT),
    immigrationStatus: find(IMMIGRATION_STATUS),
  };
}

/** Serves /gov-uk/... : the start pages, their cookie page and the "Cookies on GOV.UK" banner. */
export function handleGovUk(
  req: SimRequest,
  renderer: Renderer,
  settings: SimSettings,
  variants: SimVariants,
): SimResponse {
  const base = {
    assetPath: '/assets',
    prefix: GOV_UK_PREFIX,
    cookieBanner: settings.cookieBanners
      ? bannerContext('govuk', req, { prefix: GOV_UK_PREFIX, serviceName: 'GOV.UK' })
      : null,
  };
  if (req.method === 'POST' && req.path === '/cookie-preferences')
    return handleCookieChoice(req, GOV_UK_PREFIX);
  if (req.method === 'GET' && (req.path === '/cookies' || req.path === '/help/cookies')) {
    return htmlResponse(200, renderer.render('pages/cookies.njk', { ...base, title: 'Cookies on GOV.UK' }));
  }
  const page = START_PAGES.find((p) => p.path === req.path);
  if (req.method === 'GET' && page) {
    return htmlResponse(
      200,
      renderer.render('gov-uk/start.njk', {
        ...base,
        title: page.heading,
        heading: page.heading,
        before: page.before,
        after: page.after,
        startText: page.startText,
        // "Start now" leads to the service's first step, which follows right to rent's entry variant.
        startHref: `${page.service.prefix}${page.service === RIGHT_TO_RENT ? rightToRentFirstStep(variants) : page.service.entryPath}`,
      }),
    );
  }
  const missing = notFoundPage();
  return htmlResponse(404, renderer.render('pages/message.njk', { ...base, ...missing }));
}
