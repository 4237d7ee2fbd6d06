import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { taxInvoices } from './schema.js';

/** The tax invoices' reads other features share (docs/architecture.md#the-database). */

/** The number of the invoice of a management key (written once per key), or undefined. */
export async function invoiceIdByMgtKey(db: Db | Tx, mgtKey: string): Promise<number | undefined> {
  const [row] = await db.select({ id: taxInvoices.id }).from(taxInvoices).where(eq(taxInvoices.mgtKey, mgtKey));
  return row?.id;
}
