import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie holding the browser's random nonce (HttpOnly, SameSite=Strict, Path=/r/). */
export const APPLICANT_CSRF_COOKIE = 'rtw_applicant_csrf';
/** A day: a form left open longer is refused with "Your session timed out". */
export const APPLICANT_CSRF_TTL_SECONDS = 24 * 60 * 60;

const NONCE = /^[A-Za-z0-9_-]{22}$/;
const FIELD = /^[A-Za-z0-9_-]{43}$/;

export interface ApplicantCsrf {
  /** A new nonce for the cookie: 128 random bits. */
  newNonce(): string;
  isNonce(value: unknown): value is string;
  /** The form's hidden field: HMAC-SHA256 of the nonce and the link's token hash. */
  fieldFor(nonce: string, tokenHash: string): string;
  /** True when `field` was made for this nonce and this link under any of the keys. */
  verify(nonce: string | undefined, tokenHash: string, field: unknown): boolean;
}

/**
 * Double-submit CSRF for the applicant's form, bound to the link: a form made for one link (or one
 * browser) is refused on another. `masterKeys[0]` signs; every key verifies, so a key rotation only
 * costs forms open at that moment a retype.
 */
export function createApplicantCsrf(masterKeys: readonly Buffer[]): ApplicantCsrf {
  const keys = masterKeys.map((key) =>
    Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'rtw-server applicant page csrf', 32)),
  );
  const [signer] = keys;
  if (!signer) throw new Error('the applicant page CSRF needs a key');
  const mac = (key: Buffer, nonce: string, tokenHash: string) =>
    createHmac('sha256', key).update(`${nonce}.${tokenHash}`, 'utf8').digest('base64url');
  const isNonce = (value: unknown): value is string => typeof value === 'string' && NONCE.test(value);
  return {
    newNonce: () => randomBytes(16).toString('base64url'),
    isNonce,
    fieldFor: (nonce, tokenHash) => mac(signer, nonce, tokenHash),
    verify(nonce, tokenHash, field) {
      if (!isNonce(nonce) || typeof field !== 'string' || !FIELD.test(field)) return false;
      const given = Buffer.from(field, 'utf8');
      return keys.some((key) => timingSafeEqual(Buffer.from(mac(key, nonce, tokenHash), 'utf8'), given));
    },
  };
}
