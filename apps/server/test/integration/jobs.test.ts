import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_JOBS } from '@partsmall/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, queryRows, type Database, type Db } from '../../src/db/client.js';
import { adminAudit, cashLedger, companies, sentEffects, smsOutbox } from '../../src/db/schema.js';
import { cashCreditedText, enqueue, jobId, runHandler } from '../../src/features/jobs/index.js';
import { credit } from '../../src/features/wallet/wallet.js';
import { call, fastJobs, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { interceptSms } from '../notify-helpers.js';
import type { SmsProvider } from '../../src/features/sms/types.js';

/**
 * The job queue (docs/architecture.md#jobs) on PostgreSQL: a job is written in the transaction of its
 * change and rolls back with it; a failing job is retried and parked, and staff retry it (audited);
 * an effect done before a crash is not done again; two server instances on one database take each
 * job once; a stop with jobs in flight ends cleanly. The last block runs on the embedded PGlite.
 */
const SECRET = 'jobs-test-secret';
// Fast tries for the test: the shortest wait between tries (1 s), three tries in all, half-second polling.
const FAST = {
  PAYMENT_SANDBOX_SECRET: SECRET,
  ...fastJobs(2),
};

let server: TestServer;
let staff: string;

const outboxTexts = async (db: Db, phone: string) =>
  (
    await db.select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(smsOutbox.id)
  ).map((r) => r.text);
const jobState = async (db: Db, name: string, id: string) =>
  (
    await queryRows<{ state: string }>(
      db,
      sql`select state::text as state from pgboss.job where name = ${name} and id = ${id}::uuid`,
    )
  )[0]?.state ?? null;
const jobCount = async (db: Db, key: string) =>
  Number(
    (
      await queryRows<{ n: string }>(db, sql`select count(*)::text as n from pgboss.job where singleton_key = ${key}`)
    )[0]!.n,
  );

/** A cash top-up paid through the sandbox gateway's signed callback (the path every gateway takes). */
async function topUp(token: string, amount: number): Promise<{ paymentId: string; seq: number }> {
  const started = await call(server, 'showCashPaymentWinow', { pgcode: 'creditcard', amount }, { token });
  expect(started.body.code).toBe(200);
  const paymentId = started.body.results!.paymentId;
  const signature = createHmac('sha256', SECRET).update(`${paymentId}:${amount}:paid`).digest('hex');
  const done = await call(server, 'paymentCallback', {
    paymentId,
    amount,
    status: 'paid',
    signature,
  });
  expect(done.status).toBe(200);
  const [row] = await queryRows<{ id: number }>(
    server.db,
    sql`select id from payments where gateway_id = ${paymentId}`,
  );
  return { paymentId, seq: row!.id };
}

/** A second server instance on the same PostgreSQL database, with its own connection pool. */
async function secondInstance(
  env: Record<string, string>,
): Promise<Awaited<ReturnType<typeof buildApp>> & { database: Database }> {
  const [{ name }] = (await queryRows<{ name: string }>(server.db, sql`select current_database() as name`)) as [
    { name: string },
  ];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString(), '');
  const config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', UPLOAD_DIR: '', ...FAST, ...env }),
    webDist: '/nonexistent',
    redisUrl: null,
  };
  const built = await buildApp({ config, db: database.db, logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  expect((built.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
  return { ...built, database };
}

beforeAll(async () => {
  server = await startTestServer({ env: FAST });
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
});
afterAll(async () => {
  await server?.close();
});

describe('a job is part of the change that causes it', () => {
  it('a credited top-up sends the main account one 알림톡, with the amount and the balance after', async () => {
    const shop = await makeCompany(server, '충전알림', 1);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    const { seq } = await topUp(token, 50_000);
    expect(await until('the text', async () => (await outboxTexts(server.db, shop.main.phone)).length > 0)).toBe(true);
    const texts = await outboxTexts(server.db, shop.main.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^\[파츠몰\] 캐시가 충전되었습니다\.\n\n충전금액: 50,000원\n충전 후 잔액: 50,000원\n충전일시: \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/,
    );
    // The sub-account is not told (money events are the main account's); the job is done and its
    // effect recorded under its key, the payment's as before.
    expect(await outboxTexts(server.db, shop.subs[0]!.phone)).toEqual([]);
    const id = jobId('notify.send', `payment:${seq}`);
    expect(await until('done', async () => (await jobState(server.db, 'notify.send', id)) === 'completed')).toBe(true);
    const effects = await server.db
      .select()
      .from(sentEffects)
      .where(eq(sentEffects.key, `notify.send:payment:${seq}:member:${shop.main.seq}`));
    expect(effects.map((e) => e.job)).toEqual(['notify.send']);
  });

  it('rolled back with its change: no credit, no job; committed with it: both', async () => {
    const shop = await makeCompany(server, '롤백', 0);
    const ledger = async () =>
      Number(
        (await server.db.select({ n: count() }).from(cashLedger).where(eq(cashLedger.companyId, shop.companyId)))[0]!.n,
      );
    const data = { paymentId: 880_001, companyId: shop.companyId, amount: 7_000, balanceAfter: 7_000 };
    await expect(
      server.db.transaction(async (tx) => {
        await credit(tx, {
          companyId: shop.companyId,
          amount: 7_000,
          type: 'point',
          memberId: null,
          note: '롤백 시험',
        });
        await enqueue(tx, 'sms.cashCredited', data, { key: 'rollback:1', startAfter: new Date(Date.now() + 3600_000) });
        expect(await jobCount(tx as unknown as Db, 'rollback:1')).toBe(1);
        throw new Error('crash between the credit and the commit');
      }),
    ).rejects.toThrow('crash between');
    expect([await ledger(), await jobCount(server.db, 'rollback:1')]).toEqual([0, 0]);
    const [company] = await server.db
      .select({ point: companies.point })
      .from(companies)
      .where(eq(companies.id, shop.companyId));
    expect(company!.point).toBe(0);

    await server.db.transaction(async (tx) => {
      await credit(tx, { companyId: shop.companyId, amount: 7_000, type: 'point', memberId: null, note: '커밋 시험' });
      await enqueue(tx, 'sms.cashCredited', data, { key: 'rollback:2', startAfter: new Date(Date.now() + 3600_000) });
    });
    expect([await ledger(), await jobCount(server.db, 'rollback:2')]).toEqual([1, 1]);
  });

  it('the same event written twice is one job', async () => {
    const shop = await makeCompany(server, '중복기록', 0);
    const data = { paymentId: 880_002, companyId: shop.companyId, amount: 1_000, balanceAfter: 1_000 };
    const later = new Date(Date.now() + 3600_000);
    const first = await enqueue(server.db, 'sms.cashCredited', data, { key: 'twice:1', startAfter: later });
    const second = await enqueue(server.db, 'sms.cashCredited', data, { key: 'twice:1', startAfter: later });
    expect(second).toBe(first);
    expect(await jobCount(server.db, 'twice:1')).toBe(1);
  });

  it('data that does not fit its kind is refused at the cause, and nothing is written', async () => {
    await expect(
      enqueue(
        server.db,
        'sms.cashCredited',
        { paymentId: 1, companyId: 1, amount: -5, balanceAfter: 0 },
        { key: 'bad:1' },
      ),
    ).rejects.toThrow();
    expect(await jobCount(server.db, 'bad:1')).toBe(0);
  });
});

describe('retries, parking and the back office', () => {
  it('a failing job is tried three times, parked with its error, listed, and staff retry it once (audited)', async () => {
    const shop = await makeCompany(server, '실패재시도', 0);
    let tries = 0;
    const restore = interceptSms(server.ctx!.sms, shop.main.phone, () => {
      tries += 1;
      throw new Error('문자 서버가 응답하지 않습니다.');
    });
    try {
      const id = await enqueue(
        server.db,
        'sms.cashCredited',
        { paymentId: 880_010, companyId: shop.companyId, amount: 3_000, balanceAfter: 3_000 },
        { key: 'park:1' },
      );
      server.app.jobs.wake();
      expect(await until('parked', async () => (await jobState(server.db, 'sms.cashCredited', id)) === 'failed')).toBe(
        true,
      );
      expect(tries).toBe(3);
      expect(await outboxTexts(server.db, shop.main.phone)).toEqual([]);

      const listed = await call(server, 'adminJobList', { state: 'parked' }, { token: staff });
      expect(listed.status).toBe(200);
      const row = listed.body.results!.find((j) => j.id === id);
      expect(row).toMatchObject({
        name: 'sms.cashCredited',
        label: '캐시 충전 완료 문자',
        key: 'park:1',
        state: 'parked',
        tries: 3,
        maxTries: 3,
        error: '문자 서버가 응답하지 않습니다.',
      });
      expect(row!.data).toEqual({ paymentId: 880_010, companyId: shop.companyId, amount: 3_000, balanceAfter: 3_000 });
      // The default list (not done yet) shows parked jobs too.
      const open = await call(server, 'adminJobList', {}, { token: staff });
      expect(open.body.results!.some((j) => j.id === id)).toBe(true);

      // The provider is back; staff retry it: one more try, which sends once.
      restore();
      const retried = await call(server, 'adminRetryJob', { name: 'sms.cashCredited', id }, { token: staff });
      expect([retried.status, retried.body.message]).toEqual([200, MSG_JOBS.retried]);
      expect(await until('done', async () => (await jobState(server.db, 'sms.cashCredited', id)) === 'completed')).toBe(
        true,
      );
      expect(await outboxTexts(server.db, shop.main.phone)).toEqual([cashCreditedText(3_000, 3_000)]);
      const audit = await server.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, 'retryJob'), eq(adminAudit.target, `job:sms.cashCredited:${id}`)));
      expect(audit.map((a) => [a.before, a.after])).toEqual([
        [{ state: 'parked', tries: 3, error: '문자 서버가 응답하지 않습니다.' }, { state: 'retrying' }],
      ]);

      // A job that is not parked cannot be retried (it would run twice); nothing is audited.
      const again = await call(server, 'adminRetryJob', { name: 'sms.cashCredited', id }, { token: staff });
      expect([again.status, again.body.message]).toEqual([409, MSG_JOBS.notParked]);
      const unknown = await call(
        server,
        'adminRetryJob',
        { name: 'sms.cashCredited', id: '00000000-0000-4000-8000-000000000000' },
        { token: staff },
      );
      expect([unknown.status, unknown.body.message]).toEqual([404, MSG_JOBS.notFound]);
      const bad = await call(server, 'POST', 'api/admin/retryJob', { name: 'nope', id: 'x' }, staff);
      expect(bad.status).toBe(400);
      expect(await server.db.select({ n: count() }).from(adminAudit).where(eq(adminAudit.action, 'retryJob'))).toEqual([
        { n: 1 },
      ]);
    } finally {
      restore();
    }
  });

  it('a try that fails once is retried and succeeds: one text', async () => {
    const shop = await makeCompany(server, '한번실패', 0);
    let tries = 0;
    const restore = interceptSms(server.ctx!.sms, shop.main.phone, () => {
      if (++tries === 1) throw new Error('일시 오류');
    });
    try {
      const id = await enqueue(
        server.db,
        'sms.cashCredited',
        { paymentId: 880_011, companyId: shop.companyId, amount: 2_000, balanceAfter: 2_000 },
        { key: 'flaky:1' },
      );
      server.app.jobs.wake();
      expect(await until('done', async () => (await jobState(server.db, 'sms.cashCredited', id)) === 'completed')).toBe(
        true,
      );
      expect([tries, await outboxTexts(server.db, shop.main.phone)]).toEqual([2, [cashCreditedText(2_000, 2_000)]]);
    } finally {
      restore();
    }
  });
});

