import {
  type FollowUpItem,
  type FollowUpList,
  listFollowUps,
  type RegisterProblem,
  type VouchedReceipts,
  vouchedReceipts,
} from '@sharecode/register';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { numberOption, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { writePrivateFile } from '../register/private-file.js';
import { withRegister } from '../register/with-register.js';

const TITLES = {
  right_to_work: 'right to work',
  right_to_rent: 'right to rent',
  immigration_status: 'immigration status',
} as const;

// The calendar without --within: every follow-up to come (a permission lasts at most a few years).
const CALENDAR_DAYS = 100 * 366;

function when(days: number): string {
  if (days < 0) return days === -1 ? '1 day ago' : `${-days} days ago`;
  if (days === 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

function printItems(
  out: Output,
  items: FollowUpItem[],
  today: string,
  within: number,
  overdue: number,
): void {
  const { bold, red, yellow } = out.out;
  out.data(
    bold(
      `Follow-up checks due within ${within} days of ${today}: ${items.length}${overdue > 0 ? `, ${overdue} overdue` : ''}`,
    ),
  );
  for (const item of items) {
    const label = item.status === 'overdue' ? red('OVERDUE') : yellow('due    ');
    out.data(
      `${label}  ${item.follow_up_date}  ${when(item.days).padEnd(13)} ${TITLES[item.kind].padEnd(18)} ${item.name} (${item.person === item.name ? '' : `${item.person}, `}last check ${item.check_date}, ref ${item.reference})`,
    );
  }
  if (items.length > 0) {
    out.data('');
    out.data('Ask each person for a new share code, then run the check again with --register.');
  }
}

/**
 * A register that does not verify cannot be trusted to list everyone: a receipt edited or sealed
 * with another key is left out of the list, so the list is shown with every problem named, and the
 * command fails (exit 9) even when nothing is due.
 */
function printProblems(out: Output, dir: string, problems: readonly RegisterProblem[]): void {
  const { bold, red } = out.out;
  out.error(
    red(
      bold(
        `The register does NOT verify (${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}): a person whose receipt was changed, removed or sealed with another key may be missing from this list.`,
      ),
    ),
  );
  for (const problem of problems)
    out.error(`  ${problem.kind.toUpperCase().padEnd(9)} ${problem.path} ${problem.detail}`);
  out.error(
    'Find out what happened (rtw register verify), restore the files from a backup, then run this again.',
  );
}

async function writeCalendar(
  ctx: CommandContext,
  out: Output,
  list: FollowUpList,
  register: Parameters<typeof listFollowUps>[0],
  vouched: VouchedReceipts,
): Promise<void> {
  const ics = stringOption(ctx.options, 'ics');
  if (ics === undefined) return;
  // The calendar holds every follow-up to come unless --within was given: a calendar is imported once.
  const all =
    ctx.sourceOf('within') === 'cli'
      ? list
      : await listFollowUps(register, { today: list.today, withinDays: CALENDAR_DAYS, vouched });
  const { followUpsCalendar } = await import('../register/follow-ups-calendar.js');
  await writePrivateFile(ics, followUpsCalendar(all, new Date()));
  const scope =
    ctx.sourceOf('within') === 'cli' ? `due within ${list.within_days} days` : 'every follow-up to come';
  out.notice(
    `Calendar written: ${ics} (${all.items.length} event${all.items.length === 1 ? '' : 's'}, ${scope}, each with reminders 28 and 7 days before)`,
  );
}

/**
 * `rtw followups`: who needs a follow-up check soon (or is overdue). Exit 9 when the register does not
 * verify, 10 when any is overdue, 11 when any is due within the window: a cron job alerts in time.
 */
export async function followupsCommand(ctx: CommandContext): Promise<number> {
  return withRegister(ctx, async (register, out) => {
    // One reading: the list holds only the receipts verification vouches for, and it names the rest.
    const vouched = await vouchedReceipts(register);
    const verified = vouched.verification;
    const list = await listFollowUps(register, {
      today: stringOption(ctx.options, 'today'),
      withinDays: numberOption(ctx.options, 'within', 28),
      vouched,
    });
    await writeCalendar(ctx, out, list, register, vouched);
    if (out.json)
      out.jsonValue({
        ...list,
        due: list.items.length - list.overdue,
        register_verified: verified.ok,
        register_problems: verified.problems,
      });
    else printItems(out, list.items, list.today, list.within_days, list.overdue);
    if (!verified.ok) {
      printProblems(out, register.dir, verified.problems);
      return EXIT.REGISTER_PROBLEMS;
    }
    if (list.overdue > 0) {
      out.notice(
        `${list.overdue} follow-up check${list.overdue === 1 ? ' is' : 's are'} overdue (exit code 10).`,
      );
      return EXIT.FOLLOW_UP_OVERDUE;
    }
    const due = list.items.length;
    if (due > 0) {
      out.notice(
        `${due} follow-up check${due === 1 ? ' is' : 's are'} due within ${list.within_days} days (exit code 11).`,
      );
      return EXIT.FOLLOW_UP_DUE;
    }
    return EXIT.OK;
  });
}
