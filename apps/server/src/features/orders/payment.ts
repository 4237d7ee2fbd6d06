import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  MSG_ORDER,
  ORDER_STATUS,
  shippingFee,
  tierPrice,
  type ChangedPrices,
  type PaymentRequest,
  type PaymentResult,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { removeCartLines } from '../cart/repository.js';
import { deliveryOptionsSql } from '../mall/repository.js';
import { companyLevelSql, companyPoint, companyWithdrawnShared } from '../members/repository.js';
import { lockProductsForPayment, takeStock } from '../products/repository.js';
import { orderEvents, orderLines, orders } from './schema.js';
import type { EventSink } from '../../shared/events.js';
import { AppError, badRequest, notFound, unauthorized } from '../../shared/http.js';
import { debit } from '../wallet/index.js';
import { chargeCreditOrder, holdAfterRefusal } from '../credit/index.js';
import { notifyOrderPaid } from '../notify/index.js';
import { linesForPayment, type Buyer } from '../cart/index.js';
import { checkOffered, deliveryOptionsOf } from '../shipping/index.js';
import type { z } from 'zod';
import type { paymentRequest } from '@partsmall/contract';

type ParsedPayment = z.output<typeof paymentRequest>;

/** What a payment reads of a cart line it pays. */
type PaidCartLine = Pick<
  Awaited<ReturnType<typeof linesForPayment>>[number],
  'id' | 'productId' | 'vin' | 'memo' | 'jobRef'
>;

export type { PaymentResult };

/**
 * Pays one order from the company's cash, in one transaction (docs/requirements.md#cart-and-checkout): every product row is
 * locked in id order (with the company's price level read alongside); the order row then claims
 * the client request id, so a repeat that waited on those locks finds the paid order and stops;
 * stock is checked and lowered in one statement, the wallet debits the balance and writes its
 * ledger row in one statement that cannot go below zero, and the lines and the status event are
 * written in one statement.
 * Any failure rolls all of it back. Each step is one round trip: the busiest write of the shop.
 */
export async function payOrder(db: Db, events: EventSink, buyer: Buyer, req: ParsedPayment): Promise<PaymentResult> {
  // Without the client's request id (the original client's payload has none) the order gets an id of its own,
  // which no other request can repeat: no deduplication then.
  const requestId = req.clientRequestId ?? `server:${randomUUID()}`;
  const answered = req.clientRequestId !== undefined ? { clientRequestId: req.clientRequestId } : {};
  try {
    return await payOnce(db, events, buyer, req, requestId, answered);
  } catch (err) {
    // A credit checkout refused for an overdue statement holds the account, written now that the
    // order's transaction has rolled back (docs/requirements.md#overdue).
    await holdAfterRefusal(db, err);
    // A repeat of a payment already made (its answer was lost) may be refused before its claim
    // finds the order: the cart lines it paid are gone, or the shop changed since (a product
    // hidden, the delivery options). Such a refusal answers the paid order instead; the paying
    // path itself asks nothing more.
    if (!(err instanceof AppError) || req.clientRequestId === undefined) throw err;
    const paid = await repeatedAnswer(db, buyer, requestId, answered);
    if (paid) return paid;
    throw err;
  }
}

