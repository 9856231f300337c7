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
