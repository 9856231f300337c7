import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { createSandbox, type Sandbox } from '@sharecode/sandbox';
import { answer } from '../../src/commands/sandbox-serve.js';

export interface SharedSandbox {
  baseUrl: string;
  /** The sandbox itself: its helper plays the applicant of a request. */
  sandbox: Sandbox;
  /** RTW_BASE_URL and a test key for `runMain`: the commands reach this sandbox over HTTP. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The sandbox served over HTTP from this process, as `rtw sandbox serve` serves it (its own answer
 * function), so that `rtw request status`, `list` and `cancel` run in-process through `main(argv, io)`
 * see a request an earlier command made, and the test plays the applicant with the sandbox's helper.
 */
export async function shareSandbox(): Promise<SharedSandbox> {
  let sandbox: Sandbox | undefined;
  const server = createServer((request, response) => {
    if (sandbox === undefined) {
      response.writeHead(503).end();
      return;
    }
    answer(sandbox, request, response).catch(() => response.destroy());
  });
  const address = await new Promise<AddressInfo>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server.address() as AddressInfo)),
  );
  const baseUrl = `http://127.0.0.1:${address.port}`;
  sandbox = createSandbox({ baseUrl, delays: { startMs: 5, runMs: 5, retrySchedule: [0.05, 0.1] } });
  const running = sandbox;
  return {
    baseUrl,
    sandbox: running,
    env: { RTW_BASE_URL: baseUrl, RTW_API_KEY: `rtw_test_${'0'.repeat(40)}` },
    close: async () => {
      running.reset();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The applicant of `request` sends `shareCode` (and the sandbox's date of birth) on the link's page,
 * through the sandbox's own helper; resolves once the check it makes has settled.
 */
export async function applicantSends(
  shared: SharedSandbox,
  request: { url: string | null },
  shareCode: string,
): Promise<string> {
  const answer = await shared.sandbox.submitAsApplicant(request, {
    shareCode,
    dateOfBirth: SANDBOX_DATE_OF_BIRTH,
  });
  return answer.outcome;
}
