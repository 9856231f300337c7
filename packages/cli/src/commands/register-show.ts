import { viewPerson } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { argumentsOf, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { withPersonAsked } from '../register/ask-person.js';
import { personLines } from '../register/person-lines.js';
import { reportRefused } from '../register/refused-receipts.js';
import { withRegister } from '../register/with-register.js';

/** `rtw register show <person>`: every check, likeness check and date, and the excuse. */
export async function registerShowCommand(ctx: CommandContext): Promise<number> {
  const reference = String(argumentsOf(ctx.options)[0] ?? '');
  return withRegister(ctx, async (register, out: Output) => {
    const view = await withPersonAsked(out, stringOption(ctx.options, 'person'), (person) =>
      viewPerson(register, { reference, person }, { today: stringOption(ctx.options, 'today') }),
    );
    if (out.json) {
      const { summary, record, dates, verified, refused } = view;
      out.jsonValue({
        today: view.today,
        ...summary,
        checks: record.checks,
        likeness: record.likeness,
        dates,
        verified,
        refused,
      });
    } else for (const text of personLines(view)) out.data(text);
    return reportRefused(out, view.refused, view.verified);
  });
}
