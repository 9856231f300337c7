#!/usr/bin/env node
// A small HR system keeping the employer's record with the evidence register (@sharecode/register):
//   init                                                           start the register (and its key)
//   onboard <share-code> <date-of-birth> <company> <employee-id>   check, then file the evidence
//   leaver <reference> <last-day YYYY-MM-DD>                       record the end of employment
//   followups [days]                                               who needs a follow-up check soon
//   audit                                                          verify the register, list everyone
//   prune [today YYYY-MM-DD]                                       delete what is past retention
// The register folder is RTW_REGISTER; its key is RTW_REGISTER_KEY (or ~/.config/rtw/register.key).
import {
  fileCheck,
  initRegister,
  listFollowUps,
  loadRegisterKey,
  openRegister,
  pruneRegister,
  setEmploymentDates,
  summariseRegister,
  verifyRegister,
} from '@sharecode/register';
import { isShareCodeApiError, ShareCodeClient } from '@sharecode/sdk';

const [command, ...args] = process.argv.slice(2);
const folder = process.env.RTW_REGISTER;
if (!folder) {
  console.error('Set RTW_REGISTER to the register folder.');
  process.exit(2);
}

// A key is made (in ~/.config/rtw/register.key) only by `init`, for a new register; every other
// command must be given the key the register is sealed with, and is refused otherwise.
async function openTheRegister() {
  const { key } = await loadRegisterKey({ registerDir: folder, create: command === 'init' });
  return openRegister(folder, key);
}

// Test keys (rtw_test_...) return sandbox data: the receipt records it, and the register keeps
// sandbox and live checks apart.
const mode = process.env.RTW_API_KEY?.startsWith('rtw_live_') ? 'live' : 'sandbox';

async function onboard(shareCode, dateOfBirth, company, employeeId) {
  const client = new ShareCodeClient();
  const result = await client.checkRightToWork({
    share_code: shareCode,
    date_of_birth: dateOfBirth,
    company_name: company,
  });
  // The receipt keeps a keyed hash of the share code, never the code or the date of birth.
  const filed = await fileCheck(register, result, { mode, person: employeeId, operator: 'hr-system' });
  const due = filed.receipt.follow_up.due
    ? `follow-up by ${filed.receipt.follow_up.date}`
    : 'no follow-up needed';
  console.log(
    `${result.outcome} ${employeeId}: filed as receipt ${filed.receipt.seq}, reference ${filed.receipt.reference}, ${due}`,
  );
  if (filed.repeats.length > 0)
    console.log(`note: this share code was already checked (${filed.repeats.length} time(s))`);
}

async function followups(days = '28') {
  const list = await listFollowUps(register, { withinDays: Number(days) });
  for (const item of list.items) {
    console.log(
      `${item.status} ${item.follow_up_date} ${item.person} (${item.name}) reference ${item.reference}`,
    );
  }
  console.log(`${list.items.length} follow-up(s) within ${list.within_days} days, ${list.overdue} overdue`);
  // Cron can alert on this.
  if (list.overdue > 0) process.exitCode = 10;
}

async function audit() {
  const verification = await verifyRegister(register);
  for (const problem of verification.problems)
    console.log(`PROBLEM ${problem.kind} ${problem.path}: ${problem.detail}`);
  console.log(
    verification.ok ? `register intact (${verification.receipts} receipts)` : 'register NOT intact',
  );
  for (const person of (await summariseRegister(register)).people) {
    const followUp = person.follow_up.due ? person.follow_up.date : person.follow_up.reason;
    console.log(
      `${person.person} last check ${person.last_check.check_date} ${person.last_check.outcome} follow-up ${followUp} keep until ${person.retention_end ?? 'employed'}`,
    );
  }
  if (!verification.ok) process.exitCode = 9;
}

let register;
try {
  register = await openTheRegister();
  if (command === 'init') {
    const { info, created } = await initRegister(folder, register.key);
    console.log(`${created ? 'started' : 'already'} register ${folder} sealed with key ${info.key_id}`);
  } else if (command === 'onboard' && args.length === 4) await onboard(...args);
  else if (command === 'leaver' && args.length === 2) {
    const receipt = await setEmploymentDates(register, args[0], { ended: args[1] });
    console.log(`${receipt.person} left on ${receipt.ended}`);
  } else if (command === 'followups') await followups(args[0]);
  else if (command === 'audit') await audit();
  else if (command === 'prune') {
    const report = await pruneRegister(register, { today: args[0] });
    console.log(`pruned ${report.removed.map((p) => p.person).join(', ') || 'nobody'}; kept ${report.kept}`);
  } else {
    console.error(
      'Usage: node hr-system.mjs init|onboard|leaver|followups|audit|prune ... (see the top of this file)',
    );
    process.exitCode = 2;
  }
} catch (error) {
  if (isShareCodeApiError(error)) {
    console.error(`${error.code}: ${error.message}`);
    process.exitCode = 4;
  } else if (error?.name === 'ShareCodeRegisterError') {
    console.error(`register (${error.reason}): ${error.message}`);
    process.exitCode = 2;
  } else throw error;
}
