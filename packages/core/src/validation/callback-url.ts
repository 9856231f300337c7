import type { CheckError } from '../errors/check-error.js';
import { invalidInput } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';
import { hasControlCharacter } from '../util/control-characters.js';
import { isPrivateIpAddress, parseIpAddress } from './ip-address.js';

export const CALLBACK_URL_MAX_LENGTH = 2048;

// Names that only ever lead inside a network. Suffix entries match the name itself and its subdomains.
const INTERNAL_NAMES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa'];

function refuse(reason: string): { ok: false; error: CheckError } {
  return fail(invalidInput('callback_url', `callback_url ${reason}`));
}

/** True for host names that only resolve inside a network (`localhost`, `*.internal`, `*.local`, ...). */
export function isInternalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return INTERNAL_NAMES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

const MAX_LABEL_LENGTH = 63;
const MAX_NAME_LENGTH = 253;

/** Why a host name could never resolve (RFC 1035 2.3.4, in its ASCII form), or null when well formed. */
function hostNameProblem(hostname: string): string | null {
  // One trailing dot is the root (a fully qualified name); any other empty label is an error.
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const labels = name.split('.');
  if (labels.some((label) => label === '')) {
    return 'has an empty label in its host name (two dots in a row, or a leading dot): correct the host name.';
  }
  if (labels.some((label) => label.length > MAX_LABEL_LENGTH)) {
    return `has a host name label longer than ${MAX_LABEL_LENGTH} characters: correct the host name.`;
  }
  if (name.length > MAX_NAME_LENGTH) {
    return `has a host name longer than ${MAX_NAME_LENGTH} characters: correct the host name.`;
  }
  return null;
}

/**
 * The static callback-URL rules of spec 6.3: https, at most 2048 characters, no user name or
 * password, and no literal private or internal address. Resolving the name and vetting the answers is
 * the sender's job, before every attempt.
 */
export function validateCallbackUrl(raw: unknown): Outcome<string> {
  if (typeof raw !== 'string') {
    return refuse('must be a string: send an https URL, or leave the field out for a poll-only check.');
  }
  if (raw.length === 0) {
    return refuse('is empty: send an https URL, or leave the field out for a poll-only check.');
  }
  if (raw.length > CALLBACK_URL_MAX_LENGTH) {
    return refuse(`is longer than ${CALLBACK_URL_MAX_LENGTH} characters: use a shorter URL.`);
  }
  // URL parsers silently drop tabs and line breaks and trim spaces; refuse them so what is checked is
  // exactly what is stored.
  if (hasControlCharacter(raw, { space: true })) {
    return refuse(
      'contains spaces or control characters: send the URL without them (percent-encode if needed).',
    );
  }
  // The literal prefix (not the parsed scheme), so `https:host` and `https:\\host` spellings, which URL
  // parsers repair silently, are refused as the contract's pattern refuses them. Schemes are
  // case-insensitive (RFC 3986 3.1): `HTTPS://` is https.
  if (raw.slice(0, 8).toLowerCase() !== 'https://') {
    return refuse('must use https: send an address starting with https://.');
  }
  if (/^https:\/\/[/?#]/i.test(raw)) {
    return refuse(
      'has no host name after https://: send a full address such as https://example.com/webhooks.',
    );
  }
  if (raw.includes('\\')) {
    return refuse('must not contain backslashes: use forward slashes.');
  }
  // Any `@` before the path is user-info, even an empty one (`https://:@host/`) that the parsed URL
  // shows as no user name and no password: refuse it on the text, as receivers' parsers differ.
  if (/^https:\/\/[^/?#]*@/i.test(raw)) {
    return refuse(
      'must not contain a user name or password (an "@" before the path): remove them and authenticate with the webhook signature.',
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('is not a valid absolute URL: send a full address such as https://example.com/webhooks.');
  }
  if (url.username !== '' || url.password !== '') {
    return refuse(
      'must not contain a user name or password: remove them and authenticate with the webhook signature.',
    );
  }
  if (url.port === '0') {
    return refuse('has port 0, which nothing listens on: leave the port out for 443, or give the real one.');
  }
  const hostname = url.hostname;
  const address = parseIpAddress(hostname);
  if (address) {
    if (isPrivateIpAddress(address)) {
      return refuse(
        'points at a private, internal or reserved IP address: use a public address the service can reach.',
      );
    }
    return ok(raw);
  }
  const malformed = hostNameProblem(hostname);
  if (malformed) return refuse(malformed);
  if (isInternalHostName(hostname)) {
    return refuse('points at an internal host name: use a public host name the service can reach.');
  }
  if (!hostname.replace(/\.+$/, '').includes('.')) {
    return refuse(
      'must use a fully qualified public host name (such as hooks.example.com), not a single-label name.',
    );
  }
  return ok(raw);
}
