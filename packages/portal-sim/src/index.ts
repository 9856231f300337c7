/** Core's `Outcome`, under the name the simulator exported first. */
export type { Outcome as Result } from '@sharecode/core';
export { effectiveFaults } from './faults/effective-faults.js';
export {
  type ErrorFault,
  type ErrorKind,
  type FaultScope,
  type FaultSet,
  type Faults,
  type LatencyFault,
  REALISTIC_LATENCY,
  SERVICE_NAMES,
  type ServiceName,
} from './faults/fault-types.js';
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
export { PortalSimError, type PortalSimErrorCode } from './server/portal-sim-error.js';
export {
  type PortalSim,
  type PortalSimOptions,
  type ServiceUrls,
  startPortalSim,
} from './server/start-portal-sim.js';
export { DEFAULT_SETTINGS, type SimSettings } from './settings.js';
export {
  type CheckDetailsVariant,
  DEFAULT_VARIANTS,
  type EntryPageVariant,
  type ErrorWordingVariant,
  type ImmigrationStatusEntryVariant,
  type LookupErrorsVariant,
  type MarkupVariant,
  type PdfVariant,
  type PhotoVariant,
  parseVariants,
  type RightToRentEntryVariant,
  RUN_ONLY_VARIANTS,
  SIM_VARIANT_KEYS,
  SIM_VARIANT_VALUES,
  type SignInVariant,
  type SimVariantKey,
  type SimVariants,
  type SubmitTextVariant,
} from './variants.js';
