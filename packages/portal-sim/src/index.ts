/** Core's `Outcome`, under the name the simulator exported first. */
export type { Outcome as Result } from '@sharecode/core';
export { effectiveFaults } from './faults/effective-faults.js';
export type {
  ErrorFault,
  ErrorKind,
  FaultScope,
  FaultSet,
  Faults,
  LatencyFault,
  ServiceName,
} from './faults/fault-types.js';
export { REALISTIC_LATENCY, SERVICE_NAMES } from './faults/fault-types.js';
export { parseFaults } from './faults/parse-faults.js';
export { loadSeedFile, resolvePeople } from './seed/load-seed.js';
export { parseSeed } from './seed/parse-seed.js';
export type {
  CheckKind,
  ImmigrationStatusDetails,
  ImmigrationStatusPerson,
  Person,
  ResultSection,
  RightToRentDetails,
  RightToRentPerson,
  RightToWorkDetails,
  RightToWorkPerson,
  SimPerson,
} from './seed/person.js';
export { generatePortrait } from './seed/photo.js';
export { normaliseShareCode, PURPOSE_LETTER } from './seed/share-code.js';
export type { PortalSimErrorCode } from './server/portal-sim-error.js';
export { PortalSimError } from './server/portal-sim-error.js';
export type { PortalSim, PortalSimOptions, ServiceUrls } from './server/start-portal-sim.js';
export { startPortalSim } from './server/start-portal-sim.js';
export type { SimSettings } from './settings.js';
export { DEFAULT_SETTINGS } from './settings.js';
export type {
  CheckDetailsVariant,
  EntryPageVariant,
  ErrorWordingVariant,
  ImmigrationStatusEntryVariant,
  LookupErrorsVariant,
  MarkupVariant,
  PdfVariant,
  PhotoVariant,
  RightToRentEntryVariant,
  SignInVariant,
  SimVariantKey,
  SimVariants,
  SubmitTextVariant,
} from './variants.js';
export {
  DEFAULT_VARIANTS,
  parseVariants,
  RUN_ONLY_VARIANTS,
  SIM_VARIANT_KEYS,
  SIM_VARIANT_VALUES,
} from './variants.js';
