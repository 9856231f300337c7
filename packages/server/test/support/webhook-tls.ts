import {
  type SelfSignedCertificate,
  selfSignedCertificate,
} from '../../../../scripts/support/self-signed-certificate.mjs';

/** A host name the tests' injected resolver maps to 127.0.0.1 (it passes core's static rules). */
export const TEST_RECEIVER_HOST = 'hooks.rtw-test.example';

export type TestCertificate = SelfSignedCertificate;

/**
 * A self-signed certificate for the test receivers (the repository's one openssl recipe): valid for
 * localhost, the test host name, 127.0.0.1 and ::1, one day.
 */
export function makeTestCertificate(): TestCertificate {
  return selfSignedCertificate({
    commonName: 'rtw webhook test receiver',
    altNames: ['DNS:localhost', `DNS:${TEST_RECEIVER_HOST}`, 'IP:127.0.0.1', 'IP:::1'],
  });
}