describe("the jobs page says a failure's reason in Korean", () => {
  it("pg-boss's own reasons are translated, a library's English is said in Korean with the reason, ours stay", async () => {
    const reasons: [string, object, string][] = [
      [
        'stopped',
        { value: 'pg-boss shut down while active' },
        '서버가 종료되어 실행 중이던 작업이 중단되었습니다. 다시 시도합니다.',
      ],
      [
        'timeout',
        { value: { message: 'job failed by timeout in active state' } },
        '작업이 제한 시간 안에 끝나지 않았습니다. 서버가 멈췄거나 다시 시작되었을 수 있습니다.',
      ],
      ['network', { message: 'fetch failed' }, '작업 중 오류가 발생했습니다. (fetch failed)'],
      ['ours', { message: '문자 서버가 응답하지 않습니다.' }, '문자 서버가 응답하지 않습니다.'],
    ];
    const ids: string[] = [];
    for (const [tag, output] of reasons) {
      // Not due for an hour, so no worker takes it before it is marked parked.
      const id = await enqueue(
        server.db,
        'sms.cashCredited',
        { paymentId: 881_000 + ids.length, companyId: 1, amount: 1_000, balanceAfter: 1_000 },
        { key: `reason:${tag}`, startAfter: new Date(Date.now() + 3_600_000) },
      );
      await server.db.execute(
        sql`update pgboss.job set state = 'failed', output = ${JSON.stringify(output)}::jsonb where id = ${id}::uuid`,
      );
      ids.push(id);
    }
    const listed = await call(server, 'adminJobList', { state: 'parked', size: 200 }, { token: staff });
    const errors = ids.map((id) => listed.body.results!.find((j) => j.id === id)?.error);
    expect(errors).toEqual(reasons.map((r) => r[2]));
  });
});

