import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  readonly maxConnections: number;
  readonly maxConnectionsPerClient: number;
  /** Trusted proxies carry many clients' connections: they are held to the total only. */
  readonly exempt: (address: string | undefined) => boolean;
}

/**
 * Caps open connections in total and per client address. One over a cap is closed at once, before
 * any byte of it is read (as Node's own `maxConnections` does): a client holding many idle
 * connections cannot starve the others of sockets and memory.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  const perClient = new Map<string, number>();
  let open = 0;
  // Before Node's HTTP parser: a refused socket never reaches it.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const counted = !limits.exempt(address);
    const fromClient = counted ? (perClient.get(address) ?? 0) : 0;
    if (open >= limits.maxConnections || fromClient >= limits.maxConnectionsPerClient) {
      socket.destroy();
      return;
    }
    open += 1;
    if (counted) perClient.set(address, fromClient + 1);
    socket.once('close', () => {
      open -= 1;
      if (!counted) return;
      const left = (perClient.get(address) ?? 1) - 1;
      if (left > 0) perClient.set(address, left);
      else perClient.delete(address);
    });
  });
}
