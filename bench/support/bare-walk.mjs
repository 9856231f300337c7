// The bare walk (issue 29): a plain Playwright script, no service, that walks the simulator's pages
// for one check as the driver does (a fresh context with the driver's options and block list, the
// same requests, reading the result page and fetching its PDF), so the capacity benchmark can say how
// much CPU the service adds beyond the browser walk itself. It knows the simulator's default pages
// (ids and order) instead of reading each page, and answers each form with one in-page evaluation over
// the page's CDP session: the least a script can do for the same requests. (Playwright's own fill,
// check and click inject its utility script and selector engine into every document: measured on a
// loaded machine at about 1.8x the CPU of this walk, which would flatter the service's ratio. With
// the driver's launch settings Chromium never paints, so Playwright's click would wait for a frame.)
/** The steps of each kind on the simulator's default variants, from the GOV.UK entry to the result page. */
const WALKS = {
  right_to_work: (b) => [
    { goto: '/right-to-work/rtw-view' },
    { fill: { '#shareCode': b.share_code } },
    { fill: dateOfBirth(b.date_of_birth) },
    { fill: { '#checkerName': b.company_name } },
  ],
  right_to_rent: (b) => [
    { goto: '/gov-uk/view-right-to-rent' },
    { press: 'main a.govuk-button' },
    { fill: { '#shareCode': b.share_code } },
    { fill: dateOfBirth(b.date_of_birth) },
    {
      fill: { '#checkerName': b.checker_name },
      check: `input[name="checkerType"][value="${b.checker_type}"]`,
    },
  ],
  immigration_status: (b) => [
    { goto: '/gov-uk/check-immigration-status' },
    { press: 'main a.govuk-button' },
    { fill: { '#shareCode': b.share_code } },
    { fill: dateOfBirth(b.date_of_birth) },
    { fill: { '#jobTitle': b.job_title, '#companyName': b.company_name } },
    { check: '#purpose-PERSONAL_FINANCE' },
  ],
};

function dateOfBirth(iso) {
  const [year, month, day] = iso.split('-');
  return { '#dob-day': day, '#dob-month': month, '#dob-year': year };
}

const SUBMIT = 'main [type="submit"]';

/** Fills the fields by selector, ticks a radio, presses the button (a DOM click starts the navigation). */
function answerInPage({ fill, check, press }) {
  for (const [selector, value] of Object.entries(fill)) document.querySelector(selector).value = value;
  if (check) document.querySelector(check).checked = true;
  document.querySelector(press).click();
  return true;
}

/** Runs a self-contained function in the page's main world in one protocol message; its JSON value. */
async function evaluate(cdp, fn, arg) {
  const answer = await cdp.send('Runtime.evaluate', {
    expression: `(${String(fn)})(${JSON.stringify(arg)})`,
    returnByValue: true,
    awaitPromise: true,
  });
  if (answer.exceptionDetails)
    throw new Error(
      `in-page: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`,
    );
  return answer.result.value;
}

/** Reads the result page's text and photo, and fetches its PDF in the page with the session's cookies. */
function readResultInPage() {
  const main = document.querySelector('main') ?? document.body;
  const text = main.textContent ?? '';
  const photo = main.querySelector('img')?.getAttribute('src') ?? null;
  const control =
    document.getElementById('downloadPdf') ?? document.querySelector('a[aria-label="Download PDF"]');
  if (!control) return Promise.resolve({ text, photo, pdfBytes: -1 });
  let request;
  if (control instanceof HTMLAnchorElement) request = fetch(control.href, { credentials: 'include' });
  else {
    const form = control.form;
    const body = new URLSearchParams();
    for (const [key, value] of new FormData(form, control)) body.append(key, String(value));
    request = fetch(form.action, { method: 'POST', body, credentials: 'include' });
  }
  return request
    .then((response) => response.arrayBuffer())
    .then((buffer) => {
      // Brought out as the driver brings it (base64 through the protocol), so the walk pays the same.
      const bytes = new Uint8Array(buffer);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { text, photo, pdf: btoa(binary) };
    });
}

/**
 * Walks one check of `kind` on `browser` against the simulator at `simUrl`; resolves to the result
 * page's text length and the PDF's size, or rejects naming the step that went wrong.
 */
export async function bareWalk(
  browser,
  { simUrl, kind, body, contextOptions, blockedUrls, timeoutMs = 60_000 },
) {
  const context = await browser.newContext(contextOptions);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    const cdp = await context.newCDPSession(page);
    if (blockedUrls.length > 0)
      await Promise.all([
        cdp.send('Network.enable'),
        cdp.send('Network.setBlockedURLs', { urls: [...blockedUrls] }),
      ]);
    for (const step of WALKS[kind](body)) {
      if (step.goto) {
        await page.goto(`${simUrl}${step.goto}`, { waitUntil: 'domcontentloaded' });
        continue;
      }
      const next = page.waitForEvent('domcontentloaded');
      await evaluate(cdp, answerInPage, {
        fill: step.fill ?? {},
        check: step.check ?? null,
        press: step.press ?? SUBMIT,
      });
      await next;
    }
    const read = await evaluate(cdp, readResultInPage, null);
    if (!read.pdf) throw new Error(`bare walk of ${kind}: no PDF on ${new URL(page.url()).pathname}`);
    return { textLength: read.text.length, pdfLength: read.pdf.length, photo: read.photo !== null };
  } finally {
    await context.close();
  }
}
