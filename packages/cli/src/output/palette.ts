/** ANSI styles, or identity functions when colour is off. */
export interface Palette {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const style =
  (open: number, close: number) =>
  (text: string): string =>
    `\x1b[${open}m${text}\x1b[${close}m`;

const COLOURED: Palette = {
  bold: style(1, 22),
  dim: style(2, 22),
  red: style(31, 39),
  green: style(32, 39),
  yellow: style(33, 39),
  cyan: style(36, 39),
};

const same = (text: string): string => text;
const PLAIN: Palette = { bold: same, dim: same, red: same, green: same, yellow: same, cyan: same };

export function palette(enabled: boolean): Palette {
  return enabled ? COLOURED : PLAIN;
}
