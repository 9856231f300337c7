// `npm run test:container`: the image and the compose stack, built and run here with podman as an
// operator would, following docs/operations.md: every command block of the guide marked
// `<!-- container-test: NAME -->` is run as written (bash), then torn down. Needs podman, buildah,
// mmdebstrap, podman-compose and runc from Debian, and root (as CI runs). Steps:
// 1. Local stand-ins for the public base images the Containerfile and compose file name (this
//    machine reaches no image registry: base-images.sh makes them from Debian's packages and the npm
//    registry's Node build; reused when present).
// 2. The guide's `build` block. `podman build` gets the host's CA bundle and npm cache mounted for
//    the build only (shared/research/containers.md), through a shell function.
// 3. The guide's `configure` and `up` blocks in a copy of deploy/ (so a developer's own deploy/.env
//    is never read), with the ports picked free and the simulator's URL added to .env; a live check
//    through each instance; Chromium's command line and sandbox inside the container; the health
//    check and `monitoring` block; `backup-postgres` and `restore-postgres`; `status` (instances
//    by service name); `restart-one`, `rolling-upgrade` (to an image whose version says -next),
//    `rotate-key` and `rotate-key-done`, `stop-start`, each with a live check in flight (the
//    simulator slowed) that must get its answer, and PostgreSQL never restarted; then one instance
//    stopped while the other finishes the queued checks.
// 4. Everything the test made is removed: containers, network, volumes, images (not the base images).
// podman-compose names the project after the folder, `deploy`, as the guide's container names assume.
// Only loopback and the compose network are used.
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideBlock } from './guide.js';
import { must, ROOT, run } from './podman.js';

const IMAGES = ['localhost/sharecode/rtw-server:latest', 'localhost/sharecode/portal-sim:latest'];
const CONTAINERS = ['deploy_rtw-1_1', 'deploy_rtw-2_1', 'deploy_portal-sim_1', 'deploy_postgres_1'];
const VOLUMES = ['deploy_postgres-data', 'deploy_rtw-1-data', 'deploy_rtw-2-data'];
const NETWORK = 'deploy_default';
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

const RIGHT_TO_WORK = {
  share_code: 'W7K 2M9 P4Q',
  date_of_birth: '1990-04-27',
  company_name: 'Acme Widgets Ltd',
};
const RIGHT_TO_RENT = {
  share_code: 'R6T3Q9H5B',
  date_of_birth: '1992-09-14',
  checker_name: 'Northside Lettings',
  checker_type: 'agent',
};

type Instance = 'rtw-1' | 'rtw-2';
const ports: Record<Instance, number> = { 'rtw-1': 0, 'rtw-2': 0 };
const metricsPorts: Record<Instance, number> = { 'rtw-1': 0, 'rtw-2': 0 };
const container = (service: string) => `deploy_${service}_1`;
const url = (service: Instance, path: string) => `http://127.0.0.1:${ports[service]}${path}`;
const imagesBefore = new Set<string>();
let work = '';
let deployDir = '';
let key = '';
let started = false;

