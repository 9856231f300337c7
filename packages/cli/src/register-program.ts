import { type Command, Option } from 'commander';
import type { CommandAction } from './context.js';
import { parseDay, parseWithin } from './register/within.js';

// `rtw followups` and `rtw register ...`, and the --register options of the check commands. Loaded
// for `rtw --help` with the program: commander and the two small parsers only.

type Loader = () => Promise<CommandAction>;
export type Runner = (load: Loader) => (...args: unknown[]) => Promise<void>;

function registerFolder(command: Command): Command {
  return command.option('--register <dir>', 'the register folder (default: the RTW_REGISTER variable)');
}

function todayOption(command: Command, what: string): Command {
  return command.addOption(
    new Option('--today <yyyy-mm-dd>', `count from this day instead of today (${what})`).argParser(parseDay),
  );
}

/** --register [dir], --person and --checked-by for `check`, `async` and `poll`. */
function fileInRegisterOptions(command: Command): Command {
  return command
    .option(
      '--register [dir]',
      'also file the PDF, photo and a receipt in the evidence register (folder, or RTW_REGISTER)',
    )
    .option('--person <id>', 'with --register: your id for the person (default: the name on the result)')
    .option(
      '--checked-by <name>',
      'with --register: who ran the check (env RTW_CHECKED_BY; default: login name)',
    )
    .option(
      '--allow-mixed-modes',
      'with --register: file a sandbox check among live ones (or the reverse); refused otherwise',
    );
}

export function addRegisterCommands(
  program: Command,
  run: Runner,
  outputOptions: (command: Command) => Command,
): void {
  for (const name of ['check', 'async', 'poll']) {
    const command = program.commands.find((each) => each.name() === name);
    if (command) fileInRegisterOptions(command);
  }
  outputOptions(
    todayOption(
      registerFolder(
        program
          .command('followups')
          .description('List the people whose follow-up check is overdue or due soon, from the register.'),
      ),
      'to plan ahead',
    )
      .addOption(
        new Option('--within <days>', 'how far ahead: 30d, 6w or a number of days')
          .argParser(parseWithin)
          .default(28, '28d'),
      )
      .option(
        '--ics <file>',
        'also write the follow-ups as a calendar file (.ics) to import in Outlook or Google',
      ),
  ).action(run(async () => (await import('./commands/followups.js')).followupsCommand));

  const register = program
    .command('register')
    .description("The evidence register: the employer's record of checks, follow-ups and retention.");

  outputOptions(
    registerFolder(
      register
        .command('init')
        .description(
          'Start a register in an empty or new folder, and its key when there is none (said on screen).',
        ),
    ),
  ).action(run(async () => (await import('./commands/register-init.js')).registerInitCommand));

  outputOptions(
    registerFolder(
      register
        .command('verify')
        .description('Re-hash every file and walk the chain; name any file changed, missing or added.'),
    ),
  ).action(run(async () => (await import('./commands/register-verify.js')).registerVerifyCommand));

  outputOptions(
    registerFolder(
      register
        .command('set')
        .description(
          'Record when the employment or tenancy started or ended (the end starts the retention period).',
        )
        .argument('<reference>', 'the reference of a check in the register'),
    )
      .addOption(
        new Option('--employment-started <yyyy-mm-dd>', 'first day of the employment').argParser(parseDay),
      )
      .addOption(
        new Option('--employment-ended <yyyy-mm-dd>', 'last day of the employment').argParser(parseDay),
      )
      .addOption(new Option('--tenancy-started <yyyy-mm-dd>', 'first day of the tenancy').argParser(parseDay))
      .addOption(new Option('--tenancy-ended <yyyy-mm-dd>', 'last day of the tenancy').argParser(parseDay)),
  ).action(run(async () => (await import('./commands/register-set.js')).registerSetCommand));

  outputOptions(
    todayOption(
      registerFolder(
        register
          .command('prune')
          .description('Delete the evidence of people past their retention end; never anything within it.'),
      ),
      'to see what a later prune deletes',
    )
      .option('--dry-run', 'list what would be deleted, delete nothing')
      .option(
        '--despite-problems',
        'prune a register that does not verify: only receipts its seal vouches for, the problems recorded in the prune receipt',
      ),
  ).action(run(async () => (await import('./commands/register-prune.js')).registerPruneCommand));

  outputOptions(
    todayOption(
      registerFolder(
        register
          .command('report')
          .description(
            'An HTML report for an auditor: every person, last check, outcome, follow-up and retention end.',
          ),
      ),
      'the date printed on the report',
    ).option('--out <file.html>', 'where to write the report (default: print the HTML)'),
  ).action(run(async () => (await import('./commands/register-report.js')).registerReportCommand));
}
