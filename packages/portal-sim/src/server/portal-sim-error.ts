/** Why the simulator could not start. */
export type PortalSimErrorCode = 'OPTIONS_INVALID' | 'SEED_INVALID' | 'FAULTS_INVALID' | 'LISTEN_FAILED';

/**
 * The one rejection of `startPortalSim`: a test harness wants to stop at once on bad setup, so
 * start-up problems reject rather than resolve; each carries a stable code and every problem found.
 */
export class PortalSimError extends Error {
  constructor(
    readonly code: PortalSimErrorCode,
    readonly problems: readonly string[],
  ) {
    super(`portal-sim could not start (${code}):\n  - ${problems.join('\n  - ')}`);
    this.name = 'PortalSimError';
  }
}
