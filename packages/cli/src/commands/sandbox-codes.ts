import { CHECK_KINDS, SANDBOX_DATE_OF_BIRTH, SANDBOX_SCENARIOS, sandboxShareCode } from '@sharecode/core';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { kindNameOf } from '../kinds.js';
import { outputFor } from '../output/output.js';

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
  const width = 14;
  out.data(bold('Sandbox test share codes'));
  out.data(`Use date of birth ${SANDBOX_DATE_OF_BIRTH}; any other date answers DOB_MISMATCH.`);
  out.data('Any other code answers NOT_FOUND; a code of another kind is refused (INVALID_INPUT).');
  out.data('');
  out.data(
    bold(
      `${CHECK_KINDS.map((kind) => kindNameOf(kind).replace('immigration-status', 'immigration').padEnd(width)).join(' ')} What it answers`,
    ),
  );
  for (const row of rows) {
    const codes = CHECK_KINDS.map((kind) => {
      const code = row.codes[kind];
      return code ? code.padEnd(width) : dim('-'.padEnd(width));
    }).join(' ');
    out.data(`${codes} ${row.description}`);
  }
  out.data('');
  out.data(
    'Try: rtw check right-to-work --sandbox --share-code WACPT0001 --dob 1990-01-01 --company "Acme Ltd"',
  );
  out.data('     rtw async right-to-rent --sandbox --wait --share-code RRTRY0001 --dob 1990-01-01 \\');
  out.data('         --checker-name "Jo Smith" --checker-type landlord');
  return EXIT.OK;
}
