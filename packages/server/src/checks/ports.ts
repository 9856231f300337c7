/** The 7-day investigation copy of a synchronous check: request and result or error, sealed at rest. */
export interface CheckCopy {
  readonly id: string;
  readonly accountId: string;
  readonly keyId: string;
  readonly mode: 'live' | 'test';
  readonly kind: string;
  readonly requestId: string;
  readonly httpStatus: number;
  readonly errorCode: string | null;
  /** The validated request: personal data, stored only encrypted. */
  readonly request: unknown;
  readonly result: unknown;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface CheckCopiesRepo {
  insert(copy: CheckCopy): Promise<void>;
  /** The copy, decrypted; null when there is none (never kept, or deleted by retention). */
  get(id: string): Promise<CheckCopy | null>;
}
