import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  MSG_ORDER,
  shippingFee,
  tierPrice,
  type CompanyLevel,
  type PaymentRequest,
  type PaymentResult,
} from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { cartItems, orders } from '../../db/schema.js';
import { publish } from '../../shared/events.js';
import { badRequest } from '../../shared/http.js';
import { debit } from '../wallet/index.js';
import { notifyOrderPaid } from '../notify/index.js';
import { linesForPayment, type Buyer } from '../cart/index.js';
import { checkOffered, deliveryOptionsOf } from '../shipping/index.js';
import type { z } from 'zod';
import type { paymentRequest } from '@partsmall/contract';

type ParsedPayment = z.output<typeof paymentRequest>;

export type { PaymentResult };

interface LockedProduct {
  id: number;
  name: string;
  pid: string;
  factory_num: string;
  has_amount: number;
  stock_name: string;
  storage_id: number;
  price_a: string | number;
  price_b: string | number;
  price_c: string | number;
  price_d: string | number;
  sale_price: string | number;
  company_id: number;
}

/**
 * Pays one order from the company's cash, in one transaction (docs/requirements.md#cart-and-checkout): every product row is
 * locked in id order (with the company's price level read alongside); the order row then claims
 * the client request id, so a repeat that waited on those locks finds the paid order and stops;
 * stock is checked and lowered in one statement, the wallet debits the balance and writes its
 * ledger row in one statement that cannot go below zero, and the lines and the status event are
 * written in one statement.
 * Any failure rolls all of it back. Each step is one round trip: the busiest write of the shop.
 */
