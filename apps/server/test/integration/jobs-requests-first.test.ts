import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/client.js';
import { smsOutbox } from '../../src/db/schema.js';
import { yieldingDatabase } from '../../src/db/yielding.js';
import { enqueue } from '../../src/features/jobs/index.js';
import { startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * The requests go first (docs/performance.md#jobs): a job taken while requests keep coming waits
 * for a pause in them (JOBS_QUIET_MS), at most JOBS_MAX_DEFER_MS; the workers' own database handle
 * starts a statement only when the gate lets it, except inside a transaction already begun.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

const FAST = { JOBS_POLL_SECONDS: '0.5', JOBS_RETRY_DELAY_SECONDS: '1', JOBS_RETRY_BACKOFF: 'false' };

const jobState = async (db: Db, id: string) =>
  (
    await queryRows<{ state: string }>(
      db,
      sql`select state::text as state from pgboss.job where name = 'sms.cashCredited' and id = ${id}::uuid`,
    )
  )[0]?.state ?? null;
const textsTo = async (db: Db, phone: string) =>
  (await db.select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).map((r) => r.text);

/** Requests to the server one after another, with no pause between them, until stopped. */
function steadyRequests(server: TestServer) {
  let going = true;
  let answered = 0;
  const loop = (async () => {
    while (going) {
      const res = await fetch(`${server.base}/healthz`);
      await res.arrayBuffer();
      answered += 1;
    }
  })();
  return {
    answered: () => answered,
    stop: async () => {
      going = false;
      await loop;
    },
  };
}

async function creditJob(server: TestServer, label: string, paymentId: number) {
  const shop = await makeCompany(server, label, 0);
  const id = await enqueue(
    server.db,
    'sms.cashCredited',
    { paymentId, companyId: shop.companyId, amount: 4_000, balanceAfter: 4_000 },
    { key: `requests-first:${paymentId}` },
  );
  server.app.jobs.wake();
  return { id, phone: shop.main.phone };
}

describe('a job taken while requests keep coming', () => {
  it('is held until the requests pause, then sent once', async () => {
    // A pause of a whole second never happens inside the loop of requests below.
    const server = await startTestServer({ env: { ...FAST, JOBS_QUIET_MS: '1000', JOBS_MAX_DEFER_MS: '60000' } });
    servers.push(server);
    const requests = steadyRequests(server);
    let job: Awaited<ReturnType<typeof creditJob>>;
    try {
      job = await creditJob(server, '요청먼저', 881_001);
      await until('taken', async () => (await jobState(server.db, job.id)) === 'active', 15_000);
      // Taken by the worker and held: nothing sent while the requests come.
      await until('more requests', async () => requests.answered() > 20);
      expect(await jobState(server.db, job.id)).toBe('active');
      expect(await textsTo(server.db, job.phone)).toEqual([]);
    } finally {
      await requests.stop();
    }
    await until('sent', async () => (await jobState(server.db, job.id)) === 'completed', 15_000);
    expect(await textsTo(server.db, job.phone)).toEqual([
      '[파츠몰] 캐시 4,000원이 충전되었습니다. 충전 후 잔액은 4,000원입니다.',
    ]);
  });

  it('goes out after JOBS_MAX_DEFER_MS even if the requests never pause', async () => {
    const server = await startTestServer({ env: { ...FAST, JOBS_QUIET_MS: '1000', JOBS_MAX_DEFER_MS: '300' } });
    servers.push(server);
    const requests = steadyRequests(server);
    try {
      const job = await creditJob(server, '최대지연', 881_002);
      await until('sent', async () => (await jobState(server.db, job.id)) === 'completed', 15_000);
      const sentAt = requests.answered();
      // Still coming: the job did not wait for them to end.
      await until('requests after the send', async () => requests.answered() > sentAt + 5);
      expect(await textsTo(server.db, job.phone)).toEqual([
        '[파츠몰] 캐시 4,000원이 충전되었습니다. 충전 후 잔액은 4,000원입니다.',
      ]);
    } finally {
      await requests.stop();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the workers’ database handle (PostgreSQL)', () => {
  it('starts a statement or a transaction only when the gate opens; a transaction’s own statements never wait', async () => {
    const server = await startTestServer({ seed: false });
    servers.push(server);
    let open: () => void = () => undefined;
    let closed: Promise<void> | null = null;
    const close = () => (closed = new Promise<void>((resolve) => (open = resolve)));
    const workers = yieldingDatabase(server.db, () => closed, 2);
    try {
      const order: string[] = [];
      close();
      const statement = workers.db.execute(sql`select 1 as one`).then(() => order.push('statement'));
      const transaction = workers.db
        .transaction(async (tx) => {
          // The gate is shut again inside the transaction: its statements still run.
          close();
          await tx.execute(sql`select 2 as two`);
          await tx.execute(sql`select 3 as three`);
          order.push('transaction');
          open();
        })
        .then(() => undefined);
      // Let both reach the gate; neither may have run.
      await new Promise((r) => setTimeout(r, 50));
      order.push('gate opens');
      open();
      await Promise.all([statement, transaction]);
      expect(order[0]).toBe('gate opens');
      expect(order.slice(1).sort()).toEqual(['statement', 'transaction']);
      // With the gate open (null), statements go at once.
      closed = null;
      expect(await queryRows<{ n: number }>(workers.db, sql`select 4::int as n`)).toEqual([{ n: 4 }]);
    } finally {
      await workers.close();
    }
  });
});
