import { type BrowserContext, type CDPSession, errors, type Page } from 'playwright-core';
import type { Deadline } from './deadline.js';
import { answerInPage, fetchFileInPage, readPhotoInPage } from './in-page.js';
import { createNetworkClock } from './network-time.js';
import {
  collectSnapshot,
  type PageSnapshot,
  type SnapshotAction,
  type SnapshotControl,
  type SnapshotImage,
} from './page-snapshot.js';

/** A PDF larger than this is not a check's PDF (the portal's are tens of kilobytes). */
const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

export type DownloadOutcome =
  | { readonly kind: 'file'; readonly bytes: Uint8Array }
  /** The control led to a page instead (a portal error page, say). */
  | { readonly kind: 'page' }
  | { readonly kind: 'too-large' }
  /** The control was not on the page after all. */
  | { readonly kind: 'missing' };

/** Rejects with Playwright's TimeoutError when `promise` takes longer than `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new errors.TimeoutError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** What to enter on a form page, and the button that then sends it. */
export interface FormAnswers {
  readonly fill: readonly (readonly [SnapshotControl, string])[];
  readonly check: readonly SnapshotControl[];
  readonly submit: SnapshotAction;
}

/** What CDP's Runtime.evaluate answers (the fields read here). */
interface EvaluateAnswer {
  readonly result?: { readonly value?: unknown };
  readonly exceptionDetails?: {
    readonly text?: string;
    readonly exception?: { readonly description?: string };
  };
}

/**
 * Runs a self-contained in-page function (in-page.ts, page-snapshot.ts) in the page's main world over
 * the page's own CDP session, and answers its JSON value. One protocol message: Playwright's
 * `page.evaluate` first injects its utility script into every new document (about 13 kB, written
 * to the browser and compiled again on each of a check's pages), wraps the call in handles and
 * serialisers, and captures stack traces: together the largest part of the driver's own CPU under
 * load (decisions.md, "Portal driver: cheaper per check"). A navigation during the call rejects
 * with CDP's "Execution context was destroyed", which the driver reads as a changed page.
 */
async function evaluateInPage<A, T>(cdp: CDPSession, fn: (arg: A) => T | Promise<T>, arg: A): Promise<T> {
  const answer = (await cdp.send('Runtime.evaluate', {
    expression: `(${String(fn)})(${JSON.stringify(arg)})`,
    returnByValue: true,
    awaitPromise: true,
    userGesture: true,
  })) as EvaluateAnswer;
  if (answer.exceptionDetails) {
    const { exception, text } = answer.exceptionDetails;
    throw new Error(`in-page evaluation failed: ${exception?.description ?? text ?? 'unknown error'}`);
  }
  return answer.result?.value as T;
}

const controlRef = (c: SnapshotControl) => ({ kind: c.kind, label: c.label, id: c.id });
const actionRef = (a: SnapshotAction) => ({ role: a.role, name: a.name, id: a.id });

/**
 * One check's page, with only the moves a driver needs: read it, answer a form, download, read the
 * photo. Controls are found by label (or id) and buttons by role and name, inside <main>. Playwright's
 * own types stay behind the private field.
 */
export class PortalPage {
  readonly #page: Page;
  readonly #cdp: CDPSession;
  #status: number | null = null;

