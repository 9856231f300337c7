import { summariseRegister, vouchedReceipts } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { stringOption } from '../options.js';
import { writePrivateFile } from '../register/private-file.js';
import { reportHtml } from '../register/report-html.js';
import { withRegister } from '../register/with-register.js';

/** `rtw register report --out report.html`: every person, last check, follow-up and retention end. */
export async function registerReportCommand(ctx: CommandContext): Promise<number> {
  return withRegister(ctx, async (register, out) => {
    // One verification: the table holds only the receipts it vouches for, the banner names the rest.
    const vouched = await vouchedReceipts(register);
    const summary = await summariseRegister(register, { today: stringOption(ctx.options, 'today'), vouched });
    const { verification } = vouched;
    const path = stringOption(ctx.options, 'out');
    if (path !== undefined) {
      await writePrivateFile(path, reportHtml(summary, verification));
      out.notice(`Report written: ${path} (${summary.people.length} people)`);
    }
    if (out.json) out.jsonValue({ ...summary, verification });
    else if (path === undefined) out.data(reportHtml(summary, verification));
    if (!verification.ok) {
      out.error('The register did not verify: the report lists the problems (rtw register verify).');
      for (const problem of verification.problems) {
        out.error(`  ${problem.kind.toUpperCase()} ${problem.path} ${problem.detail}`);
      }
      return EXIT.REGISTER_PROBLEMS;
    }
    return EXIT.OK;
  });
}
