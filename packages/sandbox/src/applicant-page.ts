import {
  APPLICANT_PATH_PREFIX,
  type ApplicantPhase,
  type ApplicantView,
  applicantFormInput,
  type PostedApplicantForm,
  renderApplicantPage,
  sessionTimedOutPhase,
} from '@sharecode/core/check-requests';
import { checkSettled, phaseOf, requestByToken, submitForm } from './applicant-flow.js';
import type { SandboxContext } from './sandbox-context.js';
import { hmacBase64url, sameText } from './web-crypto.js';

/** How long a submission waits for the sandbox check to end before answering `checking` (the service's). */
const SUBMIT_WAIT_MS = 3000;
const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded\s*(;.*)?$/i;

// The service binds its form's hidden `csrf` to a cookie nonce and the link (a double submit). The
// sandbox binds it to the link alone, with a key random per sandbox: no cookie, so a test client
// without a cookie jar can post the form it was given. A value made for another link, by another
// sandbox, or none at all, is refused the same way.
async function csrfFor(sandbox: SandboxContext, tokenHash: string): Promise<string> {
  return hmacBase64url(await sandbox.csrfKey, `applicant-page.${tokenHash}`);
}

function page(view: ApplicantView, requestId: string): Response {
  const rendered = renderApplicantPage(view);
  return new Response(rendered.html, {
    status: rendered.status,
    headers: { ...rendered.headers, 'X-Request-Id': requestId },
  });
}

/** The page for `phase` at the link: the form gets its action and CSRF field, `checking` its refresh. */
async function pageFor(
  sandbox: SandboxContext,
  link: { path: string; tokenHash: string },
  phase: ApplicantPhase,
  requestId: string,
): Promise<Response> {
  if (phase.page === 'checking') return page({ ...phase, action: link.path }, requestId);
  if (phase.page !== 'form') return page(phase, requestId);
  return page({ ...phase, action: link.path, csrf: await csrfFor(sandbox, link.tokenHash) }, requestId);
}

async function formOf(request: Request): Promise<PostedApplicantForm | undefined> {
  if (!FORM_MEDIA_TYPE.test(request.headers.get('content-type') ?? '')) return undefined;
  try {
    return applicantFormInput(new URLSearchParams(await request.text()));
  } catch {
    return undefined;
  }
}

/**
 * The applicant's link, `GET` and `POST` `<base>/r/<token>`: core's page for the request as it
 * stands, and the form (urlencoded, CSRF-checked) making the sandbox's check. No key needed.
 */
export async function answerApplicantPage(
  sandbox: SandboxContext,
  request: Request,
  token: string,
  basePath: string,
  requestId: string,
): Promise<Response> {
  const now = sandbox.options.now();
  const stored = await requestByToken(sandbox, token, now);
  if (!stored) return page({ page: 'not_found' }, requestId);
  const link = { path: `${basePath}${APPLICANT_PATH_PREFIX}${token}`, tokenHash: stored.tokenHash };
  if (request.method === 'GET') return pageFor(sandbox, link, phaseOf(stored, now), requestId);

  const form = await formOf(request);
  // A body that cannot be read as the form: the page as it stands, as the service answers it.
  if (form === undefined) return pageFor(sandbox, link, phaseOf(stored, now), requestId);
  const { csrf, ...fields } = form;
  const expected = await csrfFor(sandbox, stored.tokenHash);
  if (typeof csrf !== 'string' || !sameText(csrf, expected)) {
    return pageFor(sandbox, link, sessionTimedOutPhase(phaseOf(stored, now)), requestId);
  }
  const submitted = submitForm(sandbox, stored, fields, now);
  if (!submitted.checkMade) return pageFor(sandbox, link, submitted.phase, requestId);
  // A sandbox check ends within moments: answer its verdict rather than the checking page.
  await checkSettled(sandbox, stored, SUBMIT_WAIT_MS);
  return pageFor(sandbox, link, phaseOf(stored, sandbox.options.now()), requestId);
}
