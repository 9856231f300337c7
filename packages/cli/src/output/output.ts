import type { CliIo, CommandContext } from '../context.js';
import { type Palette, palette } from './palette.js';
import { animationEnabled, colorEnabled } from './terminal.js';

export interface OutputMode {
  json: boolean;
  quiet: boolean;
  verbose: boolean;
  /** False with --no-color. */
  color: boolean;
}

// The styles palette.ts writes (SGR: bold, dim, colours), the one escape sequence the CLI itself prints.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding escape sequences is the point.
const OWN_STYLE_OR_CONTROL = /(\x1b\[\d{1,2}m)|[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/** A line as printed: line breaks and the palette's styles kept, every other control character removed. */
export function terminalSafe(text: string): string {
  return text.replace(OWN_STYLE_OR_CONTROL, (_match, style: string | undefined) => style ?? '');
}

/**
 * Every byte the CLI prints goes through here: data on stdout, everything else on stderr. Control
 * characters other than line breaks and the CLI's own colours are removed, as a last line of defence
 * for text that came from a server or portal (render/hr-words.ts cleans it where it enters).
 * Registered secrets (the API key, a webhook secret) are masked in everything written, as a last line
 * of defence: no message is meant to hold one.
 */
export class Output {
  readonly json: boolean;
  readonly quiet: boolean;
  readonly verbose: boolean;
  /** Styles for stdout and for stderr (each stream decides on its own). */
  readonly out: Palette;
  readonly err: Palette;
  readonly #io: CliIo;
  readonly #secrets: string[] = [];

  constructor(io: CliIo, mode: OutputMode) {
    this.#io = io;
    this.json = mode.json;
    this.quiet = mode.quiet;
    this.verbose = mode.verbose && !mode.quiet;
    this.out = palette(colorEnabled(io.stdout, io.env, mode.color));
    this.err = palette(colorEnabled(io.stderr, io.env, mode.color));
  }

  get io(): CliIo {
    return this.#io;
  }

  /** Whether a spinner or progress bar may draw on stderr. */
  get animate(): boolean {
    return animationEnabled(this.#io.stderr, this.#io.env, this.quiet);
  }

  addSecret(secret: string | undefined): void {
    if (secret !== undefined && secret.length >= 8) this.#secrets.push(secret);
  }

  /** A line of data on stdout. */
  data(text: string): void {
    this.#io.stdout.write(`${this.#mask(text)}\n`);
  }

  /** A JSON document on stdout: indented for a terminal, one line for a pipe. */
  jsonValue(value: unknown): void {
    const text = this.#io.stdout.isTTY ? JSON.stringify(value, null, 2) : JSON.stringify(value);
    this.data(text);
  }

  /** A notice on stderr (not with --quiet). */
  notice(text: string): void {
    if (!this.quiet) this.#io.stderr.write(`${this.#mask(text)}\n`);
  }

  /** Detail on stderr with --verbose only. */
  detail(text: string): void {
    if (this.verbose) this.#io.stderr.write(`${this.err.dim(this.#mask(text))}\n`);
  }

  /** An error or a warning on stderr, shown even with --quiet. */
  error(text: string): void {
    this.#io.stderr.write(`${this.#mask(text)}\n`);
  }

  #mask(text: string): string {
    let masked = terminalSafe(text);
    for (const secret of this.#secrets) masked = masked.split(secret).join(`${secret.slice(0, 4)}***`);
    return masked;
  }
}

export function outputFor(ctx: CommandContext): Output {
  const { options } = ctx;
  return new Output(ctx.io, {
    json: options.json === true,
    quiet: options.quiet === true,
    verbose: options.verbose === true,
    color: options.color !== false,
  });
}
