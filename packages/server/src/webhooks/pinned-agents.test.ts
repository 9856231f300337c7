import { describe, expect, it } from 'vitest';
import { createPinnedAgents } from './pinned-agents.js';
import type { DeliveryTarget } from './resolve-target.js';

const target = (address: string, overrides: Partial<DeliveryTarget> = {}): DeliveryTarget => ({
  url: new URL('https://hooks.example.com/x'),
  hostname: 'hooks.example.com',
  port: 443,
  path: '/x',
  address,
  family: 4,
  servername: 'hooks.example.com',
  ...overrides,
});

describe('pinned agents', () => {
  it('gives one agent per address, port, name and SNI', () => {
    const agents = createPinnedAgents({ secureContext: undefined });
    const a = agents.agentFor(target('93.184.216.34'));
    expect(agents.agentFor(target('93.184.216.34'))).toBe(a);
    expect(agents.agentFor(target('93.184.216.35'))).not.toBe(a);
    expect(agents.agentFor(target('93.184.216.34', { port: 8443 }))).not.toBe(a);
    expect(agents.agentFor(target('93.184.216.34', { hostname: 'other.example.com' }))).not.toBe(a);
    expect(agents.agentFor(target('93.184.216.34', { servername: null }))).not.toBe(a);
    expect(agents.size()).toBe(5);
    agents.close();
    expect(agents.size()).toBe(0);
  });

  it('keeps at most maxTargets, dropping the least recently used', () => {
    const agents = createPinnedAgents({ secureContext: undefined, maxTargets: 2 });
    const first = agents.agentFor(target('1.1.1.1'));
    agents.agentFor(target('1.1.1.2'));
    agents.agentFor(target('1.1.1.1'));
    agents.agentFor(target('1.1.1.3'));
    expect(agents.size()).toBe(2);
    expect(agents.agentFor(target('1.1.1.1'))).toBe(first);
    agents.close();
  });
});
