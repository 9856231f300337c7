import { APPLICANT_PATH_PREFIX } from '@sharecode/core/check-requests';

const REDACTED = '[redacted]';
// A path segment that could be an applicant's token (32 letters and digits), wherever it appears.
const TOKEN_SEGMENT = /(^|\/)[A-Za-z0-9]{32}(?=\/|$)/g;

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A request's path as logs may show it: without its query, and with an applicant's link token
 * replaced, so a log line never lets anyone open the link (decision 5). `/r/...` in any spelling
 * (doubled slashes, percent-encoding) loses everything after the prefix.
 */
export function loggablePath(url: string): string {
  const path = url.split('?')[0] ?? '';
  const plain = decoded(path).replace(/^\/+/, '/');
  if (plain.startsWith(APPLICANT_PATH_PREFIX) || plain === APPLICANT_PATH_PREFIX.slice(0, -1)) {
    return `${APPLICANT_PATH_PREFIX}${REDACTED}`;
  }
  return path.replace(TOKEN_SEGMENT, `$1${REDACTED}`);
}
