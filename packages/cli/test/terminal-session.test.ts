// End to end, in a pseudo-terminal: the built rtw asks for what is missing (the share code and date
// of birth never on the command line), and Ctrl-C while `rtw async --wait` waits says how to go on.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTerminal, type TerminalRun } from './support/pty.js';
import { DOB } from './support/scenarios.js';

const UK_DOB = DOB.split('-').reverse().join('/');
const runs: TerminalRun[] = [];
const started = (run: TerminalRun): TerminalRun => {
  runs.push(run);
  return run;
};

afterAll(() => {
  for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
});

describe('rtw at a terminal', () => {
  it('asks for the share code and date of birth, says why a value is refused, and runs the check', async () => {
    const run = started(
      inTerminal(['check', 'right-to-work', '--sandbox', '--no-evidence', '--company', 'Acme Ltd'], {
        RTW_SANDBOX_FAST: '1',
      }),
    );
    await run.waitFor('Share code: ');
    run.type('wac-pt0-001\r');
    await run.waitFor('Date of birth (DD/MM/YYYY): ');
    run.type('30/02/1990\r');
    await run.waitFor('--dob is not a real calendar date: check the day and the month');
    await run.waitFor(/Date of birth \(DD\/MM\/YYYY\): [\s\S]*Date of birth \(DD\/MM\/YYYY\): /);
    run.type(`${UK_DOB}\r`);
    await run.waitFor('Right to work');
    expect(await run.exit).toBe(0);
    expect(run.screen).toContain(`Read as: --share-code W*****001, --dob ${DOB}`);
    expect(run.screen).toMatch(/ACCEPTED {2}Right to work/);
  });

  it('Ctrl-C at a question stops rtw at once (exit 130), as anywhere else', async () => {
    const run = started(inTerminal(['check', 'right-to-work', '--sandbox'], { RTW_SANDBOX_FAST: '1' }));
    await run.waitFor('Share code: ');
    run.type('\x03');
    expect(await run.exit).toBe(130);
    expect(run.screen).toContain('Interrupted.');
  });
});

describe('Ctrl-C while rtw async --wait waits', () => {
  let server: Server;
  let url: string;
  const record = {
    id: 'chk_pty0000000000000000000000000001',
    status: 'queued',
    mode: 'test',
    client_reference: null,
    callback_url: null,
    attempts: 0,
    result: null,
    error: null,
    result_expires_at: null,
    result_expired: false,
    created_at: '2026-01-01T09:00:00.000Z',
    completed_at: null,
  };

  beforeAll(async () => {
    // A service whose check is queued, then runs for as long as the test needs.
    server = createServer((request, response) => {
      request.resume();
      const running = request.method === 'GET';
      response.writeHead(running ? 200 : 202, {
        'content-type': 'application/json',
        location: `/api/check/async/${record.id}`,
      });
      response.end(JSON.stringify(running ? { ...record, status: 'running', attempts: 1 } : record));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  it('prints the rtw poll command that picks the check up again', async () => {
    const run = started(
      inTerminal(
        ['async', 'right-to-work', '--wait', '--share-code', 'WACPT0001', '--dob', DOB, '--company', 'Acme'],
        { RTW_API_KEY: 'rtw_test_0123456789abcdefghij00000000000000000000', RTW_BASE_URL: url },
      ),
    );
    await run.waitFor(`Queued ${record.id}.`);
    await run.waitFor(`Waiting for ${record.id}`);
    run.type('\x03');
    expect(await run.exit).toBe(130);
    expect(run.screen).toContain(
      `Interrupted. Check ${record.id} keeps running on the service. Follow it with: rtw poll ${record.id} --wait`,
    );
  });
});
