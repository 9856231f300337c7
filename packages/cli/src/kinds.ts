import type { CheckKind } from '@sharecode/core';

/** The kinds as typed on the command line; core's wire values use underscores. */
export const KIND_NAMES = ['right-to-work', 'right-to-rent', 'immigration-status'] as const;

export type KindName = (typeof KIND_NAMES)[number];

export function isKindName(value: unknown): value is KindName {
  return typeof value === 'string' && (KIND_NAMES as readonly string[]).includes(value);
}

/** `right-to-work` -> `right_to_work` (core's CheckKind). */
export function checkKindOf(name: KindName): CheckKind {
  return name.replaceAll('-', '_') as CheckKind;
}

/** `right_to_work` -> `right-to-work`. */
export function kindNameOf(kind: CheckKind): KindName {
  return kind.replaceAll('_', '-') as KindName;
}
