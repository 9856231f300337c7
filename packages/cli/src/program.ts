import { Argument, Command, Option } from 'commander';
import type { CliIo, CommandAction } from './context.js';
import { EXIT_CODES_HELP } from './exit-codes.js';
import { BATCH_COLUMNS_HELP, ENVIRONMENT_HELP, EXAMPLES_HELP } from './help-text.js';
import { KIND_NAMES } from './kinds.js';
import {
  connectionOptions,
  evidenceOptions,
  outputOptions,
  positiveSeconds,
  requestOptions,
  wholeNumber,
} from './program-options.js';
import { addRegisterCommands } from './register-program.js';
import { addRequestCommands } from './request-program.js';
import { loadSandbox } from './runtime/load-sandbox.js';
import { CLI_VERSION } from './version.js';

// This module is all `rtw --help` loads (with commander). Command bodies, the SDK, core (which
// pulls pdf-lib), the sandbox and msw are imported inside the actions, on use.

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_WAIT_SECONDS = 600;

function waitOptions(command: Command, what: string): Command {
  return command
    .option('--wait', `wait until the check has ended, then ${what}`)
    .addOption(
      new Option(
        '--timeout <seconds>',
        'with --wait: give up waiting after this long (the check keeps running)',
      )
        .argParser(positiveSeconds)
        .default(DEFAULT_WAIT_SECONDS),
    );
}

const kindArgument = (): Argument => new Argument('<kind>', 'what to check').choices([...KIND_NAMES]);

type Loader = () => Promise<CommandAction>;

