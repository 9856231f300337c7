// Node-only helpers (file system). The main entry stays free of Node APIs for browsers and Workers.
// The evidence register, which lived here, is its own package: @sharecode/register.
export { safeFileName } from './safe-file-name.js';
export type { SavedEvidence, SavedFile, SaveEvidenceOptions } from './save-evidence.js';
export { saveEvidence } from './save-evidence.js';
