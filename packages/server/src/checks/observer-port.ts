import type { CheckKind } from '@sharecode/core';
import type { KeyMode } from '../accounts/api-key.js';

/**
 * What the service tells an observer (the Prometheus metrics, when they are on) as it works. Each
 * layer is handed only its own small part; none of them knows what listens. Every field is a bounded
 * word (a kind, a mode, an error code, a step name) or a number: never an id, a key or personal data.
 */
export type CheckPath = 'sync' | 'async';

export interface CheckObserver {
  /**
   * One run of a check: a synchronous check, or one attempt of an asynchronous one. `seconds` is the
   * run from admission to its answer (or the attempt's end written); `overheadSeconds` is the part
   * spent outside the runner (the portal driver or the sandbox): validation, quota and the database.
   */
  checkRan(event: {
    readonly kind: CheckKind;
    readonly mode: KeyMode;
    readonly path: CheckPath;
    readonly seconds: number;
    readonly overheadSeconds: number;
  }): void;
  /** A check answered (synchronous) or ended (asynchronous): `outcome` is `ok` or its error code. */
  checkEnded(event: {
    readonly kind: CheckKind;
    readonly mode: KeyMode;
    readonly path: CheckPath;
    readonly outcome: string;
  }): void;
  /** An asynchronous attempt failed with a retried code and its next attempt was scheduled. */
  checkRetried(event: { readonly kind: CheckKind; readonly mode: KeyMode; readonly code: string }): void;
  /** This process took over a queue entry whose lease another run let run out. */
  leaseTakenOver(event: { readonly queue: 'async_checks' | 'webhooks' }): void;
  /**
   * Quota reservations given back without their check's end: `instance_gone` (the instance holding
   * them stopped heartbeating), `shutdown` (its drain time passed while the check ran).
   */
  reservationsReleased(event: { readonly reason: ReleaseReason; readonly count: number }): void;
}

export type ReleaseReason = 'instance_gone' | 'shutdown';

export interface PortalObserver {
  /** One step of a live check took `seconds`: `entry` (first page), a form step, or `result` (reading it). */
  portalStep(event: { readonly kind: CheckKind; readonly step: string; readonly seconds: number }): void;
  /** The driver met a page it does not recognise. */
  unrecognisedPage(event: { readonly kind: CheckKind }): void;
}

export interface WebhookObserver {
  /** One delivery attempt: `delivered`, or the failure's class (delivery-outcome.ts). */
  webhookAttempt(event: { readonly mode: KeyMode; readonly outcome: string }): void;
  /** A delivery arrived: `latencySeconds` from its event (the check's end) to the receiver's 2xx. */
  webhookDelivered(event: { readonly mode: KeyMode; readonly latencySeconds: number }): void;
  /** A delivery was given up after its last attempt. */
  webhookGivenUp(event: { readonly mode: KeyMode }): void;
}

export interface HttpObserver {
  /** An answer was sent: `surface` is api, health, dashboard or other; `status` its HTTP status. */
  httpAnswered(event: { readonly surface: string; readonly status: number }): void;
}

export type ServiceObserver = CheckObserver & PortalObserver & WebhookObserver & HttpObserver;

/** Metrics off: every event goes nowhere. */
export const SILENT_OBSERVER: ServiceObserver = {
  checkRan() {},
  checkEnded() {},
  checkRetried() {},
  leaseTakenOver() {},
  reservationsReleased() {},
  portalStep() {},
  unrecognisedPage() {},
  webhookAttempt() {},
  webhookDelivered() {},
  webhookGivenUp() {},
  httpAnswered() {},
};

/** Seconds since `started` (a performance.now() reading). */
export const secondsSince = (started: number): number => (performance.now() - started) / 1000;
