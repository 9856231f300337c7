import { errorList, type FieldError } from '../forms/field-error.js';
import type { SimRequest, SimResponse } from '../server/http-types.js';
import { htmlResponse, redirectResponse } from '../server/http-types.js';
import { serialiseCookie } from '../session/cookies.js';
import { type Session, SessionStore } from '../session/session-store.js';
import type { SimVariants } from '../variants.js';
import {
  csrfRefusedPage,
  type MessagePage,
  notFoundPage,
  problemPage,
  timedOutPage,
  unavailablePage,
} from './common-pages.js';
import { type BannerStyle, bannerContext } from './cookie-banner.js';
import type { SimRuntime } from './runtime.js';
import type { ServiceInfo } from './service-info.js';

export interface PageOptions {
  readonly title: string;
  readonly status?: number;
  readonly errors?: readonly FieldError[];
  readonly setCookies?: readonly string[];
  /** For the timeout warning: the session the page belongs to. */
  readonly session?: Session<unknown>;
}

export type Guarded<S> =
  | { readonly ok: true; readonly session: Session<S> }
  | { readonly ok: false; readonly response: SimResponse };

/** Chrome that differs per service (banner, phase, footer, timeout warning). */
export interface ServiceChrome {
  readonly banner: BannerStyle | null;
  readonly phase?: string;
  readonly footerLinks?: readonly { text: string; href: string }[];
  readonly timeoutWarning?: boolean;
  readonly contentRowId?: string;
}

/**
 * The machinery the three services share: cookie sessions with an idle timeout, the hidden CSRF
 * token on every form, "start again" when a later step is reached without a session, and page
 * rendering inside the GOV.UK template.
 */
export class ServiceKit<S> {
  readonly sessions: SessionStore<S>;

  constructor(
    readonly info: ServiceInfo,
    readonly runtime: SimRuntime,
    initialState: () => S,
    private readonly chrome: ServiceChrome,
  ) {
    this.sessions = new SessionStore(initialState);
  }

  /** A path inside this service's prefix. */
  url(path: string): string {
    return `${this.info.prefix}${path}`;
  }

  get entryUrl(): string {
    return this.url(this.info.entryPath);
  }

  nowMs(): number {
    return this.runtime.now().getTime();
  }

  timeoutSeconds(): number {
    return (
      this.runtime.faultsFor(this.info.name).sessionTimeoutSeconds ??
      this.runtime.settings.sessionTimeoutSeconds
    );
  }

  /** A fresh session for the first step, with the cookie that carries it. */
  startSession(): { session: Session<S>; cookie: string } {
    const session = this.sessions.create(this.nowMs());
    return {
      session,
      cookie: serialiseCookie(this.info.sessionCookie, session.id, { path: this.info.prefix }),
    };
  }

  clearCookie(): string {
    return serialiseCookie(this.info.sessionCookie, '', { path: this.info.prefix, maxAge: 0 });
  }

  sessionIdOf(req: SimRequest): string | undefined {
    return req.cookies.get(this.info.sessionCookie);
  }

  /**
   * The live session of a request past the first step. No session: back to the first step. A
   * timed-out one: the "session has timed out" page. A POST must carry the session's `_csrf`.
   */
  guard(req: SimRequest): Guarded<S> {
    const found = this.sessions.find(this.sessionIdOf(req), this.nowMs(), this.timeoutSeconds());
    if (found.kind === 'missing') return { ok: false, response: redirectResponse(this.entryUrl) };
    if (found.kind === 'expired') {
      const minutes = Math.round(this.timeoutSeconds() / 60);
      return {
        ok: false,
        response: this.message(timedOutPage(minutes, this.entryUrl), req, [this.clearCookie()]),
      };
    }
    if (req.method === 'POST' && req.form.get('_csrf') !== found.session.csrf) {
      return { ok: false, response: this.message(csrfRefusedPage(this.entryUrl), req) };
    }
    return { ok: true, session: found.session };
  }

  page(
    template: string,
    req: SimRequest,
    context: Record<string, unknown>,
    options: PageOptions,
  ): SimResponse {
    const errors = options.errors ?? [];
    const html = this.runtime.renderer.render(template, {
      ...this.baseContext(req, options.session),
      title: options.title,
      errors: errorList(errors),
      ...context,
    });
    return htmlResponse(options.status ?? 200, html, options.setCookies ?? []);
  }

  message(page: MessagePage, req: SimRequest, setCookies: readonly string[] = []): SimResponse {
    return this.page(
      'pages/message.njk',
      req,
      { ...page },
      { title: page.title, status: page.status, setCookies },
    );
  }

  problem(status: number, req: SimRequest): SimResponse {
    return this.message(problemPage(status, this.entryUrl), req);
  }

  unavailable(req: SimRequest): SimResponse {
    return this.message(unavailablePage(), req);
  }

  notFound(req: SimRequest): SimResponse {
    return this.message(notFoundPage(), req);
  }

  /** The variants of the person this session's lookup matched, else the run's. */
  variantsOf(session: Session<unknown> | undefined): SimVariants {
    const matched = (session?.state as { matched?: string } | undefined)?.matched;
    return this.runtime.variantsFor(matched === undefined ? undefined : this.runtime.people.get(matched));
  }

  private baseContext(req: SimRequest, session: Session<unknown> | undefined): Record<string, unknown> {
    const settings = this.runtime.settings;
    const variants = this.variantsOf(session);
    const banner = this.chrome.banner === 'ukvi' || settings.cookieBanners ? this.chrome.banner : null;
    const timeout = this.timeoutSeconds();
    const warn =
      this.chrome.timeoutWarning && session !== undefined && timeout > settings.sessionWarningSeconds;
    return {
      assetPath: '/assets',
      submitText: variants.submitText,
      markup: variants.markup,
      checkDetailsLayout: variants.checkDetails,
      prefix: this.info.prefix,
      serviceName: this.info.serviceName,
      serviceUrl: this.entryUrl,
      csrfToken: session?.csrf ?? '',
      cookieBanner: bannerContext(banner, req, {
        prefix: this.info.prefix,
        serviceName: this.info.serviceName,
      }),
      phase: this.chrome.phase,
      footerLinks: this.chrome.footerLinks,
      contentRowId: this.chrome.contentRowId,
      timeoutWarning: warn
        ? {
            timeoutSeconds: timeout,
            warningSeconds: settings.sessionWarningSeconds,
            keepAliveUrl: this.url('/keep-alive'),
            timedOutUrl: this.url('/timed-out'),
            signOutUrl: this.url('/user-sign-out'),
          }
        : null,
    };
  }
}
