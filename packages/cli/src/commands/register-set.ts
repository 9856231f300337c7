import {
  type CheckReceipt,
  readReceipts,
  retentionEnd,
  setEmploymentDates,
  type WorkKind,
} from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { argumentsOf, stringOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { withPersonAsked } from '../register/ask-person.js';
import { withRegister } from '../register/with-register.js';
import { stopWith, usageFailure } from '../render/failure.js';

const WORKS: readonly WorkKind[] = ['employment', 'engagement', 'tenancy'];

/** `rtw register set <reference> --employment-ended DATE`: dates that start the retention period. */
export async function registerSetCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const reference = String(argumentsOf(ctx.options)[0] ?? '');
  const given = WORKS.filter((work) =>
    [`${work}Started`, `${work}Ended`].some((name) => stringOption(ctx.options, name) !== undefined),
  );
  if (given.length > 1) {
    return stopWith(
      out,
      usageFailure(`Give the dates of one ${given.join(' or ')}, not several: a check is about one of them.`),
    );
  }
  const work = given[0];
  const started = work === undefined ? undefined : stringOption(ctx.options, `${work}Started`);
  const ended = work === undefined ? undefined : stringOption(ctx.options, `${work}Ended`);
  if (work === undefined) {
    const failure = usageFailure(
      'Give --employment-ended DATE (or --engagement-ended, --tenancy-ended), --employment-started DATE, or both.',
    );
    return stopWith(out, failure);
  }
  return withRegister(
    ctx,
    async (register) => {
      const receipt = await withPersonAsked(out, stringOption(ctx.options, 'person'), (person) =>
        setEmploymentDates(register, reference, { started, ended, of: work, person }),
      );
      const keepUntil = receipt.ended === null ? null : retentionEnd(receipt.kind, receipt.ended);
      if (out.json) out.jsonValue({ ...receipt, retention_end: keepUntil });
      else {
        out.data(
          `Recorded for ${receipt.person}: ${receipt.work ?? work} started ${receipt.started ?? 'not recorded'}, ended ${receipt.ended ?? 'not yet'}.`,
        );
        out.data(
          keepUntil === null
            ? `The evidence is kept while the ${receipt.work ?? work} goes on.`
            : `Keep the evidence until ${keepUntil}; after that, rtw register prune deletes it.`,
        );
      }
      if (receipt.started !== null) {
        // The excuse runs from the check: days of work before it have none (shown in show, list and
        // report too, but said here, where the date is typed).
        const checks = (await readReceipts(register))
          .map((stored) => stored.receipt)
          .filter(
            (r): r is CheckReceipt =>
              r.type === 'check' && r.person === receipt.person && r.kind === receipt.kind,
          );
        const first = checks.map((check) => check.check_date).sort()[0];
        if (first !== undefined && receipt.started < first) {
          out.notice(
            `Note: the ${receipt.work ?? work} started ${receipt.started}, before ${receipt.person}'s first check on ${first}: there is no statutory excuse for the days between (the check must be made before the ${receipt.work ?? work} starts).`,
          );
        }
      }
      return EXIT.OK;
    },
    out,
  );
}
