import type { Outcome } from '@sharecode/core';
import { validateCallbackUrl } from '@sharecode/core/validation';

/**
 * The callback-URL rules the service applies when a URL is given (POST, default URL, dashboard) and
 * before every attempt: core's static rules of spec 6.3, except for the hosts an operator listed in
 * RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS (test receivers on this machine), which may be internal names or
 * private addresses. https, the length limit and the ban on credentials apply to every URL.
 */
export interface CallbackUrlPolicy {
  validate(raw: unknown): Outcome<string>;
  /** True when `hostname` (as the URL parser gives it) was listed: its resolved addresses are not vetted. */
  isUnsafelyAllowed(hostname: string): boolean;
}

/** How a host is compared: lower case, no brackets, no trailing dots. */
export function normaliseHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  return name.replace(/\.+$/, '');
}

/** A public name standing in for a listed host, so core still judges every other part of the URL. */
const STAND_IN_HOST = 'allowed-host.example';

export function createCallbackUrlPolicy(unsafeAllowHosts: readonly string[] = []): CallbackUrlPolicy {
  const allowed = new Set(unsafeAllowHosts.map(normaliseHost).filter((host) => host !== ''));
  const isUnsafelyAllowed = (hostname: string) => allowed.size > 0 && allowed.has(normaliseHost(hostname));
  return {
    isUnsafelyAllowed,
    validate(raw) {
      const strict = validateCallbackUrl(raw);
      if (strict.ok || allowed.size === 0 || typeof raw !== 'string') return strict;
      const swapped = withStandInHost(raw, isUnsafelyAllowed);
      if (swapped === null) return strict;
      const relaxed = validateCallbackUrl(swapped);
      return relaxed.ok ? { ok: true, value: raw } : relaxed;
    },
  };
}

/**
 * `raw` with its host replaced by the stand-in when the host is listed; null otherwise. The authority
 * must be a bare host (and port): credentials are left for core to refuse.
 */
function withStandInHost(raw: string, isAllowed: (host: string) => boolean): string | null {
  if (!raw.startsWith('https://')) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!isAllowed(url.hostname)) return null;
  const rest = raw.slice('https://'.length);
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  if (authority.includes('@')) return null;
  const port = /:(\d{1,5})$/.exec(authority)?.[1];
  const tail = end === -1 ? '' : rest.slice(end);
  return `https://${STAND_IN_HOST}${port === undefined ? '' : `:${port}`}${tail}`;
}
