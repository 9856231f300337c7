import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { TestCertificate } from './webhook-tls.js';

export interface ReceivedWebhook {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Which of the secrets given verified it with the standardwebhooks library; null when none did. */
  readonly verifiedWith: string | null;
  readonly status: number;
}

/** What the receiver answers the n-th request (1-based): a status, or a hang past the sender's limit. */
export type Answer = number | 'hang' | { readonly redirectTo: string };
export type AnswerFn = (n: number) => Answer | Promise<Answer>;

export interface TestReceiver {
  readonly port: number;
  readonly received: ReceivedWebhook[];
  /** TLS connections accepted, verified or not. */
  connections(): number;
  /** Secrets tried in order when verifying (the current one of the account). */
  secrets: string[];
  answer: AnswerFn;
  close(): Promise<void>;
}

/**
 * An HTTPS webhook receiver on 127.0.0.1 that verifies every request with the standardwebhooks
 * library, as a customer would, and answers what the test says.
 */
export async function startTestReceiver(
  tls: TestCertificate,
  answer: AnswerFn = () => 204,
): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  let connections = 0;
  let requests = 0;
  const state = { secrets: [] as string[], answer };
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      let verifiedWith: string | null = null;
      for (const secret of state.secrets) {
        try {
          new Webhook(secret).verify(body, headers);
          verifiedWith = secret;
          break;
        } catch {
          // Try the next secret.
        }
      }
      const n = ++requests;
      const reply = await state.answer(n);
      if (reply === 'hang') {
        received.push({ headers, body, verifiedWith, status: 0 });
        return;
      }
      if (typeof reply === 'object') {
        received.push({ headers, body, verifiedWith, status: 302 });
        res.writeHead(302, { location: reply.redirectTo }).end();
        return;
      }
      received.push({ headers, body, verifiedWith, status: reply });
      res.writeHead(reply, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.on('secureConnection', () => {
    connections += 1;
  });
  server.on('tlsClientError', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    connections: () => connections,
    get secrets() {
      return state.secrets;
    },
    set secrets(value: string[]) {
      state.secrets = value;
    },
    get answer() {
      return state.answer;
    },
    set answer(value: AnswerFn) {
      state.answer = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A plain TCP listener that counts connections: the target of hostile URLs, which must reach nothing. */
export async function startConnectionCounter(
  host = '127.0.0.1',
): Promise<{ readonly port: number; connections(): number; close(): Promise<void> }> {
  let count = 0;
  const server: TcpServer = createTcpServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
