/**
 * GOV.UK Design System wording for the pages every service has. The real services' exact words
 * are unknown; these follow the Design System's page patterns.
 */
export interface MessagePage {
  readonly status: number;
  readonly title: string;
  readonly heading: string;
  /** GOV.UK heading size class suffix; "l" unless given. */
  readonly headingSize?: 'xl' | 'l';
  readonly paragraphs: readonly string[];
  readonly button?: { readonly text: string; readonly href: string; readonly id?: string };
  readonly link?: { readonly text: string; readonly href: string };
  /** Right to work's "problem" page has its h1 inside a form (jamesoneill 1204f44: form > h1). */
  readonly inForm?: boolean;
}

export function problemPage(status: number, startHref: string): MessagePage {
  return {
    status,
    title: 'Sorry, there is a problem with the service',
    heading: 'Sorry, there is a problem with the service',
    paragraphs: [
      'Try again later.',
      'We have not saved your answers. When the service is available, you will have to start again.',
    ],
    link: { text: 'Start again', href: startHref },
  };
}

export function unavailablePage(): MessagePage {
  return {
    status: 503,
    title: 'Sorry, the service is unavailable',
    heading: 'Sorry, the service is unavailable',
    paragraphs: [
      'You will be able to use the service later.',
      'We have not saved your answers. When the service is available, you will have to start again.',
    ],
  };
}

export function notFoundPage(): MessagePage {
  return {
    status: 404,
    title: 'Page not found',
    heading: 'Page not found',
    paragraphs: [
      'If you typed the web address, check it is correct.',
      'If you pasted the web address, check you copied the entire address.',
    ],
  };
}

export function timedOutPage(minutes: number, startHref: string): MessagePage {
  const idle = minutes >= 1 ? `for ${minutes} minute${minutes === 1 ? '' : 's'}` : 'for a while';
  return {
    status: 200,
    title: 'Your session has timed out',
    heading: 'Your session has timed out',
    paragraphs: [
      `We have deleted your answers because you did not do anything ${idle}.`,
      'You will have to start again.',
    ],
    button: { text: 'Start again', href: startHref, id: 'start-again' },
  };
}

export function signedOutPage(startHref: string): MessagePage {
  return {
    status: 200,
    title: 'You have been signed out',
    heading: 'You have been signed out',
    paragraphs: ['We have deleted your answers.'],
    button: { text: 'Start again', href: startHref, id: 'start-again' },
  };
}

/** A POST whose hidden `_csrf` is missing or stale (back button, second tab, replay). */
export function csrfRefusedPage(startHref: string): MessagePage {
  return {
    status: 403,
    title: 'Sorry, there is a problem with the service',
    heading: 'Sorry, there is a problem with the service',
    paragraphs: [
      'We could not accept your answers because the page you sent them from was out of date.',
      'This can happen if you used the back button or had the service open in more than one tab.',
    ],
    button: { text: 'Start again', href: startHref, id: 'start-again' },
  };
}