describe('crash after the effect, before the job was marked done', () => {
  it('the retry finds the effect in the log and does not text again', async () => {
    const shop = await makeCompany(server, '충돌후', 0);
    const name = 'sms.cashCredited';
    // Written to run in an hour, so that the running workers leave it to the "crashing" process.
    const id = await enqueue(
      server.db,
      name,
      { paymentId: 880_020, companyId: shop.companyId, amount: 4_000, balanceAfter: 9_000 },
      { key: 'crash:1', startAfter: new Date(Date.now() + 3600_000) },
    );
    const boss = server.app.jobs.boss;
    // The crashing process takes the job (the update pg-boss's fetch makes: it is now active),
    // texts, records the effect, and dies before completing it.
    const [taken] = await queryRows<{ id: string; data: object; singletonKey: string; retryCount: number }>(
      server.db,
      sql`update pgboss.job set state = 'active', started_on = now() where name = ${name} and id = ${id}::uuid and state < 'active'
          returning id, data, singleton_key as "singletonKey", retry_count as "retryCount"`,
    );
    expect(taken?.id).toBe(id);
    await runHandler(name, taken!, { db: server.db, sms: server.ctx!.sms, log: server.app.log });
    expect(await outboxTexts(server.db, shop.main.phone)).toEqual([cashCreditedText(4_000, 9_000)]);
    expect(await jobState(server.db, name, id)).toBe('active');
    // Its try expires (as pg-boss's maintenance does after expireIn): the job goes back to the queue.
    await server.db.execute(
      sql`update pgboss.job set started_on = now() - interval '1 hour' where name = ${name} and id = ${id}::uuid`,
    );
    await boss.expire();
    server.app.jobs.wake();
    expect(await until('done', async () => (await jobState(server.db, name, id)) === 'completed')).toBe(true);
    expect(await outboxTexts(server.db, shop.main.phone)).toEqual([cashCreditedText(4_000, 9_000)]);
    const [tried] = await queryRows<{ retry_count: number }>(
      server.db,
      sql`select retry_count from pgboss.job where name = ${name} and id = ${id}::uuid`,
    );
    expect(tried!.retry_count).toBe(1);
  });
});

