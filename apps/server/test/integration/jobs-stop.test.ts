import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, queryRows } from '../../src/db/client.js';
import { enqueue } from '../../src/features/jobs/index.js';
import { freshDatabase, startTestServer, until } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { interceptSms } from '../notify-helpers.js';

/**
 * A stop that a job's try outlives (docs/architecture.md#jobs): the stop ends within its deadline,
 * the job is back in the queue and done by the next start, and nothing of the queue reaches the
 * database after the stop closed its connections — not even pg-boss's own failure of the batch when
 * its expiry passes, which used to come minutes later as an unhandled 'Cannot use a pool after
 * calling end on the pool' (docs/operations.md#tests). And a server stopped as it starts writes its
 * schedules' jobs before its database closes.
 */

/** Statements sent on a pool after its end(), with their SQL, and rejections nobody handled. */
const late: string[] = [];
const unhandled: string[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(String(reason));
type PoolMethods = { query: (...args: unknown[]) => unknown; ending?: boolean };
const proto = pg.Pool.prototype as unknown as PoolMethods;
const realQuery = proto.query;

beforeEach(() => {
  late.length = 0;
  unhandled.length = 0;
  proto.query = function (this: PoolMethods, ...args: unknown[]) {
    if (this.ending) late.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
    return realQuery.apply(this, args);
  };
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  proto.query = realQuery;
  process.off('unhandledRejection', onUnhandled);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a stop that a try outlives', () => {
  it('gives the job back, sends nothing of the queue after the stop, and the next start does it', async () => {
    const env = {
      JOBS_RETRY_LIMIT: '2',
      JOBS_RETRY_DELAY_SECONDS: '1',
      JOBS_RETRY_BACKOFF: 'false',
      JOBS_POLL_SECONDS: '0.5',
      JOBS_STOP_TIMEOUT_MS: '1000',
      // pg-boss fails a batch whose handler has not returned after this long: the shortest allowed.
      JOBS_EXPIRE_SECONDS: '5',
    };
    const own = await startTestServer({ seed: false, env });
    try {
      const shop = await makeCompany(own, '종료후', 0);
      // The text takes 3 s: longer than the stop's wait for its tries (1 s, then 1 s more).
      let takenAt = 0;
      interceptSms(own.ctx!.sms, shop.main.phone, async () => {
        takenAt ||= Date.now();
        await new Promise((r) => setTimeout(r, 3000));
      });
      const id = await enqueue(
        own.db,
        'sms.cashCredited',
        { paymentId: 893_000, companyId: shop.companyId, amount: 700, balanceAfter: 700 },
        { key: 'stop-outlived:1' },
      );
      own.app.jobs.wake();
      await until('running', async () => takenAt > 0);
      const t0 = Date.now();
      await own.app.close();
      expect(Date.now() - t0).toBeLessThan(3500);
      const state = async () =>
        (
          await queryRows<{ state: string }>(
            own.db,
            sql`select state::text as state from pgboss.job where id = ${id}::uuid`,
          )
        )[0]?.state;
      expect(await state()).toBe('retry');

      // Past the batch's expiry (5 s after it was taken): pg-boss's timer would have fired by now.
      await new Promise((r) => setTimeout(r, Math.max(0, takenAt + 6500 - Date.now())));
      const queueLate = late.filter((text) => /pgboss/.test(text)).map((text) => text.trim().split('\n')[0]);
      expect({ queueLate, unhandled }).toEqual({ queueLate: [], unhandled: [] });
      // Still waiting for its next try, no try more counted.
      expect(await state()).toBe('retry');

      // The next start on the same database takes it again and does it.
      const next = await buildApp({ config: own.ctx!.config, db: own.db, logger: false });
      try {
        next.app.jobs.wake();
        expect(await until('done', async () => (await state()) === 'completed')).toBe(true);
      } finally {
        await next.app.close();
      }
    } finally {
      await own.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a stop during the start-up writes', () => {
  it("the schedules' jobs of the start are written before the database closes, even behind a busy pool", async () => {
    const database = await freshDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-test-'));
    // The server's pool of one connection, held by someone else while the server starts and stops:
    // the schedules' writes at start wait for it.
    const saved = process.env.DB_POOL_MAX;
    process.env.DB_POOL_MAX = '1';
    const small = await openDatabase(database.url!, '').finally(() => {
      if (saved === undefined) delete process.env.DB_POOL_MAX;
      else process.env.DB_POOL_MAX = saved;
    });
    try {
      const pool = (small.db as unknown as { $client: pg.Pool }).$client;
      const held = await pool.connect();
      const config = {
        ...loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, UPLOAD_DIR: '' }),
        webDist: '/nonexistent',
        redisUrl: null,
      };
      const { app } = await buildApp({ config, db: small.db, logger: false });
      const closing = app.close();
      await new Promise((r) => setTimeout(r, 500));
      held.release();
      await closing;
      await small.close();
      const written = await queryRows<{ name: string }>(
        database.db,
        sql`select distinct name from pgboss.job where name in ('taxInvoice.monthly', 'retention.sweep', 'taxInvoice.poll', 'notify.licenceScan') order by name`,
      );
      expect(written.map((r) => r.name)).toEqual([
        'notify.licenceScan',
        'retention.sweep',
        'taxInvoice.monthly',
        'taxInvoice.poll',
      ]);
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
