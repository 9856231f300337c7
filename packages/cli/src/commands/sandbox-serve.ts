import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from '@sharecode/sandbox';
import { getResponse } from 'msw';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { numberOption, stringOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { cliFailure, printFailure } from '../render/failure.js';
import { sandboxTiming } from '../runtime/sandbox-delays.js';
import { forwardOptions, startForwarding } from './sandbox-serve-forward.js';

const MAX_BODY_BYTES = 1_000_000;

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Answers one HTTP request with the sandbox's MSW handlers, as the in-process sandbox would (tests serve one with it too). */
export async function answer(
  sandbox: Sandbox,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const body = await readBody(request);
  if (body === undefined) {
    sendJson(response, 413, {
      error: { code: 'INVALID_INPUT', message: 'The body is over 1 MB: send a check request.' },
    });
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const method = request.method ?? 'GET';
  const fetchRequest = new Request(`${sandbox.baseUrl}${request.url ?? '/'}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body),
  });
  const answered = await getResponse(sandbox.handlers, fetchRequest);
  if (answered === undefined) {
    sendJson(response, 404, {
      error: {
        code: 'NOT_FOUND',
        message: 'No such endpoint in the sandbox: see GET /openapi.json for the paths.',
      },
    });
    return;
  }
  const out: Record<string, string> = {};
  answered.headers.forEach((value, name) => {
    out[name] = value;
  });
  response.writeHead(answered.status, out);
  response.end(Buffer.from(await answered.arrayBuffer()));
}

/**
 * `rtw sandbox serve`: the sandbox over real HTTP on this machine, so other processes, tools and
 * languages can use it (and `rtw poll` can follow a check across commands). Runs until Ctrl-C.
 */
export async function sandboxServeCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const host = stringOption(ctx.options, 'host') ?? '127.0.0.1';
  const port = numberOption(ctx.options, 'port', 8080);
  const timing = sandboxTiming(ctx.io.env);
  const forward = forwardOptions(ctx.options);
  if (!forward.ok) {
    printFailure(out, forward.error);
    return forward.error.exitCode;
  }
  let sandbox: Sandbox | undefined;
  const server = createServer((request, response) => {
    if (sandbox === undefined) {
      sendJson(response, 503, {
        error: { code: 'BUSY', message: 'The sandbox is starting: retry in a second.' },
      });
      return;
    }
    answer(sandbox, request, response).catch(() => {
      if (!response.headersSent)
        sendJson(response, 500, {
          error: { code: 'INTERNAL', message: 'The sandbox failed to answer: retry.' },
        });
      else response.destroy();
    });
  });
  const listening = await new Promise<AddressInfo | Error>((resolve) => {
    server.once('error', (error) => resolve(error));
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });
  if (listening instanceof Error) {
    const code = (listening as { code?: unknown }).code;
    const why =
      code === 'EADDRINUSE'
        ? `port ${port} is in use: pick another with --port (0 for any free port)`
        : listening.message;
    printFailure(
      out,
      cliFailure(EXIT.UNEXPECTED, 'CLI_ERROR', `The sandbox cannot listen on ${host}:${port}: ${why}.`),
    );
    return EXIT.UNEXPECTED;
  }
  const shownHost = listening.family === 'IPv6' ? `[${listening.address}]` : listening.address;
  const baseUrl = `http://${shownHost}:${listening.port}`;
  const forwarding = forward.value && startForwarding(forward.value, out);
  sandbox = createSandbox({
    baseUrl,
    ...(timing.delays ? { delays: timing.delays } : {}),
    ...(forwarding ? { webhookHandler: forwarding.handle, eventsWithoutCallbackUrl: true } : {}),
  });
  const running = sandbox;
  if (out.json)
    out.jsonValue({
      base_url: baseUrl,
      api_key: 'rtw_test_ followed by 40 letters or digits',
      webhook_secret: running.webhookSecret,
    });
  else out.data(baseUrl);
  out.notice(
    `Sandbox listening on ${baseUrl} (Ctrl-C to stop). Any rtw_test_ key of 40 letters or digits works:`,
  );
  out.notice(
    `  RTW_BASE_URL=${baseUrl} RTW_API_KEY=rtw_test_${'0'.repeat(40)} rtw check right-to-work --share-code WACPT0001 --dob 1990-01-01 --company "Acme Ltd"`,
  );
  if (forwarding) forwarding.announce(running.webhookSecret);
  else out.notice(`Webhooks are signed with ${running.webhookSecret} and posted to the callback URL.`);
  await new Promise<void>((resolve) => {
    const release = ctx.io.onInterrupt(() => {
      running.reset();
      forwarding?.close();
      server.close();
    });
    server.once('close', () => {
      release();
      resolve();
    });
  });
  return EXIT.OK;
}
