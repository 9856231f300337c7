import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/index.js';
import { CHECK_PATHS, call, validBody } from '../support/api.js';
import type { SuiteContext } from '../support/context.js';
import { dashboardSignIn } from '../support/dashboard.js';
import { holdsPlaintext } from '../support/plaintext-search.js';
import { newKey } from '../support/test-server.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ResultBody {
  name: string;
  share_code: string;
  date_of_birth: string;
  photo_data_url: string | null;
  pdf_data_url: string | null;
}

export function dataAtRestSuite(ctx: SuiteContext): void {
  describe('personal data at rest, retention and logs', () => {
    it('keeps an encrypted 7-day investigation copy of each live check and the sweep deletes it on time', async () => {
      ctx.server.clock.set('2026-08-03T09:00:00Z');
      const { key } = await newKey(ctx.server.admin, 'pro', 'live');
      ctx.server.clock.advance(1000);
      const ok = await call(ctx.server.url, 'POST', '/api/check/right-to-rent', {
        key,
        json: validBody('/api/check/right-to-rent'),
      });
      expect(ok.status).toBe(200);
      ctx.server.clock.advance(1000);
      const failed = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        json: validBody('/api/check', 'TIME0001'),
      });
      expect(failed.status).toBe(504);

      const { rows } = await ctx.server.database.db.query<{
        id: string;
        request_id: string;
        expires_at: Date;
        created_at: Date;
      }>(
        'SELECT id, request_id, created_at, expires_at FROM check_copies WHERE request_id = ANY($1) ORDER BY created_at',
        [[ok.headers.get('x-request-id'), failed.headers.get('x-request-id')]],
      );
      expect(rows).toHaveLength(2);
      const [first, second] = rows;
      if (!first || !second) throw new Error('copies missing');
      expect(first.expires_at.getTime() - first.created_at.getTime()).toBe(7 * DAY_MS);
      const copy = await ctx.server.database.checkCopies.get(first.id);
      expect(copy?.request).toMatchObject({
        share_code: 'RACPT0001',
        date_of_birth: '1990-01-01',
        checker_type: 'agent',
      });
      expect(copy?.result).toEqual(ok.body);
      const errorCopy = await ctx.server.database.checkCopies.get(second.id);
      expect(errorCopy).toMatchObject({
        httpStatus: 504,
        errorCode: 'TIMEOUT',
        result: null,
        error: { code: 'TIMEOUT' },
      });

      await ctx.server.server.sweep(new Date(first.expires_at.getTime() - 1000));
      expect(await ctx.server.database.checkCopies.get(first.id)).not.toBeNull();
      const report = await ctx.server.server.sweep(new Date(second.expires_at.getTime()));
      expect(report.checkCopies).toBeGreaterThanOrEqual(2);
      expect(await ctx.server.database.checkCopies.get(first.id)).toBeNull();
      expect(await ctx.server.database.checkCopies.get(second.id)).toBeNull();
    });

    it('the sweep gives back reservations a crashed process left behind', async () => {
      ctx.server.clock.set('2026-09-01T10:00:00Z');
      const { accountId, keyId } = await newKey(ctx.server.admin, 'free', 'live');
      const db = ctx.server.database.db;
      await db.query(
        "INSERT INTO usage_counters (account_id, period, used, reserved) VALUES ($1, '2026-09', 2, 1)",
        [accountId],
      );
      await db.query(
        "INSERT INTO usage_reservations (id, account_id, period, key_id, created_at) VALUES ('res_crashed', $1, '2026-09', $2, $3)",
        [accountId, keyId, new Date('2026-09-01T09:50:00Z')],
      );
      const early = await ctx.server.server.sweep(new Date('2026-09-01T10:00:00Z'));
      expect(early.staleReservations).toBe(0);
      const late = await ctx.server.server.sweep(new Date('2026-09-01T10:05:01Z'));
      expect(late.staleReservations).toBe(1);
      const usage = await ctx.server.admin.usage(accountId, '2026-09');
      expect(usage.ok && usage.value).toMatchObject({ used: 2, inProgress: 0 });
    });

    it('counts failed dashboard sign-ins per client and address for 15 minutes, through a sweep', async () => {
      ctx.server.clock.set('2026-09-02T11:00:00Z');
      const { accountId } = await newKey(ctx.server.admin, 'free', 'live');
      const account = await ctx.server.admin.getAccount(accountId);
      if (!account.ok) throw new Error(account.error);
      const password = 'the right long password';
      const set = await ctx.server.server.dashboardAdmin.setPassword(accountId, password);
      if (!set.ok) throw new Error(set.error);
      const attempt = (pass: string) => dashboardSignIn(ctx.server.url, account.value.email, pass);
      // Five wrong passwords a minute pass; ten in the quarter hour lock this browser out of it.
      for (let i = 0; i < 5; i++) expect((await attempt(`wrong ${i}`)).response.status).toBe(400);
      expect((await attempt('wrong 5')).response.status).toBe(429);
      ctx.server.clock.set('2026-09-02T11:01:00Z');
      for (let i = 5; i < 10; i++) expect((await attempt(`wrong ${i}`)).response.status).toBe(400);
      ctx.server.clock.set('2026-09-02T11:10:00Z');
      await ctx.server.server.sweep(new Date('2026-09-02T11:10:00Z'));
      const refused = await attempt(password);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('retry-after')).toBe('300');
      ctx.server.clock.set('2026-09-02T11:15:00Z');
      expect((await attempt(password)).session).toBeDefined();
    });

    it('no table holds a plaintext share code, name, date of birth, photo or PDF', async () => {
      ctx.server.clock.set('2026-10-05T10:00:00Z');
      const { key } = await newKey(ctx.server.admin, 'scale', 'live');
      const results: ResultBody[] = [];
      for (const path of CHECK_PATHS) {
        ctx.server.clock.advance(1000);
        const body = { ...validBody(path, 'ACPT0002'), date_of_birth: '1990-01-01' };
        const response = await call(ctx.server.url, 'POST', path, { key, json: body });
        expect(response.status).toBe(200);
        results.push(response.body as ResultBody);
      }
      const needles = new Set<string>();
      for (const result of results) {
        needles.add(result.share_code);
        needles.add(result.name);
        for (const part of result.name.split(' ')) if (part.length >= 4) needles.add(part);
        needles.add(result.date_of_birth);
        if (result.photo_data_url) needles.add(result.photo_data_url.slice(40, 100));
        if (result.pdf_data_url) needles.add(result.pdf_data_url.slice(200, 260));
      }
      const db = ctx.server.database.db;
      const copies = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM check_copies');
      expect(copies.rows[0]?.n).toBeGreaterThanOrEqual(CHECK_PATHS.length);
      const tables = await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      );
      expect(tables.rows.length).toBeGreaterThanOrEqual(8);
      for (const { table_name } of tables.rows) {
        const dump = await db.query<{ text: string | null }>(
          `SELECT string_agg(t::text, E'\\n') AS text FROM "${table_name}" t`,
        );
        const text = dump.rows[0]?.text ?? '';
        // Whole tokens for short needles, hex too for long ones (support/plaintext-search.ts): random
        // base62 ids and key prefixes must not be taken for a name part.
        for (const needle of needles) {
          expect(holdsPlaintext(text, needle), `${table_name} holds ${needle.slice(0, 12)}`).toBe(false);
        }
      }
    });

    it('logs never carry a key, share code, date of birth or name', async () => {
      const { key } = await newKey(ctx.server.admin, 'pro', 'live');
      const { key: sandboxKey } = await newKey(ctx.server.admin, 'free', 'test');
      const before = ctx.server.logs.length;
      ctx.server.clock.advance(1000);
      const ok = await call(ctx.server.url, 'POST', '/api/check?share_code=WACPT0001', {
        key,
        json: validBody('/api/check', 'ACPT0001'),
      });
      expect(ok.status).toBe(200);
      await call(ctx.server.url, 'POST', '/api/check', {
        key: sandboxKey,
        json: validBody('/api/check', 'FAIL0001'),
      });
      await call(ctx.server.url, 'POST', '/api/check', {
        key: sandboxKey,
        json: { share_code: 'WACPT0001', date_of_birth: 'x' },
      });
      await call(ctx.server.url, 'POST', '/api/check', {
        key: sandboxKey,
        rawBody: '{"share_code":"WACPT0001",',
        contentType: 'application/json',
      });
      // V8 quotes part of the input in JSON syntax errors: such a message must not reach the logs.
      await call(ctx.server.url, 'POST', '/api/check', {
        key: sandboxKey,
        rawBody: '{"share_code":"WACPT0001" "date_of_birth":"1990-01-01"}',
        contentType: 'application/json',
      });
      const logged = ctx.server.logs.slice(before).join('');
      expect(logged).toContain('request completed');
      const name = (ok.body as ResultBody).name;
      for (const secret of [key, sandboxKey, key.slice(9), 'WACPT0001', '1990-01-01', name]) {
        expect(logged.includes(secret), `the logs hold ${secret.slice(0, 12)}`).toBe(false);
      }
    });

    it('refuses to open the database with another encryption key, or twice when embedded', async () => {
      const config = ctx.server.databaseConfig;
      const wrongKey = await openDatabase({ ...config, encryptionKey: randomBytes(32) });
      expect(wrongKey.ok).toBe(false);
      if (ctx.backend === 'pglite') {
        expect(!wrongKey.ok && wrongKey.error).toContain('in use');
        return;
      }
      expect(!wrongKey.ok && wrongKey.error).toContain('encryption key does not match');
      const again = await openDatabase(config);
      expect(again.ok).toBe(true);
      if (again.ok) await again.value.close();
    });
  });
}
