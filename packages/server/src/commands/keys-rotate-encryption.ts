import type { Command } from 'commander';
import type { AdminResult } from '../admin/admin-operations.js';
import type { ConfigFlags } from '../config.js';
import { databaseOptions } from './database-options.js';
import { runAdminCommand } from './with-admin.js';

/** `rtw-server keys rotate-encryption`: a new encryption key, in the key file or printed. */
export function registerKeysRotateEncryption(keys: Command): void {
  databaseOptions(
    keys
      .command('rotate-encryption')
      .description(
        'Rotate the encryption key: a new key seals every value again (the key file), or is printed for RTW_ENCRYPTION_KEY.',
      ),
  ).action(async (flags: ConfigFlags) => {
    // Through the running server's admin socket when one holds the embedded folder, else here.
    const rotated = await runAdminCommand(flags, 'keys.rotate-encryption', {});
    if (!rotated.ok) {
      process.stderr.write(rotated.error.map((problem) => `rtw-server: ${problem}\n`).join(''));
      process.exitCode = 1;
      return;
    }
    const done = rotated.value as AdminResult<'keys.rotate-encryption'>;
    if (done.kind === 'environment') {
      process.stdout.write(`${done.newKey}\n`);
      process.stderr.write(
        'A new encryption key is printed above. Put it first in RTW_ENCRYPTION_KEY, before the key(s) in use, ' +
          'comma-separated (RTW_ENCRYPTION_KEY="NEW,OLD"), in every process, and restart them. Each server reads ' +
          'old values with the old key and seals them again with the new one in the background; when its log says ' +
          '"the old keys can be removed", drop the old key from the variable.\n',
      );
      return;
    }
    if (done.unreadable > 0) {
      process.stderr.write(
        `rtw-server: ${done.resealed} values sealed with the new key, but ${done.unreadable} open with no known key; the old keys stay in ${done.path}.\n`,
      );
      process.exitCode = 1;
      return;
    }
    process.stdout.write(
      `Encryption key rotated: ${done.resealed} values sealed again with the new key, the tables that held old-key values compacted and checkpointed; ${done.path} holds only the new key. A backup taken before now still holds values the old key opens: see "What a backup still holds" in the README.\n`,
    );
  });
}