  constructor(page: Page, cdp: CDPSession) {
    this.#page = page;
    this.#cdp = cdp;
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
        this.#status = response.status();
      }
    });
  }

  async goto(url: string, deadline: Deadline): Promise<void> {
    await this.#page.goto(url, { waitUntil: 'domcontentloaded', timeout: deadline.timeoutMs() });
  }

  async snapshot(): Promise<PageSnapshot> {
    const dom = await evaluateInPage(this.#cdp, collectSnapshot, undefined);
    return { ...dom, status: this.#status };
  }

  /** The document's HTML, only ever hashed for a diagnostic. */
  async html(): Promise<string> {
    return this.#page.content();
  }

  /**
   * Fills and ticks a form page, presses its button and waits for the next page, in one round trip.
   * This runs in the page rather than through Playwright's locators, whose selector engine is loaded
   * into every page and costs a check about 40% more CPU (decisions.md, "Portal driver").
   * False when a control or the button is not on the page.
   */
  async answer(answers: FormAnswers, deadline: Deadline): Promise<boolean> {
    const next = this.#page.waitForEvent('domcontentloaded', { timeout: deadline.timeoutMs() });
    next.catch(() => {});
    const pressed = await evaluateInPage(this.#cdp, answerInPage, {
      fill: answers.fill.map(([control, value]) => ({ ...controlRef(control), value })),
      check: answers.check.map(controlRef),
      submit: actionRef(answers.submit),
    });
    if (!pressed) return false;
    await next;
    return true;
  }

  /**
   * Takes the file a "Download PDF" control gives, in this session and in memory (see
   * fetchFileInPage): no download event, no file on disk, whatever the portal's disposition or
   * target. An HTML answer is shown in the page, so the caller can read it as any other page.
   */
  async download(action: SnapshotAction, deadline: Deadline): Promise<DownloadOutcome> {
    const fetched = await withTimeout(
      evaluateInPage(this.#cdp, fetchFileInPage, { ...actionRef(action), maxBytes: MAX_DOWNLOAD_BYTES }),
      deadline.timeoutMs(),
    );
    if (fetched.kind !== 'page') {
      return fetched.kind === 'file'
        ? { kind: 'file', bytes: new Uint8Array(Buffer.from(fetched.base64, 'base64')) }
        : fetched;
    }
    this.#status = fetched.status;
    await this.#page.setContent(fetched.html, {
      waitUntil: 'domcontentloaded',
      timeout: deadline.timeoutMs(),
    });
    return { kind: 'page' };
  }

  /** The photo as a JPEG data URL (see readPhotoInPage); null when it cannot be read. */
  async photo(image: SnapshotImage): Promise<string | null> {
    return evaluateInPage(this.#cdp, readPhotoInPage, { id: image.id, index: image.index });
  }
}

/** A check's isolated browser context; closing it drops its cookies, pages and downloads. */
export class CheckSession {
  readonly #context: BrowserContext;
  readonly #blockedUrls: readonly string[];
  readonly #network = createNetworkClock();
  #prepared: Promise<PortalPage> | null = null;

  /** `blockedUrls`: URL patterns (`*` a wildcard) the page never requests. */
  constructor(context: BrowserContext, blockedUrls: readonly string[] = []) {
    this.#context = context;
    this.#blockedUrls = blockedUrls;
  }

  /** Opens the first page ahead of the check (warm-sessions.ts); `openPage` hands it over once. */
  async prepare(): Promise<void> {
    const prepared = this.#newPage();
    this.#prepared = prepared;
    await prepared;
  }

  async openPage(): Promise<PortalPage> {
    const prepared = this.#prepared;
    this.#prepared = null;
    return prepared ?? this.#newPage();
  }

  async #newPage(): Promise<PortalPage> {
    const page = await this.#context.newPage();
    // The page's own session: the block list, and the driver's in-page reads (evaluateInPage).
    const cdp = await this.#context.newCDPSession(page);
    // The portal's share of the check's time (network-time.ts), for admission by own overhead.
    const network = this.#network;
    cdp.on('Network.requestWillBeSent', (e) => network.sent(e.requestId, e.timestamp));
    cdp.on('Network.loadingFinished', (e) => network.ended(e.requestId, e.timestamp));
    cdp.on('Network.loadingFailed', (e) => network.ended(e.requestId, e.timestamp));
    // The block list only applies while this session's network domain is on. Sent together: the
    // browser answers them in order, and the page has not navigated yet.
    await Promise.all([
      cdp.send('Network.enable'),
      ...(this.#blockedUrls.length > 0
        ? [cdp.send('Network.setBlockedURLs', { urls: [...this.#blockedUrls] })]
        : []),
    ]);
    return new PortalPage(page, cdp);
  }

  /**
   * Starts the session afresh in the same context: every page closed and every cookie dropped, so the
   * portal sees a new visitor (the check keeps its slot).
   */
  async restart(): Promise<void> {
    this.#prepared = null;
    for (const page of this.#context.pages()) await page.close();
    await this.#context.clearCookies();
  }

  /** The ms this session's pages have spent waiting on the network so far (network-time.ts). */
  networkMs(): number {
    return this.#network.networkMs();
  }

  /** True while the browser behind this session is still connected. */
  browserConnected(): boolean {
    return this.#context.browser()?.isConnected() ?? false;
  }

  async close(): Promise<void> {
    await this.#context.close();
  }
}
