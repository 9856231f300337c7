import { existsSync } from 'node:fs';
import { viewPerson } from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { argumentsOf, flagOption, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { withPersonAsked } from '../register/ask-person.js';
import { writePrivateFile } from '../register/private-file.js';
import { withRegister } from '../register/with-register.js';
import { cliFailure, printFailure, usageFailure } from '../render/failure.js';

/** `rtw register pack <person> --out FILE.pdf`: one PDF a person can hand to the Home Office. */
export async function registerPackCommand(ctx: CommandContext): Promise<number> {
  const reference = String(argumentsOf(ctx.options)[0] ?? '');
  const path = stringOption(ctx.options, 'out') ?? '';
  const force = flagOption(ctx.options, 'force');
  return withRegister(ctx, async (register, out) => {
    // Refused before a person is asked for or a pack built; the write refuses again (`keep`) if it appears meanwhile.
    if (!force && existsSync(path)) return refuseExisting(out, path);
    const view = await withPersonAsked(out, stringOption(ctx.options, 'person'), (person) =>
      viewPerson(register, { reference, person }, { today: stringOption(ctx.options, 'today') }),
    );
    if (!view.verified && !flagOption(ctx.options, 'withProblems')) {
      const problems = view.problems.map((p) => `  ${p.path}: ${p.detail}`).join('\n');
      printFailure(
        out,
        cliFailure(
          EXIT.REGISTER_PROBLEMS,
          'REGISTER_PROBLEMS',
          `No pack written: the register does not verify, and a pack must not pass for evidence it cannot vouch for:\n${problems}\nSee rtw register verify; to write the pack with these problems listed in it, add --with-problems.`,
        ),
      );
      return EXIT.REGISTER_PROBLEMS;
    }
    const { buildEvidencePack } = await import('../register/pack/build-pack.js');
    const pack = await buildEvidencePack(register, view, new Date());
    if (pack.missing.length > 0 && !flagOption(ctx.options, 'withProblems')) {
      // A file gone since the register was verified: the same refusal.
      const problems = pack.missing.map((file) => `  ${file.path}: ${file.why}`).join('\n');
      printFailure(
        out,
        cliFailure(
          EXIT.REGISTER_PROBLEMS,
          'REGISTER_PROBLEMS',
          `No pack written: files its receipts name cannot be packed as filed:\n${problems}\nSee rtw register verify; to write the pack with these problems listed in it, add --with-problems.`,
        ),
      );
      return EXIT.REGISTER_PROBLEMS;
    }
    try {
      await writePrivateFile(path, pack.bytes, { keep: !force });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'EEXIST') return refuseExisting(out, path);
      const why =
        (error as { code?: unknown }).code === 'ENOENT'
          ? 'its folder does not exist'
          : (error as Error).message;
      printFailure(
        out,
        usageFailure(`The pack could not be written to ${path}: ${why}. Choose another --out.`),
      );
      return EXIT.INVALID_INPUT;
    }
    if (out.json) {
      out.jsonValue({
        file: path,
        sha256: pack.sha256,
        bytes: pack.bytes.byteLength,
        verified: view.verified,
        excuse: view.summary.excuse,
        files: pack.files,
        missing: pack.missing,
      });
    } else {
      out.data(
        `Evidence pack written: ${path} (${pack.files.length} files attached, ${pack.bytes.byteLength} bytes)`,
      );
      out.data(`SHA-256: ${pack.sha256}`);
      out.data('Keep this hash with the pack: it shows the pack was not changed after it was made.');
    }
    for (const file of pack.missing) out.error(`Not in the pack: ${file.path} ${file.why}.`);
    if (!view.verified || pack.missing.length > 0) {
      out.error('The register did not verify: the pack lists the problems (rtw register verify).');
      return EXIT.REGISTER_PROBLEMS;
    }
    return EXIT.OK;
  });
}

/** A pack's printed SHA-256 may have been kept by an auditor: replacing its file leaves that hash matching nothing. */
function refuseExisting(out: Output, path: string): number {
  printFailure(
    out,
    usageFailure(
      `No pack written: ${path} already exists, and the hash printed for an earlier pack may have been kept for it. Choose another --out, or add --force to replace it.`,
    ),
  );
  return EXIT.INVALID_INPUT;
}
