// Node-only helpers (file system). The main entry stays free of Node APIs for browsers and Workers.

// The duty rules the register applies, from core's source (bundled here: the SDK has no runtime dependency on core).
export type {
  CheckKind,
  DueStatus,
  DutyResult,
  FollowUp,
  FollowUpBasis,
  NoFollowUpReason,
} from '../../core/src/duties/index.js';
export { followUpFor, RETENTION_YEARS_AFTER_END, retentionEnd } from '../../core/src/duties/index.js';
export * from './register/index.js';
export { safeFileName } from './safe-file-name.js';
export type { SavedEvidence, SavedFile, SaveEvidenceOptions } from './save-evidence.js';
export { saveEvidence } from './save-evidence.js';
