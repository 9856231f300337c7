import { fail, type Outcome, ok } from '@sharecode/core';
import { resolveSettings, type SimSettings } from '../settings.js';
import {
  DEFAULT_VARIANTS,
  parseVariants,
  pickVariants,
  SIM_VARIANT_KEYS,
  type SimVariants,
} from '../variants.js';

/**
 * Splits startPortalSim's remaining options into settings and variants, fills defaults, and checks
 * both ports; every problem is named at once.
 */
export function resolveOptions(
  rest: Record<string, unknown>,
  port: unknown,
  signInPort: unknown,
): Outcome<{ settings: SimSettings; variants: SimVariants }, string[]> {
  const given = Object.fromEntries(
    Object.entries(rest).filter(([k]) => !(SIM_VARIANT_KEYS as string[]).includes(k)),
  );
  const settings = resolveSettings(given);
  const variants = parseVariants(pickVariants(rest), 'options');
  const problems = [...(settings.ok ? [] : settings.error), ...(variants.ok ? [] : variants.error)];
  for (const [name, value] of [
    ['port', port],
    ['signInPort', signInPort],
  ] as const) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65_535) {
      problems.push(`${name} must be a whole number from 0 to 65535 (0: any free port)`);
    }
  }
  if (!settings.ok || !variants.ok || problems.length > 0) return fail(problems);
  return ok({ settings: settings.value, variants: { ...DEFAULT_VARIANTS, ...variants.value } });
}
