import { pruneRegister } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { flagOption, stringOption } from '../options.js';
import { withRegister } from '../register/with-register.js';

/** `rtw register prune [--dry-run]`: delete what is past its retention end, nothing else. */
export async function registerPruneCommand(ctx: CommandContext): Promise<number> {
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
