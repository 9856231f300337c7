// Functions that run inside the portal page (page.evaluate): each must be self-contained, with no
// reference to anything outside its own body.

export interface ControlRef {
  readonly kind: string;
  readonly label: string;
  readonly id: string;
}

export interface ActionRef {
  readonly role: string;
  readonly name: string;
  readonly id: string;
}

export interface AnswerPlan {
  readonly fill: readonly (ControlRef & { readonly value: string })[];
  readonly check: readonly ControlRef[];
  readonly submit: ActionRef;
}

/**
 * Finds each control by its label (read as collectSnapshot reads it) or its id, and the button by
 * role and accessible name; sets the values with input and change events, ticks the radios, and
 * presses the button. Pressed here, not on a timer: timers never fire while the page's scripts are
 * off, and the navigation a press starts is scheduled, so this evaluation still answers first.
 * False, and nothing touched, when a control or the button is missing.
 */
export function answerInPage(plan: AnswerPlan): boolean {
  const norm = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();
  const root: Element =
    document.querySelector('main') ?? document.querySelector('[role="main"]') ?? document.body;
  const hidden = (el: Element): boolean => el.closest('[hidden], [aria-hidden="true"]') !== null;
  const control = (want: ControlRef): HTMLInputElement | null => {
    const toggle = want.kind === 'radio' || want.kind === 'checkbox';
    if (want.label !== '') {
      for (const el of Array.from(root.querySelectorAll('input, select, textarea'))) {
        const input = el as HTMLInputElement;
        if (hidden(el)) continue;
        const label = norm(input.labels?.[0]?.textContent) || norm(input.getAttribute('aria-label'));
        const isToggle = input.type === 'radio' || input.type === 'checkbox';
        if (label === want.label && isToggle === toggle) return input;
      }
    }
    const byId = want.id === '' ? null : document.getElementById(want.id);
    return byId && root.contains(byId) ? (byId as HTMLInputElement) : null;
  };
  const button = (): HTMLElement | null => {
    const want = plan.submit;
    if (want.name !== '') {
      for (const el of Array.from(
        root.querySelectorAll(
          'button, input[type="submit"], input[type="button"], a[href], a[role="button"]',
        ),
      )) {
        if (hidden(el)) continue;
        const role =
          el.tagName.toLowerCase() === 'a' && el.getAttribute('role') !== 'button' ? 'link' : 'button';
        const name =
          norm(el.getAttribute('aria-label')) ||
          norm(el.textContent) ||
          norm((el as HTMLInputElement).value ?? '');
        if (role === want.role && name === want.name) return el as HTMLElement;
      }
    }
    const byId = want.id === '' ? null : document.getElementById(want.id);
    return byId && root.contains(byId) ? byId : null;
  };

  const fields = plan.fill.map((f) => ({ el: control(f), value: f.value }));
  const ticks = plan.check.map((c) => control(c));
  const press = button();
  if (!press || fields.some((f) => f.el === null) || ticks.some((t) => t === null)) return false;
  for (const tick of ticks) if (tick && !tick.checked) tick.click();
  for (const { el, value } of fields) {
    if (!el) continue;
    el.focus();
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
  press.click();
  return true;
}

/**
 * The photo as a JPEG data URL: a JPEG `data:` source as it is; anything else fetched with the
 * session's cookies and, when not a JPEG, re-encoded through a canvas. Null when it cannot be read.
 * Only promise-based APIs: with the page's scripts off, event callbacks (FileReader's) never run.
 */
export async function readPhotoInPage(where: { id: string; index: number }): Promise<string | null> {
  const root = document.querySelector('main') ?? document.body;
  const img = (where.id ? document.getElementById(where.id) : root.querySelectorAll('img')[where.index]) as
    | HTMLImageElement
    | null
    | undefined;
  if (img?.tagName.toLowerCase() !== 'img') return null;
  const src = img.getAttribute('src') ?? '';
  if (src.startsWith('data:image/jpeg;base64,')) return src;
  const jpegDataUrl = async (blob: Blob): Promise<string> => {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return `data:image/jpeg;base64,${btoa(binary)}`;
  };
  try {
    const response = await fetch(new URL(src, document.baseURI).href, { credentials: 'include' });
    if (!response.ok) return null;
    const blob = await response.blob();
    const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return jpegDataUrl(blob);
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0);
    return jpegDataUrl(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 }));
  } catch {
    return null;
  }
}

export type FetchedFile =
  | { readonly kind: 'file'; readonly base64: string }
  /** The control answered with a page (HTML): its status and text, to be shown and classified. */
  | { readonly kind: 'page'; readonly status: number; readonly html: string }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'missing' };

/**
 * Fetches what a "Download PDF" control points at, inside the page and with its session cookies,
 * so the file comes back in memory whether the portal sends it as an attachment, inline, or to a
 * new tab (target is ignored), and nothing is ever written to disk. A link is fetched by its href;
 * a form button sends its form as the browser would (method, action, fields, the button's own name).
 */
export async function fetchFileInPage(want: {
  role: string;
  name: string;
  id: string;
  maxBytes: number;
}): Promise<FetchedFile> {
  // The control is found as answerInPage finds a button: page functions cannot share helpers.
  const norm = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();
  const root: Element =
    document.querySelector('main') ?? document.querySelector('[role="main"]') ?? document.body;
  let control: HTMLElement | null = null;
  for (const el of Array.from(
    root.querySelectorAll('button, input[type="submit"], input[type="button"], a[href], a[role="button"]'),
  )) {
    if (el.closest('[hidden], [aria-hidden="true"]')) continue;
    const role = el.tagName.toLowerCase() === 'a' && el.getAttribute('role') !== 'button' ? 'link' : 'button';
    const name =
      norm(el.getAttribute('aria-label')) ||
      norm(el.textContent) ||
      norm((el as HTMLInputElement).value ?? '');
    if (role === want.role && name === want.name) {
      control = el as HTMLElement;
      break;
    }
  }
  if (!control && want.id !== '') control = document.getElementById(want.id);
  if (!control) return { kind: 'missing' };

  let response: Response;
  if (control instanceof HTMLAnchorElement) {
    response = await fetch(control.href, { credentials: 'include' });
  } else {
    const button = control as HTMLButtonElement | HTMLInputElement;
    const form = button.form;
    if (!form) return { kind: 'missing' };
    const fields = new FormData(form, button);
    const method = (button.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
    const action = new URL(
      button.getAttribute('formaction') ?? form.getAttribute('action') ?? '',
      document.baseURI,
    );
    const pairs = new URLSearchParams();
    for (const [key, value] of fields.entries()) if (typeof value === 'string') pairs.append(key, value);
    if (method === 'post') {
      response = await fetch(action.href, { method: 'POST', body: pairs, credentials: 'include' });
    } else {
      action.search = pairs.toString();
      response = await fetch(action.href, { credentials: 'include' });
    }
  }
  const type = response.headers.get('content-type') ?? '';
  if (/text\/html/i.test(type)) return { kind: 'page', status: response.status, html: await response.text() };
  const blob = await response.blob();
  if (blob.size > want.maxBytes) return { kind: 'too-large' };
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { kind: 'file', base64: btoa(binary) };
}
