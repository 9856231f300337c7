import type { Outcome } from '@sharecode/core';
import { DEFAULT_BASE_URL, ShareCodeClient } from '@sharecode/sdk';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { envValue, flagOption, numberOption, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { cliFailure, type Failure, failureFromError } from '../render/failure.js';
import { CLI_VERSION } from '../version.js';
import type { InProcessSandbox } from './in-process-sandbox.js';
import { loadSandbox } from './load-sandbox.js';

export interface Connection {
  client: ShareCodeClient;
  /** Set with --sandbox. */
  sandbox: InProcessSandbox | undefined;
  /** Retries of one request (--retries). */
  retries: number;
  /** Poll pacing for --wait; undefined: the SDK's defaults (1 s, growing to 10 s). */
  poll: { interval: number; maxInterval: number } | undefined;
  /** A live key: checks may be charged. */
  live: boolean;
  /** The `X-Request-Id` of the latest answer received, if any. */
  lastRequestId(): string | undefined;
  /**
   * Calls `listener` after every request: true when the service answered (any status), false when it
   * could not be reached. A batch stops on a run of failures instead of walking every row.
   */
  watchNetwork(listener: (reached: boolean) => void): () => void;
  close(): void;
}

/** The API key of this command: --api-key, else RTW_API_KEY (undefined when neither is set). */
export function apiKeyOf(
  options: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return stringOption(options, 'apiKey')?.trim() || envValue(env, 'RTW_API_KEY');
}

/** The service's address for this command: --base-url, else RTW_BASE_URL, else the SDK's default. */
export function baseUrlOf(
  options: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return stringOption(options, 'baseUrl')?.trim() || envValue(env, 'RTW_BASE_URL') || DEFAULT_BASE_URL;
}

/**
 * The client for this command: against the in-process sandbox with --sandbox, else against
 * --base-url / RTW_BASE_URL with --api-key / RTW_API_KEY. The key is never printed.
 */
export async function openConnection(
  ctx: CommandContext,
  out: Output,
): Promise<Outcome<Connection, Failure>> {
  const { options, io } = ctx;
  const retries = numberOption(options, 'retries', 2);
  const userAgent = `rtw-cli/${CLI_VERSION}`;

  if (flagOption(options, 'sandbox')) {
    if (stringOption(options, 'apiKey') !== undefined || stringOption(options, 'baseUrl') !== undefined) {
      out.notice('Note: --sandbox uses its own test key and address; --api-key and --base-url are ignored.');
    }
    const { SANDBOX_CLI_KEY, startInProcessSandbox } = await loadSandbox(
      () => import('./in-process-sandbox.js'),
    );
    const sandbox = startInProcessSandbox(io.env);
    out.detail(`Sandbox: answering in this process at ${sandbox.baseUrl}; nothing goes over the network.`);
    const client = new ShareCodeClient({
      apiKey: SANDBOX_CLI_KEY,
      baseUrl: sandbox.baseUrl,
      userAgent,
      fetch: sandbox.fetch,
    });
    return {
      ok: true,
      value: {
        client,
        sandbox,
        retries,
        poll: { interval: sandbox.pollIntervalMs, maxInterval: sandbox.pollMaxIntervalMs },
        live: false,
        lastRequestId: () => undefined,
        // The sandbox answers in this process: it is always reached.
        watchNetwork: () => () => {},
        close: () => sandbox.close(),
      },
    };
  }

  const flagKey = stringOption(options, 'apiKey');
  const apiKey = apiKeyOf(options, io.env);
  if (flagKey !== undefined) {
    out.error(
      out.err.yellow(
        'Warning: --api-key leaves the key in your shell history and the process list; export RTW_API_KEY instead.',
      ),
    );
  }
  if (apiKey === undefined) {
    return {
      ok: false,
      error: cliFailure(
        EXIT.AUTH_OR_PAYMENT,
        'NO_API_KEY',
        'No API key. Export RTW_API_KEY=rtw_live_... (or rtw_test_... for test mode), or add --sandbox to try the built-in sandbox without a key.',
      ),
    };
  }
  out.addSecret(apiKey);
  const baseUrl = baseUrlOf(options, io.env);
  try {
    // Remembers each answer's request id, so that Ctrl-C can quote one (check.ts).
    let lastRequestId: string | undefined;
    const watchers = new Set<(reached: boolean) => void>();
    const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
      let response: Response;
      try {
        response = await globalThis.fetch(input, init);
      } catch (error) {
        // A request the caller cancelled says nothing about the service.
        if (!init?.signal?.aborted) for (const watcher of watchers) watcher(false);
        throw error;
      }
      lastRequestId = response.headers.get('x-request-id') ?? lastRequestId;
      for (const watcher of watchers) watcher(true);
      return response;
    };
    const client = new ShareCodeClient({ apiKey, baseUrl, userAgent, fetch });
    const mode = apiKey.startsWith('rtw_live_')
      ? 'a live key'
      : apiKey.startsWith('rtw_test_')
        ? 'a test key'
        : 'a key';
    out.detail(
      `Using ${client.baseUrl} with ${mode} from ${flagKey !== undefined ? '--api-key' : 'RTW_API_KEY'}.`,
    );
    return {
      ok: true,
      value: {
        client,
        sandbox: undefined,
        retries,
        poll: undefined,
        live: apiKey.startsWith('rtw_live_'),
        lastRequestId: () => lastRequestId,
        watchNetwork: (listener) => {
          watchers.add(listener);
          return () => watchers.delete(listener);
        },
        close: () => {},
      },
    };
  } catch (error) {
    return { ok: false, error: failureFromError(error) };
  }
}