// Two instances share one database only on PostgreSQL (the embedded PGlite belongs to one process); CI sets TEST_DATABASE_URL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('several server instances on one database', () => {
  it('two instances share 120 jobs: each runs exactly once, and both take some', async () => {
    const shop = await makeCompany(server, '두서버', 0);
    const other = await secondInstance({ JOBS_BATCH_SIZE: '4' });
    const taken = { a: 0, b: 0 };
    const restore = [
      wrapSend(server.ctx!.sms, shop, () => (taken.a += 1)),
      wrapSend(other.ctx.sms, shop, () => (taken.b += 1)),
    ];
    try {
      const N = 120;
      // One transaction writes them all; amounts are distinct, so each text names its job.
      await server.db.transaction(async (tx) => {
        for (let i = 0; i < N; i++) {
          await enqueue(
            tx,
            'sms.cashCredited',
            { paymentId: 890_000 + i, companyId: shop.companyId, amount: 1_000 + i, balanceAfter: 1_000 + i },
            { key: `pair:${i}` },
          );
        }
      });
      server.app.jobs.wake();
      other.app.jobs.wake();
      await until('all texts', async () => (await outboxTexts(server.db, shop.main.phone)).length >= N, 30_000);
      const texts = await outboxTexts(server.db, shop.main.phone);
      expect(texts.sort()).toEqual(Array.from({ length: N }, (_, i) => cashCreditedText(1_000 + i, 1_000 + i)).sort());
      expect(taken.a + taken.b).toBe(N);
      expect(taken.a).toBeGreaterThan(0);
      expect(taken.b).toBeGreaterThan(0);
    } finally {
      restore.forEach((r) => r());
      await other.app.close();
      await other.database.close();
    }
  });
});

