import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A host name the tests' injected resolver maps to 127.0.0.1 (it passes core's static rules). */
export const TEST_RECEIVER_HOST = 'hooks.rtw-test.example';

export interface TestCertificate {
  readonly key: string;
  readonly cert: string;
  /** The certificate as a file, for RTW_WEBHOOKS_CA_FILE. */
  readonly certFile: string;
  cleanup(): void;
}

/**
 * A self-signed certificate for the test receivers, made with the openssl CLI (no npm dependency):
 * valid for localhost, the test host name, 127.0.0.1 and ::1, one day.
 */
export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'rtw-webhook-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const config = join(dir, 'openssl.cnf');
  writeFileSync(
    config,
    [
      '[req]',
      'distinguished_name = dn',
      'x509_extensions = ext',
      'prompt = no',
      '[dn]',
      'CN = rtw webhook test receiver',
      '[ext]',
      'basicConstraints = critical, CA:TRUE',
      'keyUsage = critical, digitalSignature, keyCertSign',
      'extendedKeyUsage = serverAuth',
      `subjectAltName = DNS:localhost, DNS:${TEST_RECEIVER_HOST}, IP:127.0.0.1, IP:::1`,
      '',
    ].join('\n'),
  );
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-config',
      config,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    certFile,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
