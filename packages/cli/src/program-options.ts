import { type Command, InvalidArgumentError, Option } from 'commander';
import { CHECKER_TYPES_HELP, PURPOSES_HELP } from './help-text.js';

// The option groups the commands share (loaded for `rtw --help`: commander and help text only).

export function wholeNumber(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`Use a whole number from ${min} to ${max}.`);
    }
    return n;
  };
}

export function positiveSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 86_400) {
    throw new InvalidArgumentError('Use a number of seconds above 0 (at most 86400).');
  }
  return n;
}

/** --json and the output flags; `json` says what that command prints as JSON. */
export function outputOptions(command: Command, json: string): Command {
  return command
    .option('--json', `print only JSON on stdout: ${json}`)
    .option('-q, --quiet', 'no progress and no notices on stderr (errors are still shown)')
    .option('-v, --verbose', 'more detail on stderr (never the key)')
    .option('--no-color', 'no colour (also NO_COLOR, TERM=dumb, or output that is not a terminal)');
}

export function connectionOptions(command: Command): Command {
  return command
    .option('--sandbox', 'run against the built-in sandbox: no key, no network (see `rtw sandbox codes`)')
    .option('--api-key <key>', 'API key; prefer the RTW_API_KEY variable (flags leak into shell history)')
    .option('--base-url <url>', 'API address (env RTW_BASE_URL; default http://127.0.0.1:8080)')
    .addOption(
      new Option('--retries <n>', 'retries of a failed request that is safe to repeat')
        .argParser(wholeNumber(0, 10))
        .default(2),
    );
}

export function requestOptions(command: Command): Command {
  return checkerOptions(
    command
      .option(
        '--share-code <code>',
        "the applicant's share code (9 characters; spaces, dashes and lower case are fine; - reads it from stdin; asked for on a terminal)",
      )
      .option(
        '--dob <date>',
        "the applicant's date of birth: DD/MM/YYYY or YYYY-MM-DD (asked for on a terminal)",
      ),
  );
}

/** The checker's own fields of each kind, as `rtw check` and `rtw request` take them. */
export function checkerOptions(command: Command): Command {
  return command
    .option('--company <name>', 'right to work, immigration status: your organisation (and branch)')
    .option('--checker-name <name>', 'right to rent: the landlord or letting agent making the check')
    .option('--checker-type <type>', `right to rent: ${CHECKER_TYPES_HELP.join(' or ')} (any case)`)
    .option('--job-title <title>', 'immigration status: your job title')
    .option('--purpose <purpose>', `immigration status: one of ${PURPOSES_HELP.join(', ')}`)
    .option('--other-purpose <text>', 'immigration status: the reason, when --purpose is other');
}

export function evidenceOptions(command: Command): Command {
  // No commander default for --out: "not given" must stay visible, as --register alone keeps the
  // evidence in the register only (finish.ts and run-row.ts use the current folder otherwise).
  return command
    .option(
      '--out <dir>',
      'folder for the photo (.jpg) and the PDF, named after the reference (default: the current folder; with --register, the register only)',
    )
    .option('--no-evidence', 'do not save the photo and the PDF');
}
