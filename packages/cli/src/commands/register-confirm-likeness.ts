import { confirmLikeness, type LikenessHow } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { argumentsOf, stringOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { withPersonAsked } from '../register/ask-person.js';
import { namedOperatorOf } from '../register/filed.js';
import { withRegister } from '../register/with-register.js';
import { printFailure, usageFailure } from '../render/failure.js';

/** `rtw register confirm-likeness <person or reference> --how video --by NAME`. */
export async function confirmLikenessCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const reference = String(argumentsOf(ctx.options)[0] ?? '');
  const how = stringOption(ctx.options, 'how') as LikenessHow;
  // Not the login name: a shared HR login or a script's account is no evidence of who saw the person.
  const by = stringOption(ctx.options, 'by')?.trim() || namedOperatorOf(ctx.options, ctx.io);
  if (by === undefined) {
    printFailure(
      out,
      usageFailure(
        'Nothing recorded: no one is named as having compared the photo with the person (the login name is not used for this). Pass --by NAME, or set RTW_CHECKED_BY.',
      ),
    );
    return EXIT.INVALID_INPUT;
  }
  if (/^<.*>$/.test(by)) {
    printFailure(
      out,
      usageFailure(
        `Nothing recorded: replace ${by} with the name of the person who compared the photo (or set RTW_CHECKED_BY and leave --by out).`,
      ),
    );
    return EXIT.INVALID_INPUT;
  }
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
