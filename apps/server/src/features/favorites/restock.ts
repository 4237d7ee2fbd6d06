/**
 * 재입고 알림 at the moment of the restock (docs/requirements.md#restock-alerts): every write that
 * raises a product's stock from 0 calls `onStockRaised` in its own transaction. The requests are
 * ended (deleted) and one `sms.restock` job naming the askers is written in that same transaction,
 * so a rolled-back edit texts nobody, a committed one always texts, and a later 0→N reaches only
 * those who asked again. Two edits at once are serialised by the product row's lock: only the first
 * sees the 0.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { restockAlerts } from './schema.js';
import { enqueue } from '../../shared/job-queue.js';

/** Call after the stock of `productId` moved from `before` to `after`, under that row's lock. */
export async function onStockRaised(tx: Tx, productId: number, before: number, after: number): Promise<void> {
  if (before !== 0 || after <= 0) return;
  // The restock's own instant (microseconds of the database clock, read as the requests are ended)
  // names the event: every restock is a job of its own, and the job's effect keys (member:<id>)
  // stay the same across its tries.
  const ended = await tx
    .delete(restockAlerts)
    .where(eq(restockAlerts.productId, productId))
    .returning({
      memberId: restockAlerts.memberId,
      us: sql<string>`(extract(epoch from clock_timestamp()) * 1000000)::bigint::text`,
    });
  const at = ended[0];
  if (!at) return;
  await enqueue(
    tx,
    'sms.restock',
    { productId, memberIds: ended.map((r) => r.memberId).sort((a, b) => a - b) },
    { key: `product:${productId}:${at.us}` },
  );
}
