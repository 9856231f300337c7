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
    new Option(
      '--today <date>',
      `count from this day instead of today, DD/MM/YYYY or YYYY-MM-DD (${what})`,
    ).argParser(parseDay),
  );
}

/** --register [dir], --person and --checked-by for `check`, `async`, `poll` and `request`. */
export function fileInRegisterOptions(command: Command): Command {
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
    )
    .addOption(
      new Option(
        '--likeness <how>',
        'with --register: the photo was compared with the person by --checked-by, in-person or on a live video call',
      ).choices(['in-person', 'video']),
    );
}

function personOption(command: Command): Command {
  return command.option('--person <id>', 'the person, when the reference is shared by several people');
}

export function addRegisterCommands(
  program: Command,
  run: Runner,
  outputOptions: (command: Command, json: string) => Command,
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
        'also write the follow-ups as a calendar file (.ics) to import in Outlook or Google (without --within: every follow-up to come)',
      ),
    'the follow-ups (today, within_days, items, overdue, due) and whether the register verifies (register_verified, register_problems)',
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
    'the register (folder, id, key_id) and whether it was created now',
  ).action(run(async () => (await import('./commands/register-init.js')).registerInitCommand));

  outputOptions(
    registerFolder(
      register
        .command('verify')
        .description('Re-hash every file and walk the chain; name any file changed, missing or added.'),
    ),
    'the verification: ok, how many receipts and files, and each problem (kind, path, detail)',
  ).action(run(async () => (await import('./commands/register-verify.js')).registerVerifyCommand));

  outputOptions(
    registerFolder(
      register
        .command('set')
        .description(
          'Record when the employment or tenancy started or ended (the end starts the retention period).',
        )
        .argument('<reference>', "the reference of a check in the register, or the person's id"),
    )
      .addOption(
        new Option(
          '--employment-started <date>',
          'first day of the employment (DD/MM/YYYY or YYYY-MM-DD)',
        ).argParser(parseDay),
      )
      .addOption(
        new Option(
          '--employment-ended <date>',
          'last day of the employment (DD/MM/YYYY or YYYY-MM-DD)',
        ).argParser(parseDay),
      )
      .addOption(
        new Option(
          '--engagement-started <date>',
          'first day of an engagement: a worker contract, a contractor, a platform worker (DD/MM/YYYY or YYYY-MM-DD)',
        ).argParser(parseDay),
      )
      .addOption(
        new Option(
          '--engagement-ended <date>',
          'last day of the engagement (DD/MM/YYYY or YYYY-MM-DD)',
        ).argParser(parseDay),
      )
      .addOption(
        new Option(
          '--tenancy-started <date>',
          'first day of the tenancy (DD/MM/YYYY or YYYY-MM-DD)',
        ).argParser(parseDay),
      )
      .addOption(
        new Option('--tenancy-ended <date>', 'last day of the tenancy (DD/MM/YYYY or YYYY-MM-DD)').argParser(
          parseDay,
        ),
      )
      .option('--person <id>', 'the person, when the reference is shared by several people'),
    'the receipt recorded (person, kind, started, ended) and retention_end',
  ).action(run(async () => (await import('./commands/register-set.js')).registerSetCommand));

  outputOptions(
    personOption(
      registerFolder(
        register
          .command('confirm-likeness')
          .description(
            "Record that the photo on a person's latest check was compared with them, in person or on a live video call.",
          )
          .argument('<person-or-reference>', "the person's id, or their check's reference"),
      ),
    )
      .addOption(
        new Option('--how <how>', 'in-person, or on a live video call')
          .choices(['in-person', 'video'])
          .makeOptionMandatory(),
      )
      .option(
        '--by <name>',
        'who compared the photo with the person (default: --checked-by, else env RTW_CHECKED_BY; never the login name)',
      )
      .option('--checked-by <name>', 'as for check: the operator, taken as --by when --by is not given')
      .addOption(
        new Option(
          '--on <date>',
          'the day the photo was compared, DD/MM/YYYY or YYYY-MM-DD (default: today)',
        ).argParser(parseDay),
      ),
    'the likeness receipt recorded (person, reference, how, by, at)',
  ).action(run(async () => (await import('./commands/register-confirm-likeness.js')).confirmLikenessCommand));

  outputOptions(
    todayOption(
      registerFolder(
        register
          .command('list')
          .description('One line per person: the last check, the statutory excuse, the follow-up.'),
      ),
      'to see the excuse on another day',
    ),
    'every person: the last check, the statutory excuse and the follow-up, and any receipts left out',
  ).action(run(async () => (await import('./commands/register-list.js')).registerListCommand));

  outputOptions(
    todayOption(
      personOption(
        registerFolder(
          register
            .command('show')
            .description("A person's record: every check, likeness check, date and the statutory excuse.")
            .argument('<person-or-reference>', "the person's id, or their check's reference"),
        ),
      ),
      'to see the excuse on another day',
    ),
    "the person's record: every check, likeness check and date, and the statutory excuse",
  ).action(run(async () => (await import('./commands/register-show.js')).registerShowCommand));

  outputOptions(
    todayOption(
      personOption(
        registerFolder(
          register
            .command('pack')
            .description(
              "An evidence pack for the Home Office: one PDF with a person's checks, photos, receipts, likeness checks and excuse.",
            )
            .argument('<person-or-reference>', "the person's id, or their check's reference"),
        ),
      ),
      'the date the excuse is judged on',
    )
      .requiredOption('--out <file.pdf>', 'where to write the pack (refused when the file exists)')
      .option('--force', 'replace the --out file if it exists (a hash kept for it no longer matches)')
      .option(
        '--with-problems',
        'write the pack even though the register does not verify, with the problems listed in it',
      ),
    'the pack written: its file, SHA-256, size, the files in it, the excuse and whether the register verified',
  ).action(run(async () => (await import('./commands/register-pack.js')).registerPackCommand));

  outputOptions(
    todayOption(
      registerFolder(
        register
          .command('prune')
          .description('Delete the evidence of people past their retention end; never anything within it.'),
      ),
      'with --dry-run, a preview of what a later prune deletes; a later day is refused without it',
    )
      .option('--dry-run', 'list what would be deleted, delete nothing')
      .option(
        '--despite-problems',
        'prune a register that does not verify: only receipts its seal vouches for, the problems recorded in the prune receipt',
      ),
    'what was deleted (with --dry-run: would be), person by person, and how many people are kept',
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
    "the report's content (every person, last check, follow-up, retention end) and the register's verification",
  ).action(run(async () => (await import('./commands/register-report.js')).registerReportCommand));
}
