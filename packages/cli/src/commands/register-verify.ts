import { verifyRegister } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { withRegister } from '../register/with-register.js';

/** `rtw register verify`: re-hash every file and walk the chain; exit 9 naming each problem. */
export async function registerVerifyCommand(ctx: CommandContext): Promise<number> {
  return withRegister(ctx, async (register, out) => {
    const result = await verifyRegister(register);
    if (out.json) out.jsonValue({ register: register.dir, ...result });
    const { green, red, bold } = out.out;
    if (result.ok) {
      if (!out.json) {
        out.data(
          green(`Register intact: ${result.receipts} receipts, ${result.files} evidence files re-hashed.`),
        );
      }
      return EXIT.OK;
    }
    const say = (text: string): void => (out.json ? out.error(text) : out.data(text));
    say(red(bold(`Register NOT intact: ${result.problems.length} problem(s) in ${register.dir}`)));
    for (const problem of result.problems)
      say(`  ${problem.kind.toUpperCase().padEnd(9)} ${problem.path} ${problem.detail}`);
    return EXIT.REGISTER_PROBLEMS;
  });
}
