import type { WebhookRequest } from '@sharecode/sandbox';
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { sandboxTiming } from './sandbox-delays.js';

/**
 * A fixed, well-formed sandbox key: the sandbox accepts any `rtw_test_` key, and this one is
 * published, so printing it would leak nothing.
 */
export const SANDBOX_CLI_KEY = 'rtw_test_rtwcli0sandbox00000000000000000000000000';

export interface InProcessSandbox {
  baseUrl: string;
  webhookSecret: string;
  pollIntervalMs: number;
  pollMaxIntervalMs: number;
  /** Webhooks the sandbox signed, in order: captured here, never posted (the sandbox makes no network calls). */
  webhooks: readonly WebhookRequest[];
  /** Resolves once a webhook for `checkId` has been captured, or after `timeoutMs`. */
  webhookFor(checkId: string, timeoutMs: number): Promise<WebhookRequest | undefined>;
  close(): void;
}

function checkIdOf(webhook: WebhookRequest): string | undefined {
  try {
    const event = JSON.parse(webhook.body) as { data?: { id?: unknown } };
    return typeof event.data?.id === 'string' ? event.data.id : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the MSW sandbox inside this process: requests to its base URL never leave it. */
export function startInProcessSandbox(env: Readonly<Record<string, string | undefined>>): InProcessSandbox {
  const timing = sandboxTiming(env);
  const { server, sandbox } = setupSandboxServer(
    timing.delays === undefined ? {} : { delays: timing.delays },
  );
  const webhooks: WebhookRequest[] = [];
  const waiters: Array<() => void> = [];
  sandbox.onWebhook((request) => {
    webhooks.push(request);
    for (const wake of waiters.splice(0)) wake();
  });
  // Anything not for the sandbox is refused rather than sent: --sandbox promises no network.
  server.listen({ onUnhandledRequest: 'error' });
  return {
    baseUrl: sandbox.baseUrl,
    webhookSecret: sandbox.webhookSecret,
    pollIntervalMs: timing.pollIntervalMs,
    pollMaxIntervalMs: timing.pollMaxIntervalMs,
    webhooks,
    async webhookFor(checkId, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = webhooks.find((webhook) => checkIdOf(webhook) === checkId);
        if (found || Date.now() >= deadline) return found;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      // reset() cancels the sandbox's timers, so nothing keeps the process alive.
      sandbox.reset();
      server.close();
    },
  };
}
