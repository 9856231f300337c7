import { excuseInWords, type PersonSummary, summariseRegister } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { excuseLabel } from '../register/excuse-label.js';
import { reportRefused } from '../register/refused-receipts.js';
import { withRegister } from '../register/with-register.js';

const KINDS = {
  right_to_work: 'right to work',
  right_to_rent: 'right to rent',
  immigration_status: 'immigration status',
} as const;

function line(out: Output, person: PersonSummary): string {
  const who = person.person === person.name ? person.name : `${person.person} (${person.name})`;
  const sandbox = person.mode === 'sandbox' ? ' [SANDBOX: test data]' : '';
  return `${excuseLabel(out, person.excuse)}  ${KINDS[person.kind].padEnd(18)} ${who}${sandbox}: last check ${person.last_check.check_date}, ref ${person.last_check.reference}; ${excuseInWords(person.excuse)}`;
}

/** `rtw register list`: one line per person and kind, with the statutory excuse. */
export async function registerListCommand(ctx: CommandContext): Promise<number> {
  return withRegister(ctx, async (register, out) => {
    const summary = await summariseRegister(register, { today: stringOption(ctx.options, 'today') });
    if (out.json) out.jsonValue(summary);
    else {
      const gaps = summary.people.filter(
        (p) => p.excuse.state === 'incomplete' || p.excuse.state === 'lapsed',
      );
      out.data(
        out.out.bold(
          `${summary.people.length} ${summary.people.length === 1 ? 'person' : 'people'} in the register on ${summary.generated_on}${gaps.length > 0 ? `, ${gaps.length} without a full statutory excuse` : ''}`,
        ),
      );
      for (const person of summary.people) out.data(line(out, person));
      if (gaps.length > 0) {
        out.data('');
        out.data('See one person with: rtw register show <person>');
      }
    }
    return reportRefused(out, summary.refused, summary.verified);
  });
}
