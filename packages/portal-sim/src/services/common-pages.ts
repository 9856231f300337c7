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

const PROBLEM = 'Sorry, there is a problem with the service';
const NOT_SAVED =
  'We have not saved your answers. When the service is available, you will have to start again.';

/** A page whose title is its heading, as every one of these is. */
function messagePage(
  status: number,
  heading: string,
  paragraphs: readonly string[],
  more: Pick<MessagePage, 'button' | 'link'> = {},
): MessagePage {
  return { status, title: heading, heading, paragraphs, ...more };
}

const startAgain = (startHref: string) => ({
  button: { text: 'Start again', href: startHref, id: 'start-again' },
});

export function problemPage(status: number, startHref: string): MessagePage {
  return messagePage(status, PROBLEM, ['Try again later.', NOT_SAVED], {
    link: { text: 'Start again', href: startHref },
  });
}

export function unavailablePage(): MessagePage {
  return messagePage(503, 'Sorry, the service is unavailable', [
    'You will be able to use the service later.',
    NOT_SAVED,
  ]);
}

export function notFoundPage(): MessagePage {
  return messagePage(404, 'Page not found', [
    'If you typed the web address, check it is correct.',
    'If you pasted the web address, check you copied the entire address.',
  ]);
}

export function timedOutPage(minutes: number, startHref: string): MessagePage {
  const idle = minutes >= 1 ? `for ${minutes} minute${minutes === 1 ? '' : 's'}` : 'for a while';
  return messagePage(
    200,
    'Your session has timed out',
    [
      `We have deleted your answers because you did not do anything ${idle}.`,
      'You will have to start again.',
    ],
    startAgain(startHref),
  );
}

export function signedOutPage(startHref: string): MessagePage {
  return messagePage(
    200,
    'You have been signed out',
    ['We have deleted your answers.'],
    startAgain(startHref),
  );
}

/** A POST whose hidden `_csrf` is missing or stale (back button, second tab, replay). */
export function csrfRefusedPage(startHref: string): MessagePage {
  return messagePage(
    403,
    PROBLEM,
    [
      'We could not accept your answers because the page you sent them from was out of date.',
      'This can happen if you used the back button or had the service open in more than one tab.',
    ],
    startAgain(startHref),
  );
}
