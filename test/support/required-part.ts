/**
 * True when the tests run under CI (`CI` set to anything but "false" or "0", as CI services do).
 */
export function underCi(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

/**
 * For `describe.skipIf(missing(...))`: on a developer's machine a suite whose part (Chromium, a build,
 * PostgreSQL) is missing is skipped with a warning; under CI it throws, so that a green run cannot
 * hide a path nobody tested.
 */
export function missing(
  isMissing: boolean,
  what: string,
  howToProvide: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  if (!isMissing) return false;
  const message = `${what} is missing: ${howToProvide}`;
  if (underCi(env)) throw new Error(`${message} (under CI a suite that needs it must run, not be skipped).`);
  console.warn(`skipped: ${message}`);
  return true;
}