async function payOnce(
  db: Db,
  events: EventSink,
  buyer: Buyer,
  req: ParsedPayment,
  requestId: string,
  answered: { clientRequestId?: string },
): Promise<PaymentResult> {
  const cartSeqs = req.carts.filter((c) => c.seq !== undefined).map((c) => c.seq!);
  const cart = cartSeqs.length > 0 ? await linesForPayment(db, buyer, cartSeqs) : [];
  const { wanted, vins, notes, shown, order } = mergeRequested(req.carts, cart);
  const productIds = [...wanted.keys()].sort((a, b) => a - b);
  const s = req.shippingInfo;
  const fee = shippingFee(s.shippingPayType);

  const outcome = await db.transaction(async (tx) => {
    // The company's price level and the warehouse's delivery options come along in the same round trip.
    const locked = await lockProductsForPayment(tx, productIds, {
      level: companyLevelSql(buyer.companyId),
      deliveryOptions: deliveryOptionsSql(),
    });
    if (locked.length !== productIds.length) throw badRequest(MSG_ORDER.productGone, 'carts');
    const storageIds = new Set(locked.map((p) => p.storageId));
    if (storageIds.size > 1) throw badRequest(MSG_ORDER.oneWarehouse, 'carts');
    checkOffered(
      deliveryOptionsOf({ deliveryOptions: locked[0]!.deliveryOptions }),
      { storageId: locked[0]!.storageId, stockName: locked[0]!.stockName },
      s,
    );
    const level = locked[0]!.level;
    // Locked in id order; written in the cart's order (docs/requirements.md#cart-and-checkout): a
    // quick order's lines reach the order and its 거래명세서 as the estimate listed them.
    const byId = new Map(locked.map((p) => [p.id, p]));
    const lines = order.map((id) => {
      const p = byId.get(id)!;
      const price = tierPrice(p, level);
      return { product: p, qty: wanted.get(p.id)!, price };
    });
    refuseChangedPrices(lines, shown);
    const goods = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
    const total = goods + fee;
    const first = locked[0]!;
    // Its session was checked before: a withdrawal that committed since ended it, and its company takes no
    // order after (docs/requirements.md#withdrawal). One that comes later waits for this order and counts it.
    if (await companyWithdrawnShared(tx, buyer.companyId)) throw unauthorized();

    const [claimed] = await tx
      .insert(orders)
      .values(newOrder(buyer, req, requestId, first, goods, fee))
      .onConflictDoNothing({ target: [orders.companyId, orders.clientRequestId] })
      .returning({ id: orders.id });
    // Paid before (or a moment ago by a parallel copy): nothing more is charged.
    if (!claimed) return { repeated: true as const };

    for (const l of lines)
      if (l.product.hasAmount < l.qty)
        throw badRequest(MSG_ORDER.soldOut(l.product.name, l.product.hasAmount), 'carts');
    // One statement for every line: each product's stock less its own quantity.
    await takeStock(
      tx,
      lines.map((l) => ({ productId: l.product.id, qty: l.qty })),
    );
    // The cash balance debited, or 외상 charged to receivables under the account's lock.
    const point = await chargeOrder(tx, buyer, req.payWith, claimed.id, total);

    await tx.insert(orderLines).values(
      lines.map((l) => ({
        orderId: claimed.id,
        productId: l.product.id,
        name: l.product.name,
        pid: l.product.pid,
        factoryNum: l.product.factoryNum,
        qty: l.qty,
        price: l.price,
        vin: vins.get(l.product.id) ?? null,
        memo: notes.get(l.product.id)?.memo ?? '',
        jobRef: notes.get(l.product.id)?.jobRef ?? '',
      })),
    );
    await tx.insert(orderEvents).values({
      orderId: claimed.id,
      fromStatus: null,
      toStatus: ORDER_STATUS.purchaseRequest,
      memberId: buyer.memberId,
    });
    // The 알림톡 is a job of the payment's transaction: paid and told, or neither.
    await notifyOrderPaid(tx, {
      orderId: claimed.id,
      companyId: buyer.companyId,
      names: lines.map((l) => l.product.name),
      amount: total,
      paidAt: new Date(),
    });
    // The lines were read before the product locks: a payment of the same lines from another tab
    // (its own request id) may have taken them since. Only the one that removes them pays.
    if (cartSeqs.length > 0 && (await removeCartLines(tx, buyer.memberId, cartSeqs)) !== new Set(cartSeqs).size)
      throw notFound(MSG_ORDER.cartLineNotFound);
    return {
      repeated: false as const,
      orderSeq: claimed.id,
      totalAmount: goods,
      shipping: fee,
      point,
      ...paidWith(req.payWith ?? 'cash'),
    };
  });

  if (!outcome.repeated) {
    // The paid cart lines left the cart in the same transaction: one event tells both.
    await events.publish({
      type: 'orderPlaced',
      companyId: buyer.companyId,
      memberId: buyer.memberId,
      orderSeq: outcome.orderSeq,
      totalAmount: outcome.totalAmount,
    });
    return { ...outcome, ...answered };
  }
  // Paid a moment ago by a parallel copy, whose order row this one's claim found.
  return (await repeatedAnswer(db, buyer, requestId, answered))!;
}

/**
 * The requested items merged by product: cart lines (seq) and direct items (productId), each
 * product's quantities summed. The vehicle each product was picked for (cart line or 'buy now'
 * item) is carried to the order line, and so are a cart line's memo and job reference
 * (docs/requirements.md#job-reference); the first one given for a product counts. `order` is the
 * products in the order their lines are written: as the cart lists its lines (by cart line, so a
 * quick order's lines keep their estimate's order, docs/requirements.md#cart-and-checkout), whatever order
 * the client sent them in, then direct items as sent.
 */
export function mergeRequested(carts: ParsedPayment['carts'], cart: readonly PaidCartLine[]) {
  const wanted = new Map<number, number>();
  const vins = new Map<number, string>();
  const notes = new Map<number, { memo: string; jobRef: string }>();
  const shown = new Map<number, number[]>();
  // Each product's place: [0, cart line id] for a cart line, [1, its index in the request] for a
  // direct item; the lowest counts.
  const place = new Map<number, [number, number]>();
  for (const [index, c] of carts.entries()) {
    const line = c.seq !== undefined ? cart.find((l) => l.id === c.seq)! : null;
    const productId = line ? line.productId : c.productId;
    if (productId === undefined) throw badRequest(MSG_ORDER.selectProduct, 'carts');
    const at: [number, number] = line ? [0, line.id] : [1, index];
    const before = place.get(productId);
    if (!before || at[0] < before[0] || (at[0] === before[0] && at[1] < before[1])) place.set(productId, at);
    wanted.set(productId, (wanted.get(productId) ?? 0) + c.qty);
    if (c.price !== undefined) shown.set(productId, [...(shown.get(productId) ?? []), c.price]);
    const vin = line?.vin ?? c.vin;
    if (vin && !vins.has(productId)) vins.set(productId, vin);
    if (line && (line.memo || line.jobRef) && !notes.has(productId))
      notes.set(productId, { memo: line.memo, jobRef: line.jobRef });
  }
  const order = [...place].sort(([, a], [, b]) => a[0] - b[0] || a[1] - b[1]).map(([productId]) => productId);
  return { wanted, vins, notes, shown, order };
}

