import type { RegisterProblem } from '@sharecode/register';
import { EXIT } from '../exit-codes.js';
import type { Output } from '../output/output.js';

/**
 * Says which receipts were left out because the register does not vouch for them (a broken seal, a
 * chain problem), and returns the exit code: a view built without them must never pass for whole.
 */
export function reportRefused(out: Output, refused: readonly RegisterProblem[], verified: boolean): number {
  if (refused.length > 0) {
    out.error(
      `Left out: ${refused.length} receipt(s) the register does not vouch for (not shown as evidence):`,
    );
    for (const problem of refused) out.error(`  ${problem.path}: ${problem.detail}`);
  }
  if (!verified) {
    out.error('The register did not verify: see rtw register verify (exit code 9).');
    return EXIT.REGISTER_PROBLEMS;
  }
  return EXIT.OK;
}
