// A self-signed certificate for local HTTPS receivers (tests, benchmarks, runtime suites), made with
// the openssl CLI so no npm dependency is needed. One place for the recipe: an EC P-256 key, one
// day, CA:TRUE so it can be trusted directly (NODE_EXTRA_CA_CERTS, RTW_WEBHOOKS_CA_FILE).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @param {{ commonName?: string, altNames?: readonly string[] }} [options] altNames in openssl's
 *   form (`IP:127.0.0.1`, `DNS:localhost`); default IP:127.0.0.1 only.
 * @returns {{ key: string, cert: string, certFile: string, cleanup(): void }}
 */
export function selfSignedCertificate(options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rtw-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const config = join(dir, 'openssl.cnf');
  const altNames = options.altNames ?? ['IP:127.0.0.1'];
  writeFileSync(
    config,
    [
      '[req]',
      'distinguished_name = dn',
      'x509_extensions = ext',
      'prompt = no',
      '[dn]',
      `CN = ${options.commonName ?? 'rtw local receiver'}`,
      '[ext]',
      'basicConstraints = critical, CA:TRUE',
      'keyUsage = critical, digitalSignature, keyCertSign',
      'extendedKeyUsage = serverAuth',
      `subjectAltName = ${altNames.join(', ')}`,
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
    ].concat(['-config', config, '-keyout', keyFile, '-out', certFile]),
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    certFile,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
