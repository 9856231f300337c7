import { fail, type Outcome, ok } from '@sharecode/core';
import {
  ERROR_KINDS,
  type ErrorFault,
  FAULT_SCOPES,
  type FaultScope,
  type FaultSet,
  type Faults,
  type LatencyFault,
  SERVICE_NAMES,
} from './fault-types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isMs = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

const SET_KEYS = ['latency', 'error', 'pageShape', 'sessionTimeoutSeconds'];

function scope(o: Json, where: string, problems: string[]): FaultScope | undefined {
  if (o.on === undefined) return undefined;
  if (typeof o.on === 'string' && (FAULT_SCOPES as readonly string[]).includes(o.on))
    return o.on as FaultScope;
  problems.push(`${where}.on must be one of ${FAULT_SCOPES.map((s) => `"${s}"`).join(', ')}`);
  return undefined;
}

function withScope<T extends object>(value: T, on: FaultScope | undefined): T & { on?: FaultScope } {
  return on === undefined ? value : { ...value, on };
}

function latency(v: unknown, where: string, problems: string[]): LatencyFault | undefined {
  const shape = `${where} must be { "ms": n }, { "minMs": a, "maxMs": b } or { "preset": "realistic" }, optionally with "on"`;
  if (!isObject(v)) {
    problems.push(shape);
    return undefined;
  }
  const on = scope(v, where, problems);
  if (v.preset !== undefined) {
    if (v.preset === 'realistic') return withScope({ preset: 'realistic' as const }, on);
    problems.push(`${where}.preset must be "realistic"`);
    return undefined;
  }
  if (v.ms !== undefined) {
    if (isMs(v.ms)) return withScope({ ms: v.ms }, on);
    problems.push(`${where}.ms must be a whole number of milliseconds, 0 or more`);
    return undefined;
  }
  if (v.minMs !== undefined || v.maxMs !== undefined) {
    if (isMs(v.minMs) && isMs(v.maxMs) && v.minMs <= v.maxMs)
      return withScope({ minMs: v.minMs, maxMs: v.maxMs }, on);
    problems.push(`${where}.minMs and .maxMs must be whole milliseconds with minMs <= maxMs`);
    return undefined;
  }
  problems.push(shape);
  return undefined;
}

function error(v: unknown, where: string, problems: string[]): ErrorFault | undefined {
  if (!isObject(v) || typeof v.kind !== 'string' || !(ERROR_KINDS as readonly string[]).includes(v.kind)) {
    problems.push(
      `${where} must be { "kind": ${ERROR_KINDS.map((k) => `"${k}"`).join(' | ')} }, optionally with "on"`,
    );
    return undefined;
  }
  return withScope({ kind: v.kind as ErrorFault['kind'] }, scope(v, where, problems));
}

function faultSet(o: Json, where: string, problems: string[], allowed: readonly string[]): FaultSet {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) problems.push(`${where}.${key} is not a fault; use ${allowed.join(', ')}`);
  }
  const out: { -readonly [K in keyof FaultSet]: FaultSet[K] } = {};
  if (o.latency !== undefined) out.latency = latency(o.latency, `${where}.latency`, problems);
  if (o.error !== undefined) out.error = error(o.error, `${where}.error`, problems);
  if (o.pageShape !== undefined) {
    if (o.pageShape === 'changed') out.pageShape = 'changed';
    else problems.push(`${where}.pageShape must be "changed" (leave it out for the normal pages)`);
  }
  if (o.sessionTimeoutSeconds !== undefined) {
    if (isMs(o.sessionTimeoutSeconds)) out.sessionTimeoutSeconds = o.sessionTimeoutSeconds;
    else problems.push(`${where}.sessionTimeoutSeconds must be a whole number of seconds, 0 or more`);
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as FaultSet;
}

/**
 * Checks a fault description from JSON (the admin endpoint, the CLI) or from a caller; every
 * problem is reported, each with the shape expected.
 */
export function parseFaults(raw: unknown): Outcome<Faults, string[]> {
  if (!isObject(raw))
    return fail(['faults must be an object, for example { "error": { "kind": "http-503" } }']);
  const problems: string[] = [];
  const top = faultSet(raw, 'faults', problems, [...SET_KEYS, 'services']);
  let services: { -readonly [S in keyof NonNullable<Faults['services']>]: FaultSet } | undefined;
  if (raw.services !== undefined) {
    if (!isObject(raw.services)) {
      problems.push('faults.services must be an object keyed by rightToWork, rightToRent, immigrationStatus');
    } else {
      services = {};
      for (const [name, set] of Object.entries(raw.services)) {
        if (!(SERVICE_NAMES as readonly string[]).includes(name)) {
          problems.push(`faults.services.${name} is not a service; use ${SERVICE_NAMES.join(', ')}`);
        } else if (!isObject(set)) {
          problems.push(`faults.services.${name} must be an object of faults`);
        } else {
          services[name as keyof typeof services] = faultSet(
            set,
            `faults.services.${name}`,
            problems,
            SET_KEYS,
          );
        }
      }
    }
  }
  if (problems.length > 0) return fail(problems);
  return ok(services === undefined ? top : { ...top, services });
}
