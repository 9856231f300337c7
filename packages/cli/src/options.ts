// Typed reads of commander's option bag (commander types it loosely).

type Bag = Readonly<Record<string, unknown>>;

export function stringOption(options: Bag, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

export function numberOption(options: Bag, name: string, fallback: number): number {
  const value = options[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function flagOption(options: Bag, name: string): boolean {
  return options[name] === true;
}

/** The command's positional arguments, in order. */
export function argumentsOf(options: Bag): readonly unknown[] {
  const args = options.args;
  return Array.isArray(args) ? args : [];
}

/** A variable from the environment, with an empty value read as unset. */
export function envValue(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
