import { retentionEnd, setEmploymentDates } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { argumentsOf, stringOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { withRegister } from '../register/with-register.js';
import { stopWith, usageFailure } from '../render/failure.js';

/** `rtw register set <reference> --employment-ended DATE`: dates that start the retention period. */
export async function registerSetCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const reference = String(argumentsOf(ctx.options)[0] ?? '');
  const pick = (a: string, b: string): string | undefined =>
    stringOption(ctx.options, a) ?? stringOption(ctx.options, b);
  const started = pick('employmentStarted', 'tenancyStarted');
  const ended = pick('employmentEnded', 'tenancyEnded');
  const employment = ['employmentStarted', 'employmentEnded'].some((n) => stringOption(ctx.options, n));
  const tenancy = ['tenancyStarted', 'tenancyEnded'].some((n) => stringOption(ctx.options, n));
  if (employment && tenancy) {
    return stopWith(
      out,
      usageFailure(
        'Give the employment dates or the tenancy dates, not both: a check is about one or the other.',
      ),
    );
  }
  if (started === undefined && ended === undefined) {
    const failure = usageFailure(
      'Give --employment-ended DATE (or --tenancy-ended), --employment-started DATE, or both.',
    );
    return stopWith(out, failure);
  }
  return withRegister(
    ctx,
    async (register) => {
      const receipt = await setEmploymentDates(register, reference, {
        started,
        ended,
        of: employment ? 'employment' : 'tenancy',
      });
      const keepUntil = receipt.ended === null ? null : retentionEnd(receipt.kind, receipt.ended);
      if (out.json) out.jsonValue({ ...receipt, retention_end: keepUntil });
      else {
        out.data(
          `Recorded for ${receipt.person}: started ${receipt.started ?? 'not recorded'}, ended ${receipt.ended ?? 'not yet'}.`,
        );
        out.data(
          keepUntil === null
            ? 'The evidence is kept while the employment or tenancy goes on.'
            : `Keep the evidence until ${keepUntil}; after that, rtw register prune deletes it.`,
        );
      }
      return EXIT.OK;
    },
    out,
  );
}