export async function payOrder(db: Db, buyer: Buyer, req: ParsedPayment): Promise<PaymentResult> {
  // Merge the requested items by product: cart lines (seq) and direct items (productId).
  const cartSeqs = req.carts.filter((c) => c.seq !== undefined).map((c) => c.seq!);
  const cart = cartSeqs.length > 0 ? await linesForPayment(db, buyer, cartSeqs) : [];
  const wanted = new Map<number, number>();
  // The vehicle each product was picked for (cart line or 'buy now' item), carried to the order line.
  const vins = new Map<number, string>();
  // The memo and job reference of a cart line go with it onto the order line (docs/requirements.md#job-reference).
  const notes = new Map<number, { memo: string; jobRef: string }>();
  for (const c of req.carts) {
    const line = c.seq !== undefined ? cart.find((l) => l.id === c.seq)! : null;
    const productId = line ? line.productId : c.productId;
    if (productId === undefined) throw badRequest(MSG_ORDER.selectProduct, 'carts');
    wanted.set(productId, (wanted.get(productId) ?? 0) + c.qty);
    const vin = line?.vin ?? c.vin;
    if (vin && !vins.has(productId)) vins.set(productId, vin);
    if (line && (line.memo || line.jobRef) && !notes.has(productId))
      notes.set(productId, { memo: line.memo, jobRef: line.jobRef });
  }
  const productIds = [...wanted.keys()].sort((a, b) => a - b);
  // Without the client's request id (the spec's payload has none) the order gets an id of its own,
  // which no other request can repeat: no deduplication then.
  const requestId = req.clientRequestId ?? `server:${randomUUID()}`;
  const answered = req.clientRequestId !== undefined ? { clientRequestId: req.clientRequestId } : {};
  const s = req.shippingInfo;
  const fee = shippingFee(s.shippingPayType);

  const outcome = await db.transaction(async (tx) => {
    // productIds are integers parsed by the contract schema, so the list is safe to inline.
    // The warehouse's delivery options come along in the same round trip.
    const locked = await queryRows<LockedProduct & { level: CompanyLevel; delivery_options: unknown }>(
      tx,
      sql`select id, name, pid, factory_num, has_amount, stock_name, storage_id, price_a, price_b, price_c, price_d, sale_price, company_id,
            (select level from companies where id = ${buyer.companyId}) as level,
            (select data->'deliveryOptions' from mall_config where id = 1) as delivery_options
          from products where id in ${sql.raw(`(${productIds.join(',')})`)} order by id for update`,
    );
    if (locked.length !== productIds.length) throw badRequest(MSG_ORDER.productGone, 'carts');
    const storageIds = new Set(locked.map((p) => p.storage_id));
    if (storageIds.size > 1) throw badRequest(MSG_ORDER.oneWarehouse, 'carts');
    checkOffered(
      deliveryOptionsOf({ deliveryOptions: locked[0]!.delivery_options }),
      { storageId: locked[0]!.storage_id, stockName: locked[0]!.stock_name },
      s,
    );
    const level = locked[0]!.level;
    const lines = locked.map((p) => {
      const price = tierPrice(
        {
          priceA: Number(p.price_a),
          priceB: Number(p.price_b),
          priceC: Number(p.price_c),
          priceD: Number(p.price_d),
          salePrice: Number(p.sale_price),
        },
        level,
      );
      return { product: p, qty: wanted.get(p.id)!, price };
    });
    const goods = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
    const total = goods + fee;
    const first = locked[0]!;

    const [claimed] = await tx
      .insert(orders)
      .values({
        companyId: buyer.companyId,
        memberId: buyer.memberId,
        clientRequestId: requestId,
        storageId: first.storage_id,
        stockName: first.stock_name,
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
      })
      .onConflictDoNothing({ target: [orders.companyId, orders.clientRequestId] })
      .returning({ id: orders.id });
    // Paid before (or a moment ago by a parallel copy): nothing more is charged.
    if (!claimed) return { repeated: true as const };

    for (const l of lines)
      if (l.product.has_amount < l.qty) throw badRequest(MSG_ORDER.soldOut(l.product.name), 'carts');
    const stock = sql.join(
      lines.map((l) => sql`(${l.product.id}::int, ${l.qty}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update products p set has_amount = p.has_amount - v.qty from (values ${stock}) as v(id, qty) where p.id = v.id`,
    );
    const point = await debit(tx, {
      companyId: buyer.companyId,
      amount: total,
      type: 'order',
      memberId: buyer.memberId,
      note: `주문 #${claimed.id}`,
    });

    const lineValues = sql.join(
      lines.map(
        (l) =>
          sql`(${claimed.id}, ${l.product.id}, ${l.product.name}, ${l.product.pid}, ${l.product.factory_num}, ${l.qty}, ${l.price}, ${vins.get(l.product.id) ?? null}::text, ${notes.get(l.product.id)?.memo ?? ''}::text, ${notes.get(l.product.id)?.jobRef ?? ''}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      with lines as (
        insert into order_lines (order_id, product_id, name, pid, factory_num, qty, price, vin, memo, job_ref) values ${lineValues}
      )
      insert into order_events (order_id, from_status, to_status, member_id) values (${claimed.id}, null, 0, ${buyer.memberId})`);
    // The 알림톡 is a job of the payment's transaction: paid and told, or neither.
    await notifyOrderPaid(tx, {
      orderId: claimed.id,
      companyId: buyer.companyId,
      names: lines.map((l) => l.product.name),
      amount: total,
      paidAt: new Date(),
    });
    if (cartSeqs.length > 0) {
      await tx.delete(cartItems).where(and(eq(cartItems.memberId, buyer.memberId), inArray(cartItems.id, cartSeqs)));
    }
    return { repeated: false as const, orderSeq: claimed.id, totalAmount: goods, shipping: fee, point };
  });

  if (!outcome.repeated) {
    // The paid cart lines left the cart in the same transaction: one event tells both.
    await publish({
      type: 'orderPlaced',
      companyId: buyer.companyId,
      memberId: buyer.memberId,
      orderSeq: outcome.orderSeq,
      totalAmount: outcome.totalAmount,
    });
    return { ...outcome, ...answered };
  }
  // The same request was paid before (or a moment ago by a parallel copy): answer with that order.
  const [existing] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, buyer.companyId), eq(orders.clientRequestId, requestId)));
  const [company] = await queryRows<{ point: string | number }>(
    db,
    sql`select point from companies where id = ${buyer.companyId}`,
  );
  return {
    orderSeq: existing!.id,
    ...answered,
    repeated: true,
    totalAmount: existing!.totalAmount,
    shipping: existing!.shipping,
    point: Number(company!.point),
  };
}

export type { PaymentRequest };