/**
 * A price the buyer was shown that is no longer the company's price refuses the payment, the first
 * such product named, with every line's current price (docs/requirements.md#cart-and-checkout): the
 * buyer pays only what the pay button said. A request without prices (the original client's) is
 * charged the current prices, as before.
 */
function refuseChangedPrices(
  lines: readonly { product: { id: number; name: string }; price: number }[],
  shown: ReadonlyMap<number, readonly number[]>,
): void {
  for (const l of lines) {
    const differs = shown.get(l.product.id)?.find((price) => price !== l.price);
    if (differs === undefined) continue;
    const prices: ChangedPrices = { prices: lines.map((x) => ({ productId: x.product.id, price: x.price })) };
    throw new AppError(409, MSG_ORDER.priceChanged(l.product.name, differs, l.price), 409, 'carts', prices);
  }
}

/** The order row a payment claims: who buys, the client's request id, the warehouse, the amounts and the delivery. */
function newOrder(
  buyer: Buyer,
  req: ParsedPayment,
  requestId: string,
  warehouse: { storageId: number; stockName: string },
  goods: number,
  fee: number,
): typeof orders.$inferInsert {
  const s = req.shippingInfo;
  return {
    companyId: buyer.companyId,
    memberId: buyer.memberId,
    clientRequestId: requestId,
    storageId: warehouse.storageId,
    stockName: warehouse.stockName,
    totalAmount: goods,
    shipping: fee,
    shippingValue: s.shippingValue,
    shippingPayType: s.shippingPayType,
    arrive: s.arrive,
    name: s.name,
    phone: s.phone,
    postNum: s.postNum,
    address: s.address,
    addrSub: s.addrSub,
    memo: s.memo,
    directDeli: s.directDeli,
    fromName: s.fromName,
    fromPhone: s.fromPhone,
    receiverIsSelfQuick: s.receiverIsSelfQuick,
    jobRef: req.jobRef ?? '',
    payWith: req.payWith ?? 'cash',
  };
}

/**
 * Charges the order's total inside the payment's transaction and answers the company's cash after it.
 * 외상 (docs/requirements.md#credit-checkout): a receivables charge under the account's lock, no cash;
 * otherwise the wallet debits the balance and writes its ledger row in one statement.
 */
async function chargeOrder(
  tx: Tx,
  buyer: Buyer,
  payWith: ParsedPayment['payWith'],
  orderId: number,
  total: number,
): Promise<number> {
  if (payWith === 'credit') {
    await chargeCreditOrder(tx, { companyId: buyer.companyId, memberId: buyer.memberId, orderId, amount: total });
    return (await companyPoint(tx, buyer.companyId))!;
  }
  return debit(tx, {
    companyId: buyer.companyId,
    amount: total,
    type: 'order',
    memberId: buyer.memberId,
    note: `주문 #${orderId}`,
  });
}

/** The answer to a request the company paid before, naming that order; null when it has not. */
async function repeatedAnswer(
  db: Db,
  buyer: Buyer,
  requestId: string,
  answered: { clientRequestId?: string },
): Promise<PaymentResult | null> {
  const [existing] = await db
    .select({ id: orders.id, totalAmount: orders.totalAmount, shipping: orders.shipping, payWith: orders.payWith })
    .from(orders)
    .where(and(eq(orders.companyId, buyer.companyId), eq(orders.clientRequestId, requestId)));
  if (!existing) return null;
  const point = (await companyPoint(db, buyer.companyId))!;
  return {
    orderSeq: existing.id,
    ...answered,
    repeated: true,
    totalAmount: existing.totalAmount,
    shipping: existing.shipping,
    point,
    ...paidWith(existing.payWith),
  };
}

/** A payment answer's `payWith`: 'credit' for a 외상 order, absent for cash (docs/requirements.md#credit-checkout). */
function paidWith(payWith: string): Pick<PaymentResult, 'payWith'> {
  return payWith === 'credit' ? { payWith: 'credit' } : {};
}

/**
 * What a payment's answer says: '결제가 완료되었습니다.' for cash; a 외상 order was not paid, it goes on
 * the receivables: '외상으로 주문했습니다.' (docs/requirements.md#credit-checkout).
 */
export function paidMessage(result: Pick<PaymentResult, 'payWith'>): string {
  return result.payWith === 'credit' ? MSG_ORDER.orderedOnCredit : MSG_ORDER.paid;
}

export type { PaymentRequest };
