// Node-only helpers (file system). The main entry stays free of Node APIs for browsers and Workers.
export type { SavedEvidence, SavedFile, SaveEvidenceOptions } from './save-evidence.js';
export { saveEvidence } from './save-evidence.js';
