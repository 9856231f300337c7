import { fail, type Outcome, ok } from '@sharecode/core';

/**
 * RTW_PUBLIC_URL: the origin the applicant's links point at (behind a proxy or a CDN, what the
 * applicant's browser reaches). An absolute http(s) origin: no path, query, fragment or credentials.
 */
export function readPublicUrl(raw: string | undefined): Outcome<string | null, string> {
  if (raw === undefined || raw.trim() === '') return ok(null);
  const refusal = `RTW_PUBLIC_URL must be the service's public origin, such as https://checks.example.com (http or https, no path, query or fragment); it is ${JSON.stringify(raw.slice(0, 100))}.`;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail(refusal);
  }
  const bare = raw.trim().replace(/\/$/, '');
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.origin !== bare.toLowerCase().replace(/:(80|443)$/, (port) => (url.port === '' ? '' : port))
  ) {
    return fail(refusal);
  }
  return ok(url.origin);
}
