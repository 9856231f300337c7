import { join } from 'node:path';
import { HEAD_FILE, outsideHeadFor, type ReadHead, readHeadFile } from './chain-head.js';
import type { Register } from './open-register.js';
import { receiptFileName } from './receipt.js';
import { RECEIPTS_DIR, receiptFiles } from './receipt-files.js';
import { ShareCodeRegisterError } from './register-error.js';
import { readRegisterInfo } from './register-info.js';
import { hashFile } from './register-path.js';

// Before a receipt is appended: the chain must end where its heads say it does. Appending to a
// register whose newest receipts were deleted (or an older backup put back) would chain the new
// receipt to an older one and write new heads over the evidence of the loss: verify would then say
// "intact". Cheap by design: the heads, the receipt files' names and the last receipts' hashes; never
// the evidence files (that is verifyRegister's).

const WHAT_TO_DO =
  'Nothing was written. Put the missing receipts back from a backup of the register folder, then run: rtw register verify (or verifyRegister); ' +
  'if they cannot be found, keep this register as it is and file new checks in a new register folder.';

function refuse(dir: string, problem: string): never {
  throw new ShareCodeRegisterError(
    'unverified',
    `The register in ${dir} does not verify: ${problem}. ${WHAT_TO_DO}`,
  );
}

const receiptName = (seq: number): string => `${RECEIPTS_DIR}/${receiptFileName(seq)}`;

/**
 * Refuses (`unverified`) to write into a register whose chain does not end where its heads say: the
 * newest receipts removed, a receipt missing in the middle, a head edited, or receipts rewritten
 * from the head's receipt on. A head behind the last receipt matching the receipt it names is what
 * an interrupted filing leaves: accepted.
 */
export async function assertChainWritable(register: Register): Promise<void> {
  const known = await readRegisterInfo(register.dir, register.key);
  // Heads first, receipts after: a head is written after its receipt, so another writer's newer head
  // is never read before the receipt it names is listed.
  const inside = await readHeadFile(join(register.dir, HEAD_FILE), register.key);
  const outside = await outsideHeadFor(register, known?.info.id);
  const files = await receiptFiles(register);
  const last = Math.max(0, ...files.keys());
  for (let seq = 1; seq <= last; seq++) {
    if (!files.has(seq)) refuse(register.dir, `${receiptName(seq)} is missing from the chain`);
  }
  if (inside === undefined && last > 0) {
    refuse(register.dir, `${HEAD_FILE} is missing (it records the chain's last receipt)`);
  }
  const heads: Array<[ReadHead | undefined, string]> = [
    [inside, `the head inside the register (${HEAD_FILE})`],
    [outside, `the head kept outside it (${outside?.path})`],
  ];
  for (const [read, where] of heads) {
    if (read === undefined) continue;
    if (read.sealed === false) refuse(register.dir, `${where} was edited after it was written`);
    // Sealed with another key: the register's info already refuses that key (wrong_key).
    if (read.sealed !== true) continue;
    const { count, last: hash } = read.head;
    if (count > last) {
      refuse(
        register.dir,
        last === 0
          ? `all ${count} receipts were removed (${where} records ${count})`
          : `the newest receipts ${last + 1} to ${count} were removed (${where} records ${count}, the folder holds ${last})`,
      );
    }
    if (count > 0 && (await hashFile(files.get(count) as string)) !== hash) {
      refuse(
        register.dir,
        `${receiptName(count)} is not the receipt ${where} records: the receipts were rewritten or an older copy put back`,
      );
    }
  }
}
