import { join } from 'node:path';
import {
  checkDateOf,
  type DutyResult,
  followUpFor,
  kindOfResult,
  LIKENESS_HOWS,
  type LikenessHow,
} from '@sharecode/core/duties';
import { type EvidenceSource, pdfBytes, photoBytes } from '@sharecode/sdk';
import { safeFileName } from '@sharecode/sdk/node';
import { writeNewFileAtomic } from './atomic-write.js';
import { matchPerson, type PersonMatch } from './match-person.js';
import type { Register } from './open-register.js';
import { ensurePrivateDir } from './private-dir.js';
import {
  type CheckMode,
  type CheckReceipt,
  type LikenessReceipt,
  modeOf,
  type ReceiptFile,
  sha256Hex,
} from './receipt.js';
import { ShareCodeRegisterError } from './register-error.js';
import { ensureRegisterInfo } from './register-info.js';
import { identityHash, shareCodeHash } from './register-key.js';
import { hashFile, resolveInRegister } from './register-path.js';
import { appendReceipt, EVIDENCE_DIR, readReceipts, serialised } from './register-store.js';
import { assertChainWritable } from './write-guard.js';

/** Any result of the three kinds, as the API returns it. */
export type RegisterableResult = DutyResult &
  EvidenceSource & {
    name: string;
    share_code: string;
    date_of_birth?: string | undefined;
    reference?: string | null | undefined;
    company_name?: string | undefined;
    status?: string | undefined;
  };

export interface FileCheckOptions {
  /**
   * How the check was made: `live` (a live key: a real check of a real person) or `sandbox` (a test
   * key or the sandbox: test data). Recorded in the receipt and shown in the report.
   */
  mode: CheckMode;
  /**
   * File a sandbox check into a register holding live checks, or the reverse. Default false: such a
   * check is refused, so test data never sits among the employer's evidence unasked.
   */
  allowMixedModes?: boolean | undefined;
  /**
   * Your id for the person (an employee or tenant number). Default: the person already in the
   * register with the same share code, or the same name and date of birth (a follow-up check);
   * else the name the portal shows.
   */
  person?: string | undefined;
  /**
   * The photo on the profile compared with the person when the check was made: how (in person or
   * on a live video call) and by whom. Filed as a likeness receipt after the check's; later, use
   * `confirmLikeness`.
   */
  likeness?: { how: LikenessHow; by: string; at?: Date | undefined } | undefined;
  /** Who ran the check (a member of staff), for the receipt. */
  operator?: string | undefined;
  /** The organisation that made the check, when the result does not echo it (right to work). */
  organisation?: string | undefined;
  /** The reference to file under when the result has none (a check id, a batch row). */
  fallbackReference?: string | undefined;
  /** The clock (tests). */
  now?: Date | undefined;
}

export interface FiledCheck {
  receipt: CheckReceipt;
  /** True when this very check (same reference and time) was already filed: nothing was written. */
  alreadyFiled: boolean;
  /** Earlier checks of the same share code (a repeat), oldest first. */
  repeats: CheckReceipt[];
  /** True when this filing started the register (the folder was empty or new). */
  newRegister: boolean;
  /** How the person was found in the register (no `person` given), and whom it may also be. */
  match: PersonMatch;
  /** The likeness check filed with it, when `likeness` was given. */
  likeness: LikenessReceipt | null;
}

/** A folder name from a reference: letters, digits, dot, dash, underscore; no leading dot. */
export function referenceFolder(reference: string): string {
  const safe = safeFileName(reference);
  if (safe === undefined) {
    throw new ShareCodeRegisterError(
      'bad_register',
      'The check has no usable reference: pass fallbackReference.',
    );
  }
  return safe;
}

const compact = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

// A person id that is the share code itself (a label column holding the codes) would put the code
// in clear in every receipt: the register's match, else the name, is used instead.
function personOf(person: string | undefined, result: RegisterableResult, match: PersonMatch): string {
  const id = person?.trim();
  return id && compact(id) !== compact(result.share_code) ? id : (match.person ?? result.name);
}

function checkedLikeness(likeness: FileCheckOptions['likeness']): void {
  if (likeness === undefined) return;
  if (!LIKENESS_HOWS.includes(likeness.how) || !likeness.by?.trim()) {
    throw new ShareCodeRegisterError(
      'bad_likeness',
      `A likeness check needs how (${LIKENESS_HOWS.join(' or ')}) and who made it.`,
    );
  }
}

async function fileEvidence(
  register: Register,
  folder: string,
  stem: string,
  ext: string,
  bytes: Uint8Array,
) {
  const sha256 = sha256Hex(bytes);
  const path = `${EVIDENCE_DIR}/${folder}/${stem}-${sha256.slice(0, 12)}.${ext}`;
  const absolute = join(register.dir, ...path.split('/'));
  // Readable by the owner only whatever was there before; never written through a symbolic link.
  await ensurePrivateDir(join(register.dir, EVIDENCE_DIR), { within: true });
  await ensurePrivateDir(join(register.dir, EVIDENCE_DIR, folder), { within: true });
  if (!(await writeNewFileAtomic(absolute, bytes))) {
    // The name carries the content's hash: an existing file must be the same evidence.
    const existing = await resolveInRegister(register, path);
    if (!existing.ok || !existing.exists || (await hashFile(existing.absolute)) !== sha256) {
      throw new ShareCodeRegisterError('bad_register', `${absolute} exists with other content: run verify.`);
    }
  }
  return { path, sha256, bytes: bytes.byteLength } satisfies ReceiptFile;
}