// pg-boss marks every job of a batch done when the batch ends; a failure recorded mid-batch was taken
// by the other instance, whose failing try was then marked done by this one (docs/architecture.md#jobs).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a failed try while the rest of its batch runs', () => {
  it("stays with its batch: the other instance's later failing try is not marked done, and a third try sends", async () => {
    const failing = await makeCompany(server, '배치실패', 0);
    const slow = await makeCompany(server, '배치느림', 0);
    const other = await secondInstance({});
    const tries: string[] = [];
    let secondTryStarted = false;
    let slowDone = false;
    const failingTry = async () => {
      tries.push('try');
      if (tries.length === 1) throw new Error('첫 시도 실패');
      if (tries.length === 2) {
        secondTryStarted = true;
        // Fails once this instance's batch has ended (the slow job returned, and a moment after).
        await until('the slow job done', async () => slowDone, 20_000);
        await new Promise((r) => setTimeout(r, 500));
        throw new Error('둘째 시도 실패');
      }
    };
    const slowTry = async () => {
      // Keeps the batch open until the failed job's second try has begun elsewhere, or 3 s.
      await until('second try', async () => secondTryStarted, 3_000).catch(() => false);
      slowDone = true;
    };
    const restore = [
      interceptSms(server.ctx!.sms, failing.main.phone, failingTry),
      interceptSms(other.ctx.sms, failing.main.phone, failingTry),
      interceptSms(server.ctx!.sms, slow.main.phone, slowTry),
      interceptSms(other.ctx.sms, slow.main.phone, slowTry),
    ];
    try {
      // One transaction, so one fetch takes both into one batch.
      const [failingId, slowId] = await server.db.transaction(async (tx) => [
        await enqueue(
          tx,
          'sms.cashCredited',
          { paymentId: 895_001, companyId: failing.companyId, amount: 4_100, balanceAfter: 4_100 },
          { key: 'batch-fail:1' },
        ),
        await enqueue(
          tx,
          'sms.cashCredited',
          { paymentId: 895_002, companyId: slow.companyId, amount: 4_200, balanceAfter: 4_200 },
          { key: 'batch-fail:2' },
        ),
      ]);
      server.app.jobs.wake();
      other.app.jobs.wake();
      expect(
        await until('sent', async () => (await outboxTexts(server.db, failing.main.phone)).length > 0, 20_000),
      ).toBe(true);
      expect(tries).toEqual(['try', 'try', 'try']);
      expect(await outboxTexts(server.db, failing.main.phone)).toEqual([cashCreditedText(4_100, 4_100)]);
      expect(await outboxTexts(server.db, slow.main.phone)).toEqual([cashCreditedText(4_200, 4_200)]);
      expect(
        await until('done', async () => (await jobState(server.db, 'sms.cashCredited', failingId)) === 'completed'),
      ).toBe(true);
      expect(await jobState(server.db, 'sms.cashCredited', slowId)).toBe('completed');
    } finally {
      restore.forEach((r) => r());
      await other.app.close();
      await other.database.close();
    }
  });
});

/** Counts (and slows a little) the texts a provider sends to one company's main account. */
function wrapSend(sms: Pick<SmsProvider, 'send'>, shop: TestCompany, onSend: () => void, waitMs = 5) {
  return interceptSms(sms, shop.main.phone, async () => {
    onSend();
    await new Promise((r) => setTimeout(r, waitMs));
  });
}

