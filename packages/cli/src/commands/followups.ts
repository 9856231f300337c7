import { type FollowUpItem, listFollowUps } from '@sharecode/register';
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

/** `rtw followups`: who needs a follow-up check soon (or is overdue); exit 10 when any is overdue. */
export async function followupsCommand(ctx: CommandContext): Promise<number> {
  return withRegister(ctx, async (register, out) => {
    const list = await listFollowUps(register, {
      today: stringOption(ctx.options, 'today'),
      withinDays: numberOption(ctx.options, 'within', 28),
    });
    const ics = stringOption(ctx.options, 'ics');
    if (ics !== undefined) {
      const { followUpsCalendar } = await import('../register/follow-ups-calendar.js');
      await writePrivateFile(ics, followUpsCalendar(list, new Date()));
      out.notice(
        `Calendar written: ${ics} (${list.items.length} event${list.items.length === 1 ? '' : 's'})`,
      );
    }
    if (out.json) out.jsonValue(list);
    else printItems(out, list.items, list.today, list.within_days, list.overdue);
    if (list.overdue > 0) {
      out.notice(
        `${list.overdue} follow-up check${list.overdue === 1 ? ' is' : 's are'} overdue${list.problems.length > 0 ? '' : ' (exit code 10)'}.`,
      );
    }
    // Receipts the register cannot vouch for are left out: the list may miss someone (exit 9 first).
    if (list.problems.length > 0) {
      out.error(
        `${list.problems.length} receipt${list.problems.length === 1 ? ' is' : 's are'} not sealed by this register's key and ${list.problems.length === 1 ? 'was' : 'were'} left out (exit code 9): run rtw register verify.`,
      );
      for (const problem of list.problems)
        out.error(`  ${problem.kind.toUpperCase()} ${problem.path} ${problem.detail}`);
      return EXIT.REGISTER_PROBLEMS;
    }
    if (list.overdue > 0) return EXIT.FOLLOW_UP_OVERDUE;
    return EXIT.OK;
  });
}
