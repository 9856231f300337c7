import type { Excuse } from '@sharecode/register';
import type { Output } from '../output/output.js';

/** The excuse's state as a short coloured label for a terminal column. */
export function excuseLabel(out: Output, excuse: Excuse): string {
  const { green, red, yellow } = out.out;
  switch (excuse.state) {
    case 'established':
      return green('established');
    case 'incomplete':
      return yellow('INCOMPLETE ');
    case 'lapsed':
      return red('LAPSED     ');
    case 'ended':
      return 'ended      ';
    case 'not_applicable':
      return 'n/a        ';
  }
}
