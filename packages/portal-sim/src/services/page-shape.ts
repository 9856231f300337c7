import type { FaultSet } from '../faults/fault-types.js';

/** `changed` renames the result pages' headings, labels and ids, as a redesign would. */
export type PageShape = 'normal' | 'changed';

export function shapeOf(faults: FaultSet): PageShape {
  return faults.pageShape === 'changed' ? 'changed' : 'normal';
}
