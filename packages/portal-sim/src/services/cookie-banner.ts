import type { SimRequest, SimResponse } from '../server/http-types.js';
import { redirectResponse } from '../server/http-types.js';
import { serialiseCookie } from '../session/cookies.js';

/** Which banner a host shows (see templates/partials/cookie-banner.njk). */
export type BannerStyle = 'govuk' | 'service' | 'ukvi';

const PREFERENCE_COOKIE = 'cookies_policy';

interface Wording {
  readonly heading: string;
  readonly questionHtml: string;
  readonly acceptText: string;
  readonly rejectText: string;
  readonly kindOfCookies: string;
}

const GOVUK: Wording = {
  heading: 'Cookies on GOV.UK',
  questionHtml:
    '<p class="govuk-body">We use some essential cookies to make this website work.</p>' +
    '<p class="govuk-body">We\'d like to set additional cookies to understand how you use GOV.UK, remember your settings and improve government services.</p>',
  acceptText: 'Accept additional cookies',
  rejectText: 'Reject additional cookies',
  kindOfCookies: 'additional cookies',
};

function serviceWording(serviceName: string): Wording {
  return {
    heading: `Cookies on ${serviceName}`,
    questionHtml:
      '<p class="govuk-body">We use some essential cookies to make this service work.</p>' +
      '<p class="govuk-body">We\'d also like to use analytics cookies so we can understand how you use the service and make improvements.</p>',
    acceptText: 'Accept analytics cookies',
    rejectText: 'Reject analytics cookies',
    kindOfCookies: 'analytics cookies',
  };
}

/** The template context of the banner for this request, or null for no banner. */
export function bannerContext(
  style: BannerStyle | null,
  req: SimRequest,
  host: { prefix: string; serviceName: string },
): Record<string, unknown> | null {
  if (style === null) return null;
  if (style === 'ukvi') return { style };
  const wording = style === 'govuk' ? GOVUK : serviceWording(host.serviceName);
  const choice = req.cookies.get(PREFERENCE_COOKIE);
  const state =
    choice === undefined
      ? 'question'
      : choice === 'accepted-new' || choice === 'rejected-new'
        ? 'confirmation'
        : 'hidden';
  const query = req.query.toString();
  return {
    style,
    state,
    action: `${host.prefix}/cookie-preferences`,
    returnTo: `${host.prefix}${req.method === 'GET' ? req.path : '/'}${req.method === 'GET' && query ? `?${query}` : ''}`,
    cookiesUrl: `${host.prefix}/cookies`,
    heading: wording.heading,
    questionHtml: wording.questionHtml,
    acceptText: wording.acceptText,
    rejectText: wording.rejectText,
    confirmation: `You've ${choice?.startsWith('accepted') ? 'accepted' : 'rejected'} ${wording.kindOfCookies}.`,
  };
}

/**
 * The banner's buttons post here without JavaScript: remember the choice, show the confirmation
 * once, then hide. Only same-host return paths are followed.
 */
export function handleCookieChoice(req: SimRequest, prefix: string): SimResponse {
  const choice = req.form.get('cookies');
  const current = req.cookies.get(PREFERENCE_COOKIE) ?? '';
  let value: string | null = null;
  if (choice === 'accept') value = 'accepted-new';
  else if (choice === 'reject') value = 'rejected-new';
  else if (choice === 'hide') value = current.startsWith('accepted') ? 'accepted' : 'rejected';
  const returnTo = req.form.get('returnTo') ?? '';
  const safeReturn =
    returnTo.startsWith(`${prefix}/`) && !returnTo.startsWith('//') ? returnTo : `${prefix}/`;
  const cookies =
    value === null
      ? []
      : [serialiseCookie(PREFERENCE_COOKIE, value, { path: prefix, maxAge: 31_536_000, httpOnly: false })];
  return redirectResponse(safeReturn, cookies);
}
