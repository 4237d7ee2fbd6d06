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
import { batchJobs, enqueue } from '../../shared/job-queue.js';

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

/**
 * `onStockRaised` for many products moved in one write (a CSV import's 5,000 lines): the requests of
 * every product restocked (0 to more) ended in one statement, and their jobs, one per product as
 * `onStockRaised` writes it, written together in one. Call under the rows' locks, as `onStockRaised`.
 */
export async function onStocksRaised(
  tx: Tx,
  moves: readonly { productId: number; before: number; after: number }[],
): Promise<void> {
  const restocked = moves.filter((m) => m.before === 0 && m.after > 0).map((m) => m.productId);
  if (restocked.length === 0) return;
  const ended = await tx
    .delete(restockAlerts)
    .where(sql`${restockAlerts.productId} = any(${sql.param(restocked)}::int[])`)
    .returning({
      productId: restockAlerts.productId,
      memberId: restockAlerts.memberId,
      us: sql<string>`(extract(epoch from clock_timestamp()) * 1000000)::bigint::text`,
    });
  // Each product's event is named by the instant its first request was ended, as `onStockRaised` names it.
  const byProduct = new Map<number, { us: string; memberIds: number[] }>();
  for (const r of ended) {
    const event = byProduct.get(r.productId) ?? { us: r.us, memberIds: [] };
    event.memberIds.push(r.memberId);
    byProduct.set(r.productId, event);
  }
  if (byProduct.size === 0) return;
  await batchJobs(tx, async () => {
    for (const [productId, { us, memberIds }] of byProduct)
      await enqueue(
        tx,
        'sms.restock',
        { productId, memberIds: memberIds.sort((a, b) => a - b) },
        { key: `product:${productId}:${us}` },
      );
  });
}
