// What the user typed at a prompt, per command run: the register records the company typed at the
// prompt exactly as it records --company (issue 33).
const answers = new WeakMap<object, Map<string, string>>();

/** Keeps a value typed at the prompt for this command's options (by wire name). */
export function rememberPrompted(options: object, wire: string, value: string): void {
  const mine = answers.get(options) ?? new Map<string, string>();
  mine.set(wire, value);
  answers.set(options, mine);
}

/** A value typed at the prompt in this command run, by wire name. */
export function promptedValue(options: object, wire: string): string | undefined {
  return answers.get(options)?.get(wire);
}
