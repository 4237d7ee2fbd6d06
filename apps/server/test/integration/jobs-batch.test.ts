import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db, type Tx } from '../../src/db/client.js';
import { enqueue, jobId } from '../../src/features/jobs/index.js';
import { batchJobs } from '../../src/shared/job-queue.js';
import { startTestServer, type TestServer } from '../helpers.js';

/**
 * Jobs written together (shared/job-queue.ts batchJobs): held until the batch's work ends, then
 * written in one statement inside the same transaction, so they commit or roll back with the change;
 * the same event twice is one job; a kind without a queue is refused, as a single job's is.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(async () => {
  await server?.close();
});

const LATER = new Date('2031-05-06T07:08:09.000Z');
type JobRow = { name: string; key: string; data: unknown; startAfter: string };
const jobsWithKeyPrefix = (db: Db | Tx, prefix: string) =>
  queryRows<JobRow>(
    db,
    sql`select name, singleton_key as key, data, to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as "startAfter"
      from pgboss.job where singleton_key like ${prefix + '%'} order by name`,
  );

describe('batchJobs', () => {
  it('holds the jobs until the work ends, then writes them all in its transaction', async () => {
    const seen: number[] = [];
    await server.db.transaction((tx) =>
      batchJobs(tx, async () => {
        await enqueue(tx, 'tracking.register', { shipmentId: 71 }, { key: 'batch-a:shipment:71', startAfter: LATER });
        await enqueue(tx, 'taxInvoice.issue', { invoiceId: 72 }, { key: 'batch-a:invoice:72', startAfter: LATER });
        await enqueue(
          tx,
          'sms.cashCredited',
          { paymentId: 73, companyId: 1, amount: 5_000, balanceAfter: 9_000 },
          { key: 'batch-a:payment:73', startAfter: LATER },
        );
        seen.push((await jobsWithKeyPrefix(tx, 'batch-a:')).length);
      }).then(async () => seen.push((await jobsWithKeyPrefix(tx, 'batch-a:')).length)),
    );
    // None while the work ran, all three before the commit.
    expect(seen).toEqual([0, 3]);
    expect(await jobsWithKeyPrefix(server.db, 'batch-a:')).toEqual([
      {
        name: 'sms.cashCredited',
        key: 'batch-a:payment:73',
        data: { paymentId: 73, companyId: 1, amount: 5_000, balanceAfter: 9_000 },
        startAfter: '2031-05-06T07:08:09',
      },
      {
        name: 'taxInvoice.issue',
        key: 'batch-a:invoice:72',
        data: { invoiceId: 72 },
        startAfter: '2031-05-06T07:08:09',
      },
      {
        name: 'tracking.register',
        key: 'batch-a:shipment:71',
        data: { shipmentId: 71 },
        startAfter: '2031-05-06T07:08:09',
      },
    ]);
    const [ids] = await queryRows<{ id: string }>(
      server.db,
      sql`select id::text as id from pgboss.job where singleton_key = 'batch-a:invoice:72'`,
    );
    expect(ids!.id).toBe(jobId('taxInvoice.issue', 'batch-a:invoice:72'));
  });

  it('rolls back with its change', async () => {
    await expect(
      server.db.transaction((tx) =>
        batchJobs(tx, async () => {
          await enqueue(tx, 'tracking.register', { shipmentId: 81 }, { key: 'batch-b:shipment:81', startAfter: LATER });
          await enqueue(tx, 'taxInvoice.issue', { invoiceId: 82 }, { key: 'batch-b:invoice:82', startAfter: LATER });
          throw new Error('the change failed');
        }),
      ),
    ).rejects.toThrow('the change failed');
    expect(await jobsWithKeyPrefix(server.db, 'batch-b:')).toEqual([]);
  });

  it('writes the same event once, in the batch and across batches', async () => {
    for (let i = 0; i < 2; i++) {
      await server.db.transaction((tx) =>
        batchJobs(tx, async () => {
          await enqueue(tx, 'tracking.register', { shipmentId: 91 }, { key: 'batch-c:shipment:91', startAfter: LATER });
          await enqueue(tx, 'tracking.register', { shipmentId: 91 }, { key: 'batch-c:shipment:91', startAfter: LATER });
        }),
      );
    }
    expect((await jobsWithKeyPrefix(server.db, 'batch-c:')).map((j) => j.key)).toEqual(['batch-c:shipment:91']);
  });

  // Last in the file: it takes a queue away from this file's own database.
  it('refuses a kind whose queue this database does not have, and writes nothing', async () => {
    await server.app.jobs.boss.deleteQueue('sms.restock');
    await expect(
      server.db.transaction((tx) =>
        batchJobs(tx, async () => {
          await enqueue(
            tx,
            'tracking.register',
            { shipmentId: 101 },
            { key: 'batch-d:shipment:101', startAfter: LATER },
          );
          await enqueue(tx, 'sms.restock', { productId: 5, memberIds: [6, 7] }, { key: 'batch-d:product:5' });
        }),
      ),
    ).rejects.toThrow("jobs: no queue 'sms.restock'");
    expect(await jobsWithKeyPrefix(server.db, 'batch-d:')).toEqual([]);
  });
});
