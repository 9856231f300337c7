import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { outputFor } from '../output/output.js';
import { registerFor } from '../register/open-register.js';
import { registerFailure } from '../register/register-failure.js';
import { printFailure } from '../render/failure.js';

/** `rtw register init`: start a register (and its key, when there is none) in an empty or new folder. */
export async function registerInitCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const opened = await registerFor(ctx.options, ctx.io, 'init');
  if (!opened.ok) {
    printFailure(out, opened.error);
    return opened.error.exitCode;
  }
  try {
    const { initRegister } = await import('@sharecode/register');
    const { register, info, created } = await initRegister(opened.value.dir, opened.value.key, {
      stateDir: opened.value.stateDir,
    });
    if (out.json) out.jsonValue({ register: register.dir, id: info.id, key_id: info.key_id, created });
    else {
      out.data(
        created
          ? `Started a new register in ${register.dir}, sealed with key ${info.key_id}.`
          : `${register.dir} is already a register sealed with key ${info.key_id}: nothing changed.`,
      );
      out.data(
        'Everyone who files into it needs this key (RTW_REGISTER_KEY); keep a copy in your password manager or secret store.',
      );
    }
    return EXIT.OK;
  } catch (error) {
    const failure = registerFailure(error);
    printFailure(out, failure);
    return failure.exitCode;
  }
}