describe('stopping the server with jobs in flight', () => {
  // Each on a server of its own, so that no other instance takes the jobs.
  it('jobs running when the stop begins finish and are done; the stop ends well within its deadline', async () => {
    const own = await startTestServer({ seed: false, env: FAST });
    try {
      const shop = await makeCompany(own, '종료중', 0);
      let started = 0;
      wrapSend(own.ctx!.sms, shop, () => (started += 1), 1500);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          await enqueue(
            own.db,
            'sms.cashCredited',
            { paymentId: 891_000 + i, companyId: shop.companyId, amount: 500 + i, balanceAfter: 500 + i },
            { key: `stop:${i}` },
          ),
        );
      own.app.jobs.wake();
      await until('three running', async () => started === 3);
      const t0 = Date.now();
      await own.app.close();
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(await Promise.all(ids.map((id) => jobState(own.db, 'sms.cashCredited', id)))).toEqual([
        'completed',
        'completed',
        'completed',
      ]);
      expect((await outboxTexts(own.db, shop.main.phone)).length).toBe(3);
    } finally {
      await own.close();
    }
  });

  it('a job longer than the stop timeout is given back to the queue, not lost, and the stop still ends', async () => {
    const own = await startTestServer({ seed: false, env: { ...FAST, JOBS_STOP_TIMEOUT_MS: '1000' } });
    try {
      const shop = await makeCompany(own, '종료초과', 0);
      let started = 0;
      wrapSend(own.ctx!.sms, shop, () => (started += 1), 4000);
      const id = await enqueue(
        own.db,
        'sms.cashCredited',
        { paymentId: 892_000, companyId: shop.companyId, amount: 600, balanceAfter: 600 },
        { key: 'stop-long:1' },
      );
      own.app.jobs.wake();
      await until('running', async () => started === 1);
      const t0 = Date.now();
      await own.app.close();
      expect(Date.now() - t0).toBeLessThan(3500);
      // Failed back as a try of its own: waiting for its next try, which another process makes.
      const [row] = await queryRows<{ state: string; message: string }>(
        own.db,
        sql`select state::text as state, output->>'value' as message from pgboss.job where id = ${id}::uuid`,
      );
      expect(row).toEqual({ state: 'retry', message: 'pg-boss shut down while active' });
    } finally {
      await own.close();
    }
  });
});

describe('on the embedded PGlite (no DATABASE_URL)', () => {
  it('a job committed with its credit runs once, a rolled-back one never exists, a failing one parks', async () => {
    const database = await openDatabase(null, 'memory://');
    const config = {
      ...loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', UPLOAD_DIR: '', ...FAST }),
      databaseUrl: null,
      webDist: '/nonexistent',
      redisUrl: null,
    };
    const { app, ctx } = await buildApp({ config, db: database.db, logger: false });
    try {
      expect(database.kind).toBe('pglite');
      const lite = { db: database.db } as TestServer;
      const shop = await makeCompany(lite, '내장DB', 0);
      const failing = await makeCompany(lite, '내장실패', 0);
      let failedTries = 0;
      interceptSms(ctx.sms, failing.main.phone, () => {
        failedTries += 1;
        throw new Error('문자 서버 오류');
      });
      await expect(
        database.db.transaction(async (tx) => {
          await credit(tx, { companyId: shop.companyId, amount: 9_000, type: 'point', memberId: null, note: '롤백' });
          await enqueue(
            tx,
            'sms.cashCredited',
            { paymentId: 1, companyId: shop.companyId, amount: 9_000, balanceAfter: 9_000 },
            { key: 'lite:rolled-back' },
          );
          throw new Error('crash');
        }),
      ).rejects.toThrow('crash');
      const done = await database.db.transaction(async (tx) => {
        const balanceAfter = await credit(tx, {
          companyId: shop.companyId,
          amount: 8_000,
          type: 'point',
          memberId: null,
          note: '커밋',
        });
        return enqueue(
          tx,
          'sms.cashCredited',
          { paymentId: 2, companyId: shop.companyId, amount: 8_000, balanceAfter },
          { key: 'lite:committed' },
        );
      });
      const parked = await enqueue(
        database.db,
        'sms.cashCredited',
        { paymentId: 3, companyId: failing.companyId, amount: 1_000, balanceAfter: 1_000 },
        { key: 'lite:failing' },
      );
      app.jobs.wake();
      await until(
        'both settled',
        async () =>
          (await jobState(database.db, 'sms.cashCredited', done)) === 'completed' &&
          (await jobState(database.db, 'sms.cashCredited', parked)) === 'failed',
      );
      expect(await outboxTexts(database.db, shop.main.phone)).toEqual([cashCreditedText(8_000, 8_000)]);
      expect([await jobCount(database.db, 'lite:rolled-back'), failedTries]).toEqual([0, 3]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
