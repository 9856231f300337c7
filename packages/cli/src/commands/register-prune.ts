import { pruneRegister } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { flagOption, stringOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { withRegister } from '../register/with-register.js';
import { stopWithUsage } from '../render/failure.js';

/** Today as YYYY-MM-DD: the later of the UTC day (the register's) and the UK day, near midnight. */
function latestToday(now: Date): string {
  const utc = now.toISOString().slice(0, 10);
  const uk = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
  return uk > utc ? uk : utc;
}

/** `rtw register prune [--dry-run]`: delete what is past its retention end, nothing else. */
export async function registerPruneCommand(ctx: CommandContext): Promise<number> {
  const today = stringOption(ctx.options, 'today');
  const realToday = latestToday(ctx.io.now?.() ?? new Date());
  // A later day deletes what is still within its retention period: only a preview may look ahead.
  if (today !== undefined && today > realToday && !flagOption(ctx.options, 'dryRun')) {
    return stopWithUsage(
      outputFor(ctx),
      `--today ${today} is later than today (${realToday}): a prune as of a later day would delete evidence still within its retention period. Add --dry-run to preview what that day's prune deletes, or leave --today out.`,
    );
  }
  return withRegister(ctx, async (register, out) => {
    const report = await pruneRegister(register, {
      today: stringOption(ctx.options, 'today'),
      dryRun: flagOption(ctx.options, 'dryRun'),
      despiteProblems: flagOption(ctx.options, 'despiteProblems'),
    });
    if (out.json) {
      out.jsonValue(report);
      return EXIT.OK;
    }
    const verb = report.dry_run ? 'Would delete' : 'Deleted';
    if (report.removed.length === 0) out.data(`Nothing is past its retention end on ${report.today}.`);
    for (const person of report.removed) {
      out.data(`${verb} ${person.person} (kept until ${person.retention_end}): ${person.files.length} files`);
      if (out.verbose || report.dry_run) for (const file of person.files) out.data(`  ${file}`);
    }
    out.data(
      `${report.kept} ${report.kept === 1 ? 'person is' : 'people are'} kept (still employed or renting, or within the retention period).`,
    );
    for (const file of report.left) out.data(`Left in place: ${file.path} (${file.why})`);
    if (report.problems.length > 0) {
      out.error(
        `The register did not verify (${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}, ${report.dry_run ? 'to be ' : ''}recorded in the prune receipt): receipts it cannot vouch for were not acted on. See rtw register verify.`,
      );
      for (const problem of report.problems)
        out.error(`  ${problem.kind.toUpperCase()} ${problem.path} ${problem.detail}`);
    }
    if (report.dry_run && report.removed.length > 0) out.data('Run again without --dry-run to delete.');
    return report.problems.length > 0 ? EXIT.REGISTER_PROBLEMS : EXIT.OK;
  });
}
