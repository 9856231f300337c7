import { Agent } from 'node:https';
import type { SecureContext } from 'node:tls';
import type { DeliveryTarget } from './resolve-target.js';

/** Keep-alive connections per vetted target, so a receiver's deliveries skip the TCP and TLS handshakes. */
export interface PinnedAgents {
  /** The agent of exactly this address, port, host name and SNI: its sockets reach nothing else. */
  agentFor(target: DeliveryTarget): Agent;
  /** Targets with an agent now (for tests). */
  size(): number;
  /** Closes every pooled connection. */
  close(): void;
}

export interface PinnedAgentsOptions {
  readonly secureContext: SecureContext | undefined;
  /** Targets kept; the least recently used is dropped past this (its idle sockets time out). */
  readonly maxTargets?: number;
  /** An idle pooled connection is closed after this long. */
  readonly idleMs?: number;
}

const DEFAULT_MAX_TARGETS = 256;
const DEFAULT_IDLE_MS = 15_000;

/**
 * One https.Agent per pinned address. Node's agent pools sockets by host name, port and TLS options,
 * not by the address the socket reached: one agent shared across addresses could hand a request vetted
 * for address B a socket connected to address A. Keyed by the vetted address as well, every pooled
 * socket was opened to the very address the current attempt vetted (resolve-target.ts runs before
 * each attempt), so reuse keeps the pinned-address guarantee.
 */
export function createPinnedAgents(options: PinnedAgentsOptions): PinnedAgents {
  const maxTargets = options.maxTargets ?? DEFAULT_MAX_TARGETS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const agents = new Map<string, Agent>();
  return {
    agentFor(target) {
      const key = `${target.family}|${target.address}|${target.port}|${target.hostname}|${target.servername ?? ''}`;
      let agent = agents.get(key);
      if (agent) {
        // Most recently used last, so the first entry is the one to drop.
        agents.delete(key);
        agents.set(key, agent);
        return agent;
      }
      agent = new Agent({
        keepAlive: true,
        // Applies to idle pooled sockets (closed when it elapses); an attempt has its own 10 s limit.
        timeout: idleMs,
        ...(options.secureContext ? { secureContext: options.secureContext } : {}),
      });
      agents.set(key, agent);
      if (agents.size > maxTargets) {
        const oldest = agents.keys().next().value as string;
        // Not destroyed: an attempt may be using it; its idle sockets close after `idleMs`.
        agents.delete(oldest);
      }
      return agent;
    },
    size: () => agents.size,
    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}