/** Builds `rtw`. Commands report their exit code through `setExitCode`; nothing calls process.exit. */
export function buildProgram(io: CliIo, setExitCode: (code: number) => void): Command {
  const program = new Command('rtw');

  const run =
    (load: Loader) =>
    async (...args: unknown[]): Promise<void> => {
      // commander passes the positional arguments, then the options, then the command itself.
      const command = args.at(-1) as Command;
      const action = await load();
      const code = await action({
        io,
        options: { ...command.opts(), args: command.processedArgs },
        sourceOf: (name) => command.getOptionValueSource(name),
      });
      setExitCode(code);
    };

  program
    .description(
      'Run UK share-code checks (right to work, right to rent, immigration status): a readable answer, and the photo and PDF saved as the evidence you must keep.',
    )
    .version(CLI_VERSION, '-V, --version')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', `\n${EXAMPLES_HELP}\n\n${EXIT_CODES_HELP}\n\n${ENVIRONMENT_HELP}\n`);

  outputOptions(
    connectionOptions(
      evidenceOptions(
        requestOptions(
          program
            .command('check')
            .description('Run a check and wait for the answer (a live check takes 15 to 40 seconds).')
            .addArgument(kindArgument()),
        ),
      ),
    ),
    "the check's result as the API gives it, or the error body; with --batch, the batch's summary (counts and files)",
  )
    .option(
      '--batch <file.csv>',
      'check every row of a CSV file: a header row, then one applicant a row (columns below)',
    )
    .option(
      '--results <file.jsonl>',
      'with --batch: the batch and its results, as JSON lines (default <csv>.results.jsonl)',
    )
    .option(
      '--restart',
      'with --batch: start over with a new results file (the old one is kept; every row runs, and is charged, again)',
    )
    .option(
      '--retry-failed',
      'with --batch: also run again the rows that failed with INVALID_INPUT, DOB_MISMATCH or NOT_FOUND (each a new check, charged on a live key)',
    )
    .addOption(
      new Option('--concurrency <n>', 'with --batch: checks in flight at once')
        .argParser(wholeNumber(1, 32))
        .default(DEFAULT_CONCURRENCY),
    )
    .addHelpText(
      'after',
      `\nFlags give every field; with --batch they are defaults for the rows that leave a column out or empty.\n\n${BATCH_COLUMNS_HELP}`,
    )
    .action(run(async () => (await import('./commands/check.js')).checkCommand));

  outputOptions(
    connectionOptions(
      evidenceOptions(
        waitOptions(
          requestOptions(
            program
              .command('async')
              .description('Queue a check and print its id (or, with --wait, its answer).')
              .addArgument(kindArgument()),
          ),
          'print and save it like `rtw check`',
        ),
      ),
    ),
    "the queued check's record as the API gives it (with --wait, as it ended), or the error body",
  )
    .option('--callback-url <url>', 'https address the service posts the result to when the check ends')
    .option(
      '--client-reference <ref>',
      "your own id for the check (never the applicant's name, code or birth date)",
    )
    .option(
      '--idempotency-key <key>',
      'send it again with the same key and no second check is queued or charged',
    )
    .option(
      '--save-webhook <dir>',
      'with --sandbox --wait: save the webhook the sandbox signs (body and headers)',
    )
    .action(run(async () => (await import('./commands/async.js')).asyncCommand));

  outputOptions(
    connectionOptions(
      evidenceOptions(
        waitOptions(
          program
            .command('poll')
            .description('Show an asynchronous check as it stands, or with --wait, once it has ended.')
            .argument('<check-id>', 'the chk_... id printed by `rtw async`'),
          'print it (with --out DIR, also save the evidence there)',
        ),
      ),
    ),
    "the check's record as the API gives it, or the error body",
  ).action(run(async () => (await import('./commands/poll.js')).pollCommand));

  outputOptions(
    program
      .command('verify-webhook')
      .description('Verify a webhook you received: print the event, or say why it must be refused.')
      .option('--body <file>', 'the raw request body, byte for byte (default: read stdin)')
      .option('--headers <file>', 'the request headers: a JSON object, or "Name: value" lines')
      .option('--id <webhook-id>', 'the webhook-id header (wins over --headers)')
      .option('--timestamp <seconds>', 'the webhook-timestamp header (wins over --headers)')
      .option('--signature <signature>', 'the webhook-signature header (wins over --headers)')
      .option('--secret <whsec>', 'signing secret; prefer RTW_WEBHOOK_SECRET (flags leak into shell history)')
      .option('--sandbox', "use the sandbox's published signing secret")
      .addOption(
        new Option('--tolerance <seconds>', 'refuse a webhook-timestamp further than this from now')
          .argParser(positiveSeconds)
          .default(300),
      ),
    'the verified event as it was sent (a body that is not JSON: {"body": ...}); a refusal: the error body',
  ).action(run(async () => (await import('./commands/verify-webhook.js')).verifyWebhookCommand));

  outputOptions(
    program
      .command('sign-webhook')
      .description('Sign a body as the service does, to test your webhook receiver; prints the headers.')
      .option('--body <file>', 'the body to sign, sent byte for byte (default: read stdin)')
      .option('--secret <whsec>', 'signing secret; prefer RTW_WEBHOOK_SECRET (flags leak into shell history)')
      .option('--sandbox', "use the sandbox's published signing secret")
      .option('--id <webhook-id>', 'webhook-id to use (default: a new evt_... id)')
      .option('--timestamp <seconds>', 'webhook-timestamp in Unix seconds (default: now)'),
    'the three webhook headers as one object',
  ).action(run(async () => (await import('./commands/sign-webhook.js')).signWebhookCommand));

  const sandbox = program
    .command('sandbox')
    .description('The built-in sandbox: its test share codes, or a local HTTP server answering as it does.');
  outputOptions(
    sandbox.command('codes').description('List the sandbox test share codes and what each one answers.'),
    'the date of birth to use and every scenario (share code per kind, what it answers)',
  ).action(run(async () => (await import('./commands/sandbox-codes.js')).sandboxCodesCommand));
  outputOptions(
    sandbox
      .command('serve')
      .description('Serve the sandbox over HTTP (for other tools and languages) until Ctrl-C.')
      .addOption(
        new Option('--port <port>', 'port (0: any free port)')
          .argParser(wholeNumber(0, 65_535))
          .default(8080),
      )
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option(
        '--forward-to <url>',
        "post every check's signed event to this receiver (http and localhost are fine), printing each delivery",
      )
      .option(
        '--retries <pace>',
        'with --forward-to: the 8-attempt schedule fast (1000x) or real',
        undefined,
      ),
    'its address, the key to use and the webhook secret, then (with --forward-to) one object per delivery',
  ).action(
    run(async () => (await loadSandbox(() => import('./commands/sandbox-serve.js'))).sandboxServeCommand),
  );

  addRequestCommands(program, run);
  addRegisterCommands(program, run, outputOptions);

  return program;
}
