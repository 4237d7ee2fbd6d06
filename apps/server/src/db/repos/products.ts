import { asc, lte } from 'drizzle-orm';
import type { Db } from '../client.js';
import { products } from '../schema.js';

/** The products aggregate's reads for staff (docs/architecture.md#the-database). */

/** Products with `atMost` or fewer in stock, fewest first. */
export async function lowStock(db: Db, atMost: number, limit: number) {
  return db
    .select({
      seq: products.id,
      name: products.name,
      pid: products.pid,
      hasAmount: products.hasAmount,
      stockName: products.stockName,
    })
    .from(products)
    .where(lte(products.hasAmount, atMost))
    .orderBy(asc(products.hasAmount), asc(products.id))
    .limit(limit);
}
