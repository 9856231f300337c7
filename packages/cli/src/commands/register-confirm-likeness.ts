import { confirmLikeness, type LikenessHow } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { argumentsOf, stringOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { withPersonAsked } from '../register/ask-person.js';
import { withRegister } from '../register/with-register.js';

/** `rtw register confirm-likeness <person or reference> --how video --by NAME`. */
export async function confirmLikenessCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const reference = String(argumentsOf(ctx.options)[0] ?? '');
  const how = stringOption(ctx.options, 'how') as LikenessHow;
  const by = stringOption(ctx.options, 'by') ?? '';
  const on = stringOption(ctx.options, 'on');
  // A day given: the comparison is recorded at the start of that day (UTC), never later than it was.
  const at = on === undefined ? undefined : new Date(`${on}T00:00:00.000Z`);
  return withRegister(
    ctx,
    async (register) => {
      const receipt = await withPersonAsked(out, stringOption(ctx.options, 'person'), (person) =>
        confirmLikeness(register, reference, { how, by, at, person }),
      );
      if (out.json) out.jsonValue(receipt);
      else {
        out.data(
          `Recorded for ${receipt.person}: the photo on check ${receipt.reference} compared with them ${receipt.how === 'video' ? 'on a live video call' : 'in person'} by ${receipt.by} (receipt ${receipt.seq}).`,
        );
      }
      return EXIT.OK;
    },
    out,
  );
}
