import type { CommandContext } from '../context.js';
import { envValue, flagOption, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { loadSandbox } from '../runtime/load-sandbox.js';

/**
 * The signing secret: --secret, else with --sandbox the sandbox's published one, else
 * RTW_WEBHOOK_SECRET (a flag on the command line beats the environment). Undefined when none
 * applies. Registered with the output so it is never printed.
 */
export async function webhookSecretFor(ctx: CommandContext, out: Output): Promise<string | undefined> {
  const flag = stringOption(ctx.options, 'secret');
  if (flag !== undefined) {
    out.error(
      out.err.yellow(
        'Warning: --secret leaves the secret in your shell history and the process list; export RTW_WEBHOOK_SECRET instead.',
      ),
    );
  }
  let secret = flag?.trim() || undefined;
  if (secret === undefined && flagOption(ctx.options, 'sandbox')) {
    secret = (await loadSandbox(() => import('@sharecode/sandbox'))).SANDBOX_WEBHOOK_SECRET;
  }
  secret ??= envValue(ctx.io.env, 'RTW_WEBHOOK_SECRET');
  out.addSecret(secret);
  return secret;
}

export const NO_SECRET_MESSAGE =
  'No signing secret. Export RTW_WEBHOOK_SECRET=whsec_... (the dashboard shows it; live and sandbox differ), or add --sandbox for webhooks the sandbox signed.';
