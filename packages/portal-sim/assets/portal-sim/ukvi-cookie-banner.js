// view-immigration-status's banner: hidden in the HTML, shown by script until a choice is made.
const banner = document.getElementById('cookie-banner');
const CONSENT = 'cookie_consent';

function consent() {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${CONSENT}=`));
  return match ? match.slice(CONSENT.length + 1) : null;
}

function show(id) {
  for (const part of banner.querySelectorAll('.govuk-cookie-banner__message')) part.hidden = part.id !== id;
}

function choose(value) {
  // biome-ignore lint/suspicious/noDocumentCookie: the choice lives in a cookie, as on the real banner; CookieStore is not in every browser.
  document.cookie = `${CONSENT}=${value}; path=/; max-age=31536000; SameSite=Lax`;
  show(value === 'accepted' ? 'cookie-banner-accepted' : 'cookie-banner-rejected');
}

if (banner && consent() === null) {
  banner.hidden = false;
  show('cookie-banner-question');
  document.getElementById('accept-analytics')?.addEventListener('click', () => choose('accepted'));
  document.getElementById('reject-analytics')?.addEventListener('click', () => choose('rejected'));
  for (const id of ['close-banner-1', 'close-banner-2']) {
    document.getElementById(id)?.addEventListener('click', () => {
      banner.hidden = true;
    });
  }
}
