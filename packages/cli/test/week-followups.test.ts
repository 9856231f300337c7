// Issue 33, the week's traps in `rtw followups`: an exit code while there is still time, a calendar
// of every follow-up to come, and a tampered receipt never dropped in silence.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnv } from './support/register-env.js';
import { json, runMain } from './support/run-main.js';
import { sandboxCheck } from './support/scenarios.js';

let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-week-followups-', { checkedBy: 'hr.jo' }));
});
afterAll(() => cleanup());

async function file(register: string, code: string, person: string) {
  const run = await runMain(
    [
      ...sandboxCheck('right_to_work', code),
      '--no-evidence',
      '--register',
      register,
      '--person',
      person,
      '--json',
    ],
    env,
  );
  expect(run.code, run.stderr).toBe(0);
  const result = json<{ expiry_date: string }>(run);
  return result.expiry_date;
}

function dayBefore(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

describe('rtw followups for cron', () => {
  it('exits 11 while a follow-up is due within the window, 10 once overdue, 0 when nothing is due', async () => {
    const register = join(root, 'cron');
    const expiry = await file(register, 'WACPT0001', 'E-1');
    const args = ['followups', '--register', register];
    expect((await runMain([...args, '--today', dayBefore(expiry, 60)], env)).code).toBe(0);
    // Before: due tomorrow and due today exited 0, so `rtw followups || mail ...` stayed silent.
    const tomorrow = await runMain([...args, '--today', dayBefore(expiry, 1)], env);
    expect(tomorrow.code).toBe(11);
    expect(tomorrow.stderr).toContain('1 follow-up check is due within 28 days (exit code 11).');
    expect((await runMain([...args, '--today', expiry], env)).code).toBe(11);
    expect((await runMain([...args, '--today', '2099-01-01'], env)).code).toBe(10);
    const help = await runMain(['--help'], env);
    expect(help.stdout).toMatch(
      /^ {2}11 {3}followups: none overdue, but at least one is due within --within/m,
    );
  });

  it('writes every follow-up to come in the calendar without --within, each with its reminders', async () => {
    const register = join(root, 'calendar');
    const first = await file(register, 'WACPT0001', 'E-1');
    await file(register, 'WACPT0002', 'E-2');
    const ics = join(root, 'followups.ics');
    const run = await runMain(['followups', '--register', register, '--ics', ics], env);
    expect(run.stderr).toContain(`Calendar written: ${ics} (2 events, every follow-up to come`);
    const calendar = new ICAL.Component(ICAL.parse(await readFile(ics, 'utf8')));
    const events = calendar.getAllSubcomponents('vevent');
    // Before: 0 events unless --within 400d was added.
    expect(events).toHaveLength(2);
    expect(events.map((event) => new ICAL.Event(event).startDate.toString())).toContain(first);
    for (const event of events) expect(event.getAllSubcomponents('valarm')).toHaveLength(2);

    // With --within, the calendar holds what the list holds.
    const windowed = await runMain(
      ['followups', '--register', register, '--ics', ics, '--within', '7d'],
      env,
    );
    expect(windowed.stderr).toContain(`Calendar written: ${ics} (0 events, due within 7 days`);
  });

  it('fails, naming the problem, when a receipt was tampered with, instead of dropping the person in silence', async () => {
    const register = join(root, 'tampered');
    const expiry = await file(register, 'WACPT0001', 'E-1');
    await file(register, 'WACPT0002', 'E-2');
    const path = join(register, 'receipts', '000001.json');
    const receipt = await readFile(path, 'utf8');
    // Someone pushes E-1's follow-up a year on by hand.
    const edited = receipt.replaceAll(expiry, `${Number(expiry.slice(0, 4)) + 1}${expiry.slice(4)}`);
    expect(edited).not.toBe(receipt);
    await writeFile(path, edited);
    const run = await runMain(['followups', '--register', register, '--within', '400d'], env);
    expect(run.code).toBe(9);
    expect(run.stderr).toContain('The register does NOT verify');
    expect(run.stderr).toMatch(/CHANGED +receipts\/000001\.json/);
    const asJson = await runMain(['followups', '--register', register, '--json'], env);
    expect(asJson.code).toBe(9);
    expect(json(asJson)).toMatchObject({
      register_verified: false,
      register_problems: [expect.objectContaining({ path: 'receipts/000001.json' })],
    });
  });
});
