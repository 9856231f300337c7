import { lookup as dnsLookup } from 'node:dns/promises';
import { fail, type Outcome, ok } from '@sharecode/core';
import { isPrivateIpAddress, parseIpAddress } from '@sharecode/core/validation';
import { type CallbackUrlPolicy, normaliseHost } from '../checks/callback-url-policy.js';
import type { DeliveryErrorClass } from './delivery-outcome.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Every address a name resolves to (the system resolver by default; tests inject their own). */
export type LookupAll = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemLookup: LookupAll = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** Where one attempt connects: the vetted address, and the name for SNI, certificate and Host. */
export interface DeliveryTarget {
  readonly url: URL;
  /** The URL's host without brackets: what the certificate must name. */
  readonly hostname: string;
  readonly port: number;
  /** Path and query, as sent in the request line. */
  readonly path: string;
  /** The one address the socket may connect to: checked, then pinned (no second lookup). */
  readonly address: string;
  readonly family: 4 | 6;
  /** Null for an IP-literal URL (SNI carries names only). */
  readonly servername: string | null;
}

export interface TargetRefusal {
  readonly errorClass: Extract<DeliveryErrorClass, 'url_refused' | 'dns' | 'address_refused'>;
}

/**
 * Spec 6.3, before every attempt: the URL's rules again, then the host resolved once and every
 * answer vetted (private, loopback, link-local, CGNAT, multicast, unspecified, metadata, embedded
 * IPv4 forms: core's ranges). One bad answer refuses the attempt; the caller connects to exactly the
 * address returned here, so a name that answers differently the next time (DNS rebinding) gains nothing.
 */
export async function resolveTarget(
  raw: string,
  deps: { readonly policy: CallbackUrlPolicy; readonly lookup: LookupAll },
): Promise<Outcome<DeliveryTarget, TargetRefusal>> {
  const valid = deps.policy.validate(raw);
  if (!valid.ok) return fail({ errorClass: 'url_refused' });
  const url = new URL(valid.value);
  const hostname = normaliseHost(url.hostname);
  const trusted = deps.policy.isUnsafelyAllowed(hostname);
  const port = url.port === '' ? 443 : Number(url.port);
  const path = `${url.pathname}${url.search}`;

  const literal = parseIpAddress(hostname);
  if (literal) {
    if (!trusted && isPrivateIpAddress(literal)) return fail({ errorClass: 'address_refused' });
    return ok({
      url,
      hostname,
      port,
      path,
      address: hostname,
      family: literal.version,
      servername: null,
    });
  }

  let answers: readonly ResolvedAddress[];
  try {
    answers = await deps.lookup(hostname);
  } catch {
    return fail({ errorClass: 'dns' });
  }
  if (answers.length === 0) return fail({ errorClass: 'dns' });
  for (const answer of answers) {
    const parsed = parseIpAddress(answer.address);
    if (!parsed) return fail({ errorClass: 'address_refused' });
    if (!trusted && isPrivateIpAddress(parsed)) return fail({ errorClass: 'address_refused' });
  }
  const first = answers[0] as ResolvedAddress;
  return ok({
    url,
    hostname,
    port,
    path,
    address: first.address,
    family: first.family,
    servername: hostname,
  });
}
