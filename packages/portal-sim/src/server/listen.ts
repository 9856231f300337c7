import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { htmlResponse, type SimResponse } from './http-types.js';
import { PortalSimError } from './portal-sim-error.js';

export function send(res: ServerResponse, response: SimResponse): void {
  if (res.destroyed) return;
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers))
    res.setHeader(name, value as string | string[]);
  res.end(response.body);
}

export interface Listening {
  readonly server: Server;
  readonly origin: string;
}

/**
 * Opens one listening host. An unexpected throw becomes a plain 500 (logged without the query
 * string, which can carry session codes), unless the simulator is shutting down.
 */
export async function listen(
  what: string,
  host: string,
  port: number,
  respond: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  stopping: AbortSignal,
): Promise<Listening> {
  const server = createServer((req, res) => {
    respond(req, res).catch((error: unknown) => {
      if (stopping.aborted) return;
      const detail = error instanceof Error ? error.message : String(error);
      console.error(
        `portal-sim: internal error on ${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}: ${detail}`,
      );
      send(res, htmlResponse(500, 'Sorry, there is a problem with the service'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new PortalSimError('LISTEN_FAILED', [
          `cannot listen for the ${what} on ${host}:${port} (${error.code ?? error.message}); choose another port or 0`,
        ]),
      );
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return { server, origin };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
