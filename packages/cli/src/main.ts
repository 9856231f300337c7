import { CommanderError } from 'commander';
import type { CliIo } from './context.js';
import { EXIT } from './exit-codes.js';
import { buildProgram } from './program.js';
import { SandboxNotInstalledError } from './runtime/load-sandbox.js';

/**
 * Runs `rtw` with `argv` (as process.argv: node, script, then the arguments) and resolves with the
 * exit code. Never rejects and never calls process.exit, so it can be driven in-process by tests.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.OK;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(helpOfSubcommand(argv));
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version exit 0; every other commander error is a usage error, already printed.
      return error.exitCode === 0 ? EXIT.OK : EXIT.INVALID_INPUT;
    }
    if (error instanceof SandboxNotInstalledError) {
      io.stderr.write(`rtw: ${error.message}\n`);
      return EXIT.INVALID_INPUT;
    }
    // Commands turn every failure they expect into an exit code; this is a bug.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(`rtw: unexpected error, please report it with the command you ran:\n${detail}\n`);
    return EXIT.UNEXPECTED;
  }
}

/**
 * `rtw help register set` as `rtw register set --help`: commander's help command reads only the
 * first word, and would print the group's help.
 */
function helpOfSubcommand(argv: readonly string[]): string[] {
  const [node = 'node', script = 'rtw', first, ...rest] = argv;
  if (first !== 'help' || rest.length < 2 || rest.some((word) => word.startsWith('-'))) return [...argv];
  return [node, script, ...rest, '--help'];
}
