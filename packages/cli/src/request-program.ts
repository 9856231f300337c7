import { type Command, Option } from 'commander';
import { KIND_NAMES, type KindName } from './kinds.js';
import {
  checkerOptions,
  connectionOptions,
  evidenceOptions,
  outputOptions,
  positiveSeconds,
  wholeNumber,
} from './program-options.js';
import { fileInRegisterOptions, type Runner } from './register-program.js';

// `rtw request ...`: check requests, links the applicant fills in. Loaded for `rtw --help` with the
// program: commander and the option groups only.

// An applicant may take a while to open the link: --wait waits an hour unless told otherwise.
const DEFAULT_REQUEST_WAIT_SECONDS = 3600;
const STATUSES = ['waiting', 'submitted', 'locked', 'expired', 'cancelled'];

const EXAMPLE_FLAGS: Record<KindName, string> = {
  'right-to-work': '--company "Acme Ltd"',
  'right-to-rent': '--checker-name "Jo Smith" --checker-type landlord',
  'immigration-status':
    '--company "Acme Bank, Leeds" --job-title "Account manager" --purpose personal_finance',
};

function requestWait(command: Command, what: string): Command {
  return command
    .option('--wait', `wait until the request has ended, then ${what}`)
    .addOption(
      new Option('--timeout <seconds>', 'with --wait: give up waiting after this long (the link stays open)')
        .argParser(positiveSeconds)
        .default(DEFAULT_REQUEST_WAIT_SECONDS),
    );
}

function kindHelp(name: KindName): string {
  return `
The link is printed once (the service keeps only a fingerprint of it): send it to the applicant, or
let them scan the QR code shown on a terminal. They enter their share code and date of birth there;
three failed attempts lock the link. A live key's request is charged once, only for a successful check.
Lost the link? It cannot be shown again: cancel the request (rtw request cancel <id>) and make a new one.
With --reference, a waiting request already made for it is refused (exit 2) unless --another is given.

Examples:
  rtw request ${name} ${EXAMPLE_FLAGS[name]} --email sam@example.com
  rtw request ${name} ${EXAMPLE_FLAGS[name]} --reference EMP-0042 --expires-in-days 7
  rtw request ${name} ${EXAMPLE_FLAGS[name]} --wait --register --person EMP-0042
  rtw request ${name} --sandbox ${EXAMPLE_FLAGS[name]} --wait --applicant-share-code ${name === 'right-to-work' ? 'WACPT0001' : name === 'right-to-rent' ? 'RACPT0001' : 'SACPT0001'}
`;
}

export function addRequestCommands(program: Command, run: Runner): void {
  const group = program
    .command('request')
    .description(
      'Check requests: a link the applicant opens to enter their own share code and date of birth; you get the result.',
    )
    .addHelpText(
      'after',
      `
Examples:
  rtw request right-to-work --company "Acme Ltd" --email sam@example.com
  rtw request status creq_... --wait --register --person EMP-0042
  rtw request list --status waiting
  rtw request cancel creq_...

Lost the link? It cannot be shown again: cancel the request (rtw request cancel <id>) and make a new one.`,
    );

  for (const name of KIND_NAMES) {
    const command = group
      .command(name)
      .description(
        `Make a link for one applicant's ${name.replaceAll('-', ' ')} check; print it, its id and when it expires.`,
      );
    outputOptions(
      connectionOptions(
        fileInRegisterOptions(
          evidenceOptions(
            requestWait(
              checkerOptions(command)
                .option(
                  '--email <address>',
                  "the applicant's e-mail: the service sends them the link when it has mail settings",
                )
                .option(
                  '--expires-in-days <days>',
                  'days until the link stops working if unused (1 to 90, default 14)',
                )
                .option(
                  '--reference <ref>',
                  "your own id for the request (never the applicant's name, code or birth date)",
                )
                .option(
                  '--callback-url <url>',
                  "https address the service posts the check's result (and the request's end) to",
                )
                .option(
                  '--another',
                  'make the request even when one for the same --reference is still waiting (a second open link)',
                )
                .option('--no-qr', 'no QR code on a terminal'),
              'print and save the result like `rtw check`',
            ),
          ),
        ),
      ),
      'the request as the API made it (with --wait: as it ended; the link then goes to stderr), or the error body',
    )
      .addOption(
        new Option(
          '--applicant-share-code <code>',
          'with --sandbox --wait: play the applicant, sending this test code to the link (repeat it for several tries)',
        ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
      )
      .option(
        '--applicant-dob <date>',
        'with --applicant-share-code: the date of birth to send (default 1990-01-01)',
      )
      .addHelpText('after', kindHelp(name))
      .action(
        run(async () =>
          (await import('./commands/request-create.js')).requestCreateCommand(
            name.replaceAll('-', '_') as 'right_to_work',
          ),
        ),
      );
  }

  outputOptions(
    connectionOptions(
      fileInRegisterOptions(
        evidenceOptions(
          requestWait(
            group
              .command('status')
              .description(
                'Show a check request as it stands (never its link), or with --wait once it has ended.',
              )
              .argument('<request-id>', 'the creq_... id printed by `rtw request <kind>`'),
            'print it (with --register, file the result; with --out DIR, save the evidence there)',
          ),
        ),
      ),
    ),
    'the request as the API gives it, or the error body',
  )
    .addHelpText(
      'after',
      `
Examples:
  rtw request status creq_...
  rtw request status creq_... --wait --out evidence/
  rtw request status creq_... --wait --register --person EMP-0042 --checked-by "Jo Smith"`,
    )
    .action(run(async () => (await import('./commands/request-status.js')).requestStatusCommand));

  outputOptions(
    connectionOptions(
      group
        .command('list')
        .description("List the key's check requests, newest first, a page at a time.")
        .addOption(new Option('--status <status>', 'only requests with this status').choices(STATUSES))
        .addOption(
          new Option('--limit <n>', 'requests a page (1 to 100; default 20)').argParser(wholeNumber(1, 100)),
        )
        .option('--cursor <cursor>', 'the next page: the cursor the previous page printed'),
    ),
    'the page as the API gives it (data, next_cursor), or the error body',
  )
    .addHelpText('after', '\nExamples:\n  rtw request list\n  rtw request list --status submitted --limit 50')
    .action(run(async () => (await import('./commands/request-list.js')).requestListCommand));

  outputOptions(
    connectionOptions(
      group
        .command('cancel')
        .description('Cancel a waiting check request: its link stops working at once. Nothing is charged.')
        .argument('<request-id>', 'the creq_... id'),
    ),
    'the cancelled request as the API gives it, or the error body',
  )
    .addHelpText('after', '\nExample:\n  rtw request cancel creq_...')
    .action(run(async () => (await import('./commands/request-cancel.js')).requestCancelCommand));
}
