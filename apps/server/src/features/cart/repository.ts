import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { cartItems } from './schema.js';

/** What other features ask of the cart's table (docs/architecture.md#the-database). */

/** Empties a company's cart (a withdrawal, docs/requirements.md#retention). */
export async function forgetCart(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.companyId, companyId));
}

/** What a member's cart holds of these products (one line at most per product, cart_items_member_product). */
export function cartQuantities(tx: Tx, memberId: number, productIds: number[]) {
  return tx
    .select({ productId: cartItems.productId, qty: cartItems.qty })
    .from(cartItems)
    .where(and(eq(cartItems.memberId, memberId), inArray(cartItems.productId, productIds)));
}

/** Adds lines to a member's cart: quantities add up; a memo and a job reference replace the line's when given. */
export async function addCartLines(
  tx: Tx,
  buyer: { memberId: number; companyId: number },
  lines: { productId: number; qty: number; memo: string; jobRef: string }[],
): Promise<void> {
  await tx
    .insert(cartItems)
    .values(lines.map((l) => ({ memberId: buyer.memberId, companyId: buyer.companyId, ...l })))
    .onConflictDoUpdate({
      target: [cartItems.memberId, cartItems.productId],
      set: {
        qty: sql`${cartItems.qty} + excluded.qty`,
        memo: sql`case when excluded.memo <> '' then excluded.memo else ${cartItems.memo} end`,
        jobRef: sql`case when excluded.job_ref <> '' then excluded.job_ref else ${cartItems.jobRef} end`,
      },
    });
}

/** Removes these lines of a member's cart (paid: they left the cart with the order); how many it removed. */
export async function removeCartLines(tx: Tx, memberId: number, lineIds: number[]): Promise<number> {
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.memberId, memberId), inArray(cartItems.id, lineIds)))
    .returning({ id: cartItems.id });
  return removed.length;
}
