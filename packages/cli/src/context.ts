// Types shared by the program (loaded for --help) and the commands (loaded on use): no runtime code.

/** Where output goes: process.stdout / process.stderr, or a fake in unit tests. */
export interface OutStream {
  write(chunk: string): boolean;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
}

/** Where piped input comes from: process.stdin, or a fake in unit tests. */
export interface InStream extends AsyncIterable<Uint8Array | string> {
  isTTY?: boolean | undefined;
}

export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Asks a question on the terminal and resolves with the line typed, or undefined at end of input.
   * Only used when stdin and stderr are terminals; absent in tests that drive no terminal.
   */
  prompt?:
    | ((question: string, options?: { signal?: AbortSignal }) => Promise<string | undefined>)
    | undefined;
  /**
   * Ctrl-C handlers: each command registers what must be undone (a spinner line, a server). A handler
   * may return a sentence to print after "Interrupted." (what the user must know, e.g. a possible charge).
   */
  onInterrupt(handler: () => unknown): () => void;
  /**
   * While a handler is registered, the first Ctrl-C calls it instead of ending the command (a batch
   * stops starting rows and finishes those in flight); the next Ctrl-C ends it as usual. Optional:
   * without it, the first Ctrl-C ends the command.
   */
  deferInterrupt?(handler: () => void): () => void;
  /** The clock (in-process tests of what depends on the real day); default: the system's. */
  now?: (() => Date) | undefined;
}

/** Where commander took an option's value from ('cli', 'env', 'default', ...), if it has one. */
export type OptionSource = string | undefined;

export interface CommandContext {
  io: CliIo;
  /** The command's parsed options, by commander's camel-case names. */
  options: Readonly<Record<string, unknown>>;
  sourceOf(option: string): OptionSource;
}

/** A command's body: resolves with the process exit code (never rejects for an expected failure). */
export type CommandAction = (ctx: CommandContext) => Promise<number>;
