import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG_QUICK_ORDER, QUICK_ORDER_MAX_QTY } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { pruneBefore } from '../../db/prune.js';
import { AppError } from '../../shared/http.js';
import { cartItems, cartRequests } from './schema.js';

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

/**
 * The most one cart line holds, as checkout takes it (docs/requirements.md#cart-and-checkout): every
 * add goes through addCartLines, which refuses to take a line past it.
 */
export const CART_LINE_MAX = QUICK_ORDER_MAX_QTY;

/** A line to add: a memo and a job reference replace the line's when given; the first vehicle stays. */
export interface CartLineAdd {
  productId: number;
  qty: number;
  memo?: string;
  jobRef?: string;
  vin?: string | null;
}

/**
 * Adds lines to a member's cart, in the caller's transaction: quantities add up (one line per
 * product). A line the add would take past CART_LINE_MAX throws `refuse` of every such line, with
 * what the cart held before, and the caller's transaction rolls the add back: the lines are read as
 * they stand after the add, so two adds at once wait for each other and the second sees the first.
 * Answers each line's quantity now.
 */
export async function addCartLines(
  tx: Tx,
  buyer: { memberId: number; companyId: number },
  lines: CartLineAdd[],
  refuse: (over: { productId: number; inCart: number }[]) => Error,
): Promise<Map<number, number>> {
  const rows = await tx
    .insert(cartItems)
    .values(
      lines.map((l) => ({
        memberId: buyer.memberId,
        companyId: buyer.companyId,
        productId: l.productId,
        qty: l.qty,
        memo: l.memo ?? '',
        jobRef: l.jobRef ?? '',
        vin: l.vin ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [cartItems.memberId, cartItems.productId],
      set: {
        qty: sql`${cartItems.qty} + excluded.qty`,
        memo: sql`case when excluded.memo <> '' then excluded.memo else ${cartItems.memo} end`,
        jobRef: sql`case when excluded.job_ref <> '' then excluded.job_ref else ${cartItems.jobRef} end`,
        vin: sql`coalesce(${cartItems.vin}, excluded.vin)`,
      },
    })
    .returning({ productId: cartItems.productId, qty: cartItems.qty });
  const adding = new Map(lines.map((l) => [l.productId, l.qty]));
  const over = rows
    .filter((r) => r.qty > CART_LINE_MAX)
    .map((r) => ({ productId: r.productId, inCart: r.qty - (adding.get(r.productId) ?? 0) }));
  if (over.length > 0) throw refuse(over);
  return new Map(rows.map((r) => [r.productId, r.qty]));
}

/** Removes these lines of a member's cart (paid: they left the cart with the order); how many it removed. */
export async function removeCartLines(tx: Tx, memberId: number, lineIds: number[]): Promise<number> {
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.memberId, memberId), inArray(cartItems.id, lineIds)))
    .returning({ id: cartItems.id });
  return removed.length;
}

/**
 * A retry comes within seconds or minutes of its request (an answer lost on a phone's network); a
 * week is far longer than any, and short enough that the table stays small.
 */
export const CART_REQUEST_RETENTION_DAYS = 7;

/** What a cart write was asked to do: its call and payload (a request id sent again must carry the same). */
const digestOf = (call: string, payload: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([call, payload]))
    .digest('base64url');

/**
 * Runs a cart write once per member and request id (docs/requirements.md#quick-order), inside the
 * caller's transaction: the first request claims the id and stores its answer when `run` is done; a
 * request with the same id waits for that transaction (the claim's key is locked until then) and gets
 * the stored answer, adding nothing. A first request that failed (409: stock changed) rolled its
 * claim back, so its retry runs afresh. The same id with another call or payload is refused (409).
 * Without an id (the original client), every request is a write of its own.
 */
export async function oncePerRequest<T>(
  tx: Tx,
  memberId: number,
  request: { id: string | undefined; call: string; payload: unknown },
  run: () => Promise<T>,
): Promise<{ answer: T; repeated: boolean }> {
  if (request.id === undefined) return { answer: await run(), repeated: false };
  const key = and(eq(cartRequests.memberId, memberId), eq(cartRequests.requestId, request.id));
  const digest = digestOf(request.call, request.payload);
  const claimed = await tx
    .insert(cartRequests)
    .values({ memberId, requestId: request.id, digest })
    .onConflictDoNothing()
    .returning({ memberId: cartRequests.memberId });
  if (claimed.length === 0) {
    const [first] = await tx
      .select({ digest: cartRequests.digest, answer: cartRequests.answer })
      .from(cartRequests)
      .where(key);
    if (first?.digest !== digest) throw new AppError(409, MSG_QUICK_ORDER.requestReused, 409, 'clientRequestId');
    return { answer: first.answer as T, repeated: true };
  }
  const answer = await run();
  await tx.update(cartRequests).set({ answer }).where(key);
  return { answer, repeated: false };
}

/** Deletes the request ids older than CART_REQUEST_RETENTION_DAYS (the daily retention sweep). */
export const pruneCartRequests = (db: Db, now: Date, batch: number): Promise<number> =>
  pruneBefore(
    db,
    cartRequests,
    sql`${now.toISOString()}::timestamptz - make_interval(days => ${CART_REQUEST_RETENTION_DAYS})`,
    batch,
  );
