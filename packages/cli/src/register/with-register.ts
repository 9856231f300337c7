import type { Register } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { type Output, outputFor } from '../output/output.js';
import { printFailure } from '../render/failure.js';
import { registerFor } from './open-register.js';
import { registerFailure } from './register-failure.js';

/**
 * Runs a register command: opens this command's register (a clear usage error when it cannot be) and
 * turns whatever the register throws into the CLI's failure and exit code, so every `rtw register …`
 * and `rtw followups` reports alike.
 */
export async function withRegister(
  ctx: CommandContext,
  body: (register: Register, out: Output) => Promise<number>,
  out: Output = outputFor(ctx),
): Promise<number> {
  const register = await registerFor(ctx.options, ctx.io);
  if (!register.ok) {
    printFailure(out, register.error);
    return register.error.exitCode;
  }
  try {
    return await body(register.value, out);
  } catch (error) {
    const failure = registerFailure(error);
    printFailure(out, failure);
    return failure.exitCode;
  }
}