/** Runs a guide block as written with bash, the instances' ports in place of the guide's. */
async function runGuide(name: string, cwd: string, timeoutMs = 180_000): Promise<string> {
  const text = guideBlock(name)
    .replaceAll('127.0.0.1:8080', `127.0.0.1:${ports['rtw-1']}`)
    .replaceAll('127.0.0.1:8081', `127.0.0.1:${ports['rtw-2']}`);
  const npmrc = join(work, 'npmrc');
  // The build's mounts this machine needs (the registry's TLS proxy; the npm cache), and only there.
  const prelude = `podman() {
  if [ "$1" = build ]; then
    shift
    command podman build -v ${CA_BUNDLE}:${CA_BUNDLE}:ro -v ${npmrc}:/root/.npmrc:ro -v ${join(homedir(), '.npm')}:/root/.npm "$@"
  else
    command podman "$@"
  fi
}
`;
  return must('bash', ['-euo', 'pipefail', '-c', `${prelude}${text}`], { cwd, timeoutMs });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

const answering = (service: Instance) =>
  until(`${service} to answer`, 180_000, async () => {
    const response = await fetch(url(service, '/readyz'), { signal: AbortSignal.timeout(5_000) });
    return response.ok ? true : undefined;
  });

async function api(service: Instance, method: string, path: string, body?: unknown, bearer = key) {
  const response = await fetch(url(service, path), {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(90_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** When a container last started (PostgreSQL must not be restarted by an instance's operation). */
async function startedAt(service: string): Promise<string> {
  return (await must('podman', ['inspect', '--format', '{{.State.StartedAt}}', container(service)])).trim();
}

/** Slows the simulator's lookups (0: back to normal), through its admin endpoint on the compose network. */
async function slowPortal(ms: number): Promise<void> {
  const faults = ms > 0 ? JSON.stringify({ latency: { ms, on: 'lookup' } }) : '{}';
  await must('podman', [
    'exec',
    container('portal-sim'),
    'node',
    '-e',
    `fetch('http://portal-sim:8090/__sim/faults', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(faults)} }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`,
  ]);
}

/** Waits until the account has `count` live checks in progress (so one is in flight before a stop). */
async function checksInProgress(count: number): Promise<void> {
  await until(`${count} check(s) in flight`, 60_000, async () => {
    const accounts = await must('podman', [
      'exec',
      container('rtw-2'),
      'rtw-server',
      'accounts',
      'list',
      '--json',
    ]);
    const ids = (JSON.parse(accounts) as { id: string }[]).map((a) => a.id);
    for (const id of ids) {
      const usage = await must('podman', [
        'exec',
        container('rtw-2'),
        'rtw-server',
        'accounts',
        'usage',
        '--account',
        id,
      ]);
      if (usage.includes(` in_progress=${count} `)) return true;
    }
    return undefined;
  });
}

/** Each instance's encryption key id, as `rtw-server status --json` shows it. */
async function instanceKeys(): Promise<Record<string, string>> {
  const status = JSON.parse(
    await must('podman', ['exec', container('rtw-1'), 'rtw-server', 'status', '--json']),
  ) as { instances: { host: string; key_id: string }[] };
  return Object.fromEntries(status.instances.map((i) => [i.host, i.key_id]));
}

async function scrape(service: Instance): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${metricsPorts[service]}/metrics`, {
    signal: AbortSignal.timeout(10_000),
  });
  return response.text();
}

async function listImages(): Promise<string[]> {
  const out = await must('podman', ['images', '--all', '--quiet', '--no-trunc']);
  return out.split('\n').filter(Boolean);
}

/** What a run of this test makes, removed before (a run that was killed) and after. */
async function removeStack(): Promise<void> {
  await run('podman', ['rm', '--force', '--time', '1', ...CONTAINERS]);
  await run('podman', ['volume', 'rm', '--force', ...VOLUMES]);
  await run('podman', ['network', 'rm', '--force', NETWORK]);
}

beforeAll(async () => {
  for (const tool of ['podman', 'podman-compose', 'mmdebstrap', 'buildah', 'openssl']) {
    if ((await run('sh', ['-c', `command -v ${tool}`])).code !== 0) {
      throw new Error(`${tool} is missing: apt-get install podman buildah mmdebstrap podman-compose runc`);
    }
  }
  // Without it the compose network has no DNS and the instances cannot find `postgres`.
  if (!existsSync('/usr/lib/cni/dnsname')) {
    throw new Error(
      'the dnsname CNI plugin is missing: apt-get install golang-github-containernetworking-plugin-dnsname',
    );
  }
  work = mkdtempSync(join(tmpdir(), 'sharecode-container-test-'));
  // prefer-offline: the mounted host cache answers without asking the registry again.
  writeFileSync(join(work, 'npmrc'), `cafile=${CA_BUNDLE}\nprefer-offline=true\n`);
  await must(join(ROOT, 'test', 'container', 'base-images.sh'), [], { timeoutMs: 900_000 });
  await removeStack();
  for (const image of await listImages()) imagesBefore.add(image);

  // CONTAINER_TEST_REUSE_IMAGES=1 (a developer's rerun): keep and use the images a killed run left.
  const reuse =
    process.env.CONTAINER_TEST_REUSE_IMAGES === '1' &&
    (await Promise.all(IMAGES.map((image) => run('podman', ['image', 'exists', image])))).every(
      (r) => r.code === 0,
    );
  if (!reuse) await runGuide('build', ROOT, 1_500_000);

  deployDir = join(work, 'deploy');
  mkdirSync(deployDir);
  for (const file of ['compose.yaml', 'compose.simulator.yaml', 'example.env', 'rtw-stack'])
    copyFileSync(join(ROOT, 'deploy', file), join(deployDir, file));
  mkdirSync(join(deployDir, 'postgres-init'));
  copyFileSync(
    join(ROOT, 'deploy', 'postgres-init', '10-rtw-role.sh'),
    join(deployDir, 'postgres-init', '10-rtw-role.sh'),
  );
  await runGuide('configure', deployDir);
  ports['rtw-1'] = await freePort();
  ports['rtw-2'] = await freePort();
  metricsPorts['rtw-1'] = await freePort();
  metricsPorts['rtw-2'] = await freePort();
  // Later lines win: the ports picked free, metrics on, 2 slots for this small machine.
  appendFileSync(
    join(deployDir, '.env'),
    [
      `RTW_PORT_1=${ports['rtw-1']}`,
      `RTW_PORT_2=${ports['rtw-2']}`,
      'RTW_METRICS_PORT=9464',
      `RTW_METRICS_PORT_1=${metricsPorts['rtw-1']}`,
      `RTW_METRICS_PORT_2=${metricsPorts['rtw-2']}`,
      'RTW_CHECK_SLOTS=2',
      '',
    ].join('\n'),
  );
  started = true;
  await runGuide('up', deployDir);
  await answering('rtw-1');
  await answering('rtw-2');
  key = (await runGuide('first-key', deployDir)).trim().split('\n').pop() ?? '';
  expect(key).toMatch(/^rtw_live_/);
}, 2_400_000);

afterAll(async () => {
  if (started) await run('podman-compose', ['down', '-v'], { cwd: deployDir, timeoutMs: 180_000 });
  await removeStack();
  // The images this run built, and their build stages' layers (the base images stay as a cache).
  await run('podman', ['rmi', '--force', ...IMAGES]);
  if (imagesBefore.size > 0) {
    const made = (await listImages()).filter((image) => !imagesBefore.has(image));
    if (made.length > 0) await run('podman', ['rmi', '--force', ...made]);
  }
  if (work) rmSync(work, { recursive: true, force: true });
}, 300_000);

describe('the rtw-server image and compose stack under podman, as docs/operations.md runs them', () => {
  it('runs a live check through each instance against the simulator, sharing one database', async () => {
    // The key was made through rtw-1; rtw-2 knows it from the shared database.
    const first = await api('rtw-1', 'POST', '/api/check', RIGHT_TO_WORK);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'ACCEPTED', title: 'Right to work' });
    const second = await api('rtw-2', 'POST', '/api/check/right-to-rent', RIGHT_TO_RENT);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ outcome: expect.any(String) });
  });

  it("runs Chromium as the image's own user with its sandbox on", async () => {
    const script = `
      const { readdirSync, readFileSync } = require('node:fs');
      const out = [];
      for (const pid of readdirSync('/proc').filter((p) => /^\\d+$/.test(p))) {
        try {
          const argv = readFileSync('/proc/' + pid + '/cmdline', 'utf8').split(/[\\0 ]+/).filter(Boolean);
          if (!argv[0] || !argv[0].includes('chrom')) continue;
          const status = readFileSync('/proc/' + pid + '/status', 'utf8');
          const field = (name) => (status.match(new RegExp('^' + name + ':\\\\s*(.*)$', 'm')) || [])[1];
          out.push({ argv, uid: field('Uid'), nspid: field('NSpid') });
        } catch {}
      }
      console.log(JSON.stringify(out));`;
    const processes = JSON.parse(
      await must('podman', ['exec', container('rtw-1'), 'node', '-e', script]),
    ) as {
      argv: string[];
      uid: string;
      nspid: string;
    }[];
    const browser = processes.find((p) => !p.argv.some((arg) => arg.startsWith('--type=')));
    expect(browser, JSON.stringify(processes)).toBeDefined();
    expect(browser?.argv[0]).toMatch(/chrom(e|ium)-headless-shell/);
    expect(browser?.argv).not.toContain('--no-sandbox');
    // uid 10001, the image's `rtw` user, in every field (real, effective, saved, filesystem).
    expect(browser?.uid.split(/\s+/)).toEqual(['10001', '10001', '10001', '10001']);
    // Chromium rewrites its command line into one string: split it on spaces too (the script does).
    expect(processes.filter((p) => p.argv.includes('--no-sandbox'))).toEqual([]);
    // Every renderer lives in a PID namespace of its own, as the sandbox puts it (two or more NSpid
    // levels; with --no-sandbox they share the browser's).
    for (const renderer of processes.filter((p) => p.argv.includes('--type=renderer'))) {
      expect(renderer.nspid.split(/\s+/).length, JSON.stringify(renderer)).toBeGreaterThan(1);
    }
    // The sandbox at work: the zygote lives in a PID namespace of its own (two NSpid levels).
    const sandboxed = processes.filter(
      (p) => p.argv.includes('--type=zygote') && p.nspid.split(/\s+/).length > 1,
    );
    expect(sandboxed.length, JSON.stringify(processes)).toBeGreaterThan(0);
  });

  it("passes the image's health check and the guide's monitoring commands", async () => {
    expect((await fetch(url('rtw-1', '/livez'))).status).toBe(200);
    expect((await run('podman', ['healthcheck', 'run', container('rtw-1')])).code).toBe(0);
    const said = await runGuide('monitoring', work);
    expect(said).toContain('healthy');
  });

  it('restores a PostgreSQL dump with the guide commands: what came after the dump is gone', async () => {
    await runGuide('backup-postgres', work);
    const account = (
      await must('podman', [
        'exec',
        container('rtw-2'),
        'rtw-server',
        'accounts',
        'create',
        '--email',
        'late@example.com',
        '--plan',
        'pro',
      ])
    ).trim();
    const late = (
      await must('podman', [
        'exec',
        container('rtw-2'),
        'rtw-server',
        'keys',
        'create',
        '--account',
        account,
        '--mode',
        'live',
      ])
    ).trim();
    expect((await api('rtw-2', 'GET', '/api/check/async/chk_none', undefined, late)).status).toBe(404);

    await runGuide('restore-postgres', work, 300_000);
    await answering('rtw-1');
    await answering('rtw-2');
    expect((await api('rtw-2', 'GET', '/api/check/async/chk_none', undefined, late)).status).toBe(401);
    expect((await api('rtw-1', 'GET', '/api/check/async/chk_none')).status).toBe(404);
  }, 420_000);

  it('names the instances by service in `status`', async () => {
    const said = await runGuide('status', deployDir);
    expect(said).toMatch(/ rtw-1 /);
    expect(said).toMatch(/ rtw-2 /);
  });

  it('restarts one instance: its check in flight is answered, PostgreSQL and the other keep serving', async () => {
    const postgresStarted = await startedAt('postgres');
    await slowPortal(6_000);
    const inFlight = api('rtw-1', 'POST', '/api/check', RIGHT_TO_WORK);
    await checksInProgress(1);
    await runGuide('restart-one', deployDir, 300_000);
    expect((await inFlight).status).toBe(200);
    expect((await api('rtw-2', 'GET', '/api/check/async/chk_none')).status).toBe(404);
    expect(await startedAt('postgres')).toBe(postgresStarted);
    await slowPortal(0);
  }, 420_000);

  it('rolls an upgrade one instance at a time: the new version in status and the metrics', async () => {
    const postgresStarted = await startedAt('postgres');
    const before = await scrape('rtw-1');
    const version = /rtw_build_info\{version="([^"]+)"/.exec(before)?.[1] ?? '';
    expect(version).not.toBe('');
    // The new release, as a build of it would make: the same image with its version moved on.
    const next = `${version}-next`;
    const file = '/opt/rtw-server/node_modules/@sharecode/server/package.json';
    const containerfile = join(work, 'Containerfile.next');
    writeFileSync(
      containerfile,
      [
        'FROM localhost/sharecode/rtw-server:latest',
        'USER root',
        `RUN node -e "const f='${file}'; const p=require(f); p.version='${next}'; require('fs').writeFileSync(f, JSON.stringify(p))"`,
        'USER rtw',
        '',
      ].join('\n'),
    );
    await must('podman', [
      'build',
      '--format',
      'docker',
      '-t',
      'localhost/sharecode/rtw-server:latest',
      '-f',
      containerfile,
      join(work, 'deploy', 'postgres-init'),
    ]);
    // rtw-1 goes first: its check is in flight when it is stopped.
    await slowPortal(6_000);
    const inFlight = api('rtw-1', 'POST', '/api/check', RIGHT_TO_WORK);
    await checksInProgress(1);
    const said = await runGuide('rolling-upgrade', deployDir, 600_000);
    expect((await inFlight).status).toBe(200);
    await slowPortal(0);
    expect(said).toMatch(new RegExp(`rtw-1 +${next.replaceAll('.', '\\.')} `));
    expect(said).toMatch(new RegExp(`rtw-2 +${next.replaceAll('.', '\\.')} `));
    for (const service of ['rtw-1', 'rtw-2'] as const)
      expect(await scrape(service)).toContain(`rtw_build_info{version="${next}"`);
    expect(await startedAt('postgres')).toBe(postgresStarted);
  }, 720_000);

  it('rotates the key as the guide says: both instances take it, then the new key alone reads everything', async () => {
    const postgresStarted = await startedAt('postgres');
    const keysBefore = await instanceKeys();
    expect(new Set(Object.values(keysBefore)).size).toBe(1);
    await runGuide('rotate-key', deployDir, 600_000);
    await until('the re-seal to end', 180_000, async () => {
      const logs = await Promise.all(
        (['rtw-1', 'rtw-2'] as const).map((s) => run('podman', ['logs', container(s)])),
      );
      return logs.some((l) => `${l.stdout}${l.stderr}`.includes('the old keys can be removed'))
        ? true
        : undefined;
    });
    const done = await runGuide('rotate-key-done', deployDir, 600_000);
    expect(Number(done.trim().split('\n')[0])).toBeGreaterThan(0);
    expect(readFileSync(join(deployDir, '.env'), 'utf8')).toMatch(/^RTW_ENCRYPTION_KEY=[^,\n]+$/m);
    // The new key alone opens the accounts' sealed values, and checks run.
    await must('podman', ['exec', container('rtw-1'), 'rtw-server', 'accounts', 'list']);
    const checked = await api('rtw-2', 'POST', '/api/check', RIGHT_TO_WORK);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(await startedAt('postgres')).toBe(postgresStarted);
    // The new key seen in status and the metrics: one id on both instances, not the old one.
    const keysAfter = await instanceKeys();
    expect(new Set(Object.values(keysAfter)).size).toBe(1);
    expect(keysAfter['rtw-1']).not.toBe(keysBefore['rtw-1']);
    for (const service of ['rtw-1', 'rtw-2'] as const)
      expect(await scrape(service)).toContain(`rtw_encryption_key_info{key_id="${keysAfter[service]}"} 1`);
  }, 900_000);

  it('stops and starts the stack with the drain time applied: the check in flight is answered', async () => {
    await slowPortal(15_000);
    const inFlight = api('rtw-1', 'POST', '/api/check', RIGHT_TO_WORK);
    await checksInProgress(1);
    await runGuide('stop-start', deployDir, 600_000);
    // podman-compose's 10 s would have cut this 15 s check short.
    expect((await inFlight).status).toBe(200);
    await slowPortal(0);
    await answering('rtw-1');
    await answering('rtw-2');
  }, 720_000);

  it('finishes every queued check on the other instance when one instance stops', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const queued = await api('rtw-1', 'POST', '/api/check/right-to-rent/async', {
        ...RIGHT_TO_RENT,
        client_reference: `ct-${i}`,
      });
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
      ids.push(String(queued.body.id));
    }
    // SIGTERM through tini; up to the compose file's grace period before SIGKILL.
    await must('podman', ['stop', '--time', '90', container('rtw-1')], { timeoutMs: 120_000 });
    expect((await fetch(url('rtw-1', '/healthz')).catch(() => null))?.ok ?? false).toBe(false);
    const done = await until('every queued check to end', 240_000, async () => {
      const states = await Promise.all(ids.map((id) => api('rtw-2', 'GET', `/api/check/async/${id}`)));
      return states.every((s) => s.body.status === 'succeeded' || s.body.status === 'failed')
        ? states
        : undefined;
    });
    expect(done.map((s) => s.body.status)).toEqual(ids.map(() => 'succeeded'));
  }, 420_000);
});
