export interface SelfSignedCertificate {
  readonly key: string;
  readonly cert: string;
  /** The certificate as a file, for NODE_EXTRA_CA_CERTS or RTW_WEBHOOKS_CA_FILE. */
  readonly certFile: string;
  cleanup(): void;
}
export function selfSignedCertificate(options?: {
  readonly commonName?: string;
  readonly altNames?: readonly string[];
}): SelfSignedCertificate;
