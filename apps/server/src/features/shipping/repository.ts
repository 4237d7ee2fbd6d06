import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { shippingAddresses } from './schema.js';

/** The address book's reads other features share (docs/architecture.md#the-database). */

/** How many delivery addresses a company saved. */
export async function addressCount(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** Forgets a company's delivery addresses (its withdrawal, docs/requirements.md#retention). */
export async function forgetAddresses(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(shippingAddresses).where(eq(shippingAddresses.companyId, companyId));
}
