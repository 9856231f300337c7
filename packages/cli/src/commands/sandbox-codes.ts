import { CHECK_KINDS } from '@sharecode/core';
import { SANDBOX_DATE_OF_BIRTH, SANDBOX_SCENARIOS, sandboxShareCode } from '@sharecode/core/sandbox';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { kindNameOf } from '../kinds.js';
import { outputFor } from '../output/output.js';
import { layoutWidth, wrapWords } from '../output/wrap.js';

/** `rtw sandbox codes`: core's sandbox scenarios as a table (with --json, as data). */
export async function sandboxCodesCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const rows = SANDBOX_SCENARIOS.map((scenario) => ({
    suffix: scenario.suffix,
    description: scenario.description,
    codes: Object.fromEntries(
      CHECK_KINDS.map((kind) => [
        kind,
        scenario.kinds.includes(kind) ? sandboxShareCode(kind, scenario.suffix) : null,
      ]),
    ),
  }));
  if (out.json) {
    out.jsonValue({ date_of_birth: SANDBOX_DATE_OF_BIRTH, scenarios: rows });
    return EXIT.OK;
  }
  const { bold, dim } = out.out;
  // Codes are 9 characters; each column is as wide as its heading, plus a space.
  const headings = CHECK_KINDS.map((kind) => kindNameOf(kind).replace('immigration-status', 'immigration'));
  const widths = headings.map((heading) => Math.max(heading.length, 9));
  const indent = widths.reduce((sum, width) => sum + width + 1, 0);
  // What is left of the line for the description, never less than 24 characters.
  const room = Math.max(24, layoutWidth(out.io.stdout.columns) - 1 - indent);
  out.data(bold('Sandbox test share codes'));
  for (const line of wrapWords(
    `Use date of birth ${SANDBOX_DATE_OF_BIRTH}; any other date answers DOB_MISMATCH. Any other code answers NOT_FOUND; a code of another kind is refused (INVALID_INPUT).`,
    layoutWidth(out.io.stdout.columns) - 1,
  ))
    out.data(line);
  out.data('');
  out.data(bold(`${headings.map((heading, i) => heading.padEnd(widths[i] ?? 9)).join(' ')} What it answers`));
  for (const row of rows) {
    const codes = CHECK_KINDS.map((kind, i) => {
      const code = row.codes[kind];
      const width = widths[i] ?? 9;
      return code ? code.padEnd(width) : dim('-'.padEnd(width));
    }).join(' ');
    const [first = '', ...rest] = wrapWords(row.description, room);
    out.data(`${codes} ${first}`);
    for (const line of rest) out.data(`${' '.repeat(indent)}${line}`);
  }
  out.data('');
  out.data('Try: rtw check right-to-work --sandbox --share-code WACPT0001 --dob 1990-01-01 \\');
  out.data('         --company "Acme Ltd"');
  out.data('     rtw async right-to-rent --sandbox --wait --share-code RRTRY0001 \\');
  out.data('         --dob 1990-01-01 --checker-name "Jo Smith" --checker-type landlord');
  return EXIT.OK;
}