/**
 * Files a check in the register: its PDF and photo under the check's reference, then a receipt
 * chained to the previous one. The share code and date of birth are never written in clear.
 */
export function fileCheck(
  register: Register,
  result: RegisterableResult,
  options: FileCheckOptions,
): Promise<FiledCheck> {
  return serialised(register, () => fileCheckNow(register, result, options));
}

async function fileCheckNow(
  register: Register,
  result: RegisterableResult,
  options: FileCheckOptions,
): Promise<FiledCheck> {
  const kind = kindOfResult(result);
  const mode = options.mode;
  if (mode !== 'live' && mode !== 'sandbox') {
    throw new ShareCodeRegisterError('bad_register', "Say how the check was made: mode 'live' or 'sandbox'.");
  }
  const reference = result.reference || options.fallbackReference;
  if (!reference) {
    throw new ShareCodeRegisterError('bad_register', 'The result has no reference: pass fallbackReference.');
  }
  const now = options.now ?? new Date();
  // Before anything is written: the register's key must be this key (a new register says so).
  const { created } = await ensureRegisterInfo(register, now);
  const checks = (await readReceipts(register))
    .map((stored) => stored.receipt)
    .filter((receipt): receipt is CheckReceipt => receipt.type === 'check');
  checkedLikeness(options.likeness);
  const same = checks.find(
    (receipt) =>
      receipt.kind === kind && receipt.reference === reference && receipt.checked_at === result.checked_at,
  );
  const shareCodeHmac = shareCodeHash(register.key, result.share_code);
  const repeats = checks.filter((receipt) => receipt.share_code_hmac === shareCodeHmac && receipt !== same);
  const match = matchPerson(register.key, checks, kind, result);
  if (same)
    return { receipt: same, alreadyFiled: true, repeats, newRegister: created, match, likeness: null };
  if (options.allowMixedModes !== true) refuseMixedModes(register, checks, mode);
  // Before the evidence is written: nothing is left behind when the chain cannot be written to.
  await assertChainWritable(register);

  const checkDate = checkDateOf(result);
  const folder = referenceFolder(reference);
  const photo = result.photo_data_url
    ? await fileEvidence(register, folder, checkDate, 'jpg', photoBytes(result))
    : null;
  const pdf = result.pdf_data_url
    ? await fileEvidence(register, folder, checkDate, 'pdf', pdfBytes(result))
    : null;
  const stored = await appendReceipt(
    register,
    {
      type: 'check',
      kind,
      mode,
      reference,
      person: personOf(options.person, result, match),
      name: result.name,
      checked_by: {
        operator: options.operator?.trim() || null,
        organisation: result.company_name ?? (options.organisation?.trim() || null),
      },
      checked_at: result.checked_at,
      check_date: checkDate,
      outcome: result.outcome,
      permission: result.permission_type ?? result.status ?? null,
      expiry_date: result.expiry_date ?? result.valid_until ?? null,
      follow_up: followUpFor(result, checkDate),
      share_code_hmac: shareCodeHmac,
      ...(result.date_of_birth
        ? { identity_hmac: identityHash(register.key, result.name, result.date_of_birth) }
        : {}),
      files: { pdf, photo },
    },
    now,
  );
  const receipt = stored.receipt as CheckReceipt;
  const likeness =
    options.likeness === undefined
      ? null
      : ((
          await appendReceipt(
            register,
            {
              type: 'likeness',
              kind,
              person: receipt.person,
              reference,
              check_seq: receipt.seq,
              how: options.likeness.how,
              by: options.likeness.by.trim(),
              at: (options.likeness.at ?? now).toISOString(),
            },
            now,
          )
        ).receipt as LikenessReceipt);
  return { receipt, alreadyFiled: false, repeats, newRegister: created, match, likeness };
}

/**
 * Refuses (`mixed_modes`) a check of `mode` into a register holding checks of the other mode, unless
 * `allowMixedModes`: `fileCheck` does it, and a caller may do it before running a check that costs.
 */
export async function assertModeAccepted(
  register: Register,
  mode: CheckMode,
  options: { allowMixedModes?: boolean | undefined } = {},
): Promise<void> {
  if (options.allowMixedModes === true) return;
  const checks = (await readReceipts(register))
    .map((stored) => stored.receipt)
    .filter((receipt): receipt is CheckReceipt => receipt.type === 'check');
  refuseMixedModes(register, checks, mode);
}

function refuseMixedModes(register: Register, checks: readonly CheckReceipt[], mode: CheckMode): void {
  const other = checks.find((check) => modeOf(check) !== mode);
  if (other === undefined) return;
  const held = modeOf(other);
  throw new ShareCodeRegisterError(
    'mixed_modes',
    mode === 'sandbox'
      ? `The register at ${register.dir} holds live checks: a sandbox check (test data) is not filed among them. Use another register for sandbox checks, or ask for it explicitly (allowMixedModes; rtw: --allow-mixed-modes).`
      : `The register at ${register.dir} holds ${held} checks (test data): a live check is not filed among them. Start a register for live checks in another folder, or ask for it explicitly (allowMixedModes; rtw: --allow-mixed-modes).`,
  );
}
