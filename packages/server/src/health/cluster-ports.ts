import type { CheckKind } from '@sharecode/core';
import type { KeyMode } from '../accounts/api-key.js';

/** One running rtw-server process, as it registered itself on the shared database. */
export interface InstanceRecord {
  readonly id: string;
  readonly host: string;
  readonly version: string;
  /** Its portal driver's check slots; 0 without a driver. */
  readonly slots: number;
  /** Whether it runs live checks (a portal driver, or a runner a library caller gave it). */
  readonly portalDriver: boolean;
  /** The id of the encryption key it seals with (8 hex digits, not the key); null when unknown. */
  readonly keyId: string | null;
  readonly startedAt: string;
  readonly lastHeartbeatAt: string;
}

/** What an instance says about itself when it registers. */
export type InstanceRegistration = Pick<
  InstanceRecord,
  'id' | 'host' | 'version' | 'slots' | 'portalDriver'
> &
  Partial<Pick<InstanceRecord, 'keyId'>>;

/** The asynchronous-check queue across the cluster. */
export interface QueueSummary {
  /** Checks not yet ended, by mode and state (queued includes retries waiting for their time). */
  readonly byState: readonly {
    readonly mode: KeyMode;
    readonly status: 'queued' | 'running';
    readonly count: number;
  }[];
  /** The check that has waited longest among those due now; null when none is due. */
  readonly oldestDue: {
    readonly id: string;
    readonly mode: KeyMode;
    readonly kind: CheckKind;
    readonly createdAt: string;
    readonly ageSeconds: number;
  } | null;
  /** Live checks due now and waiting for an instance to claim them. */
  readonly liveDue: number;
}

/**
 * The port where instances keep their registrations. Heartbeats and expiry use the database's clock,
 * one clock for every instance whatever its machine's says.
 */
export interface InstancesRepo {
  /** Registers (or registers again) the instance, alive for `ttlMs` unless it beats again. */
  register(instance: InstanceRegistration, ttlMs: number): Promise<void>;
  /** Renews the registration; false when it was gone (forgotten after missed heartbeats). */
  heartbeat(id: string, ttlMs: number): Promise<boolean>;
  /** A clean shutdown. */
  remove(id: string): Promise<void>;
  /** The live instances, oldest first; the expired ones are forgotten on the way. */
  alive(): Promise<InstanceRecord[]>;
  queue(): Promise<QueueSummary>;
}
