import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { cartItems } from './schema.js';

/** What other features ask of the cart's table (docs/architecture.md#the-database). */

/** Empties a company's cart (a withdrawal, docs/requirements.md#retention). */
export async function forgetCart(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.companyId, companyId));
}
