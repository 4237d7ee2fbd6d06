import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG_ORDER, shippingFee, tierPrice, type CompanyLevel, type PaymentRequest } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { cartItems, cashLedger, orderEvents, orderLines, orders } from '../../db/schema.js';
import { AppError, badRequest } from '../../shared/http.js';
import { linesForPayment, type Buyer } from '../cart/service.js';
import type { z } from 'zod';
import type { paymentRequest } from '@partsmall/contract';

type ParsedPayment = z.output<typeof paymentRequest>;

export interface PaymentResult {
  orderSeq: number;
  clientRequestId: string;
  /** True when this request repeated one already paid: nothing was charged again. */
  repeated: boolean;
  totalAmount: number;
  shipping: number;
  point: number;
}

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

const insufficient = () => new AppError(400, MSG_ORDER.insufficientBalance, 400, 'point');

/**
 * Pays one order from the company's cash. In one transaction: the order row claims the client
 * request id (a repeat waits for the first and then finds it), every product row is locked in id
 * order and its stock checked and lowered, the balance is lowered by a conditional update that
 * cannot go below zero, and the order lines, status event and ledger row are written. Any failure
 * rolls all of it back (DESIGN.md 4).
 */
export async function payOrder(db: Db, buyer: Buyer, req: ParsedPayment): Promise<PaymentResult> {
  // Merge the requested items by product: cart lines (seq) and direct items (productId).
  const cartSeqs = req.carts.filter((c) => c.seq !== undefined).map((c) => c.seq!);
  const cart = await linesForPayment(db, buyer, cartSeqs);
  const wanted = new Map<number, number>();
  for (const c of req.carts) {
    const productId = c.seq !== undefined ? cart.find((l) => l.id === c.seq)!.productId : c.productId;
    if (productId === undefined) throw badRequest(MSG_ORDER.selectProduct, 'carts');
    wanted.set(productId, (wanted.get(productId) ?? 0) + c.qty);
  }
  const productIds = [...wanted.keys()].sort((a, b) => a - b);
  const s = req.shippingInfo;
  const fee = shippingFee(s.shippingPayType);

  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(orders)
      .values({
        companyId: buyer.companyId,
        memberId: buyer.memberId,
        clientRequestId: req.clientRequestId,
        storageId: 0,
        stockName: '',
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
      })
      .onConflictDoNothing({ target: [orders.companyId, orders.clientRequestId] })
      .returning({ id: orders.id });
    if (!claimed) return { repeated: true as const };

    // productIds are integers parsed by the contract schema, so the list is safe to inline.
    const locked = await queryRows<LockedProduct>(
      tx,
      sql`select id, name, pid, factory_num, has_amount, stock_name, storage_id, price_a, price_b, price_c, price_d, sale_price, company_id
          from products where id in ${sql.raw(`(${productIds.join(',')})`)} order by id for update`,
    );
    if (locked.length !== productIds.length) throw badRequest(MSG_ORDER.productGone, 'carts');
    const storageIds = new Set(locked.map((p) => p.storage_id));
    if (storageIds.size > 1) throw badRequest(MSG_ORDER.oneWarehouse, 'carts');
    for (const p of locked) if (p.has_amount < wanted.get(p.id)!) throw badRequest(MSG_ORDER.soldOut(p.name), 'carts');

    const [company] = await queryRows<{ level: CompanyLevel }>(tx, sql`select level from companies where id = ${buyer.companyId}`);
    const lines = locked.map((p) => {
      const price = tierPrice(
        { priceA: Number(p.price_a), priceB: Number(p.price_b), priceC: Number(p.price_c), priceD: Number(p.price_d), salePrice: Number(p.sale_price) },
        company!.level,
      );
      return { product: p, qty: wanted.get(p.id)!, price };
    });
    const goods = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
    const total = goods + fee;

    for (const l of lines) {
      await tx.execute(sql`update products set has_amount = has_amount - ${l.qty} where id = ${l.product.id}`);
    }
    const [debited] = await queryRows<{ point: string | number }>(
      tx,
      sql`update companies set point = point - ${total} where id = ${buyer.companyId} and point >= ${total} returning point`,
    );
    if (!debited) throw insufficient();
    const point = Number(debited.point);

    const first = locked[0]!;
    await tx
      .update(orders)
      .set({ storageId: first.storage_id, stockName: first.stock_name, totalAmount: goods, shipping: fee })
      .where(eq(orders.id, claimed.id));
    await tx.insert(orderLines).values(
      lines.map((l) => ({ orderId: claimed.id, productId: l.product.id, name: l.product.name, pid: l.product.pid, factoryNum: l.product.factory_num, qty: l.qty, price: l.price })),
    );
    await tx.insert(orderEvents).values({ orderId: claimed.id, fromStatus: null, toStatus: 0, memberId: buyer.memberId });
    await tx.insert(cashLedger).values({
      companyId: buyer.companyId,
      type: 'order',
      amount: -total,
      balanceAfter: point,
      memberId: buyer.memberId,
      note: `주문 #${claimed.id}`,
    });
    if (cartSeqs.length > 0) {
      await tx.delete(cartItems).where(and(eq(cartItems.memberId, buyer.memberId), inArray(cartItems.id, cartSeqs)));
    }
    return { repeated: false as const, orderSeq: claimed.id, totalAmount: goods, shipping: fee, point };
  });

  if (!outcome.repeated) return { ...outcome, clientRequestId: req.clientRequestId };
  // The same request was paid before (or a moment ago by a parallel copy): answer with that order.
  const [existing] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, buyer.companyId), eq(orders.clientRequestId, req.clientRequestId)));
  const [company] = await queryRows<{ point: string | number }>(db, sql`select point from companies where id = ${buyer.companyId}`);
  return {
    orderSeq: existing!.id,
    clientRequestId: req.clientRequestId,
    repeated: true,
    totalAmount: existing!.totalAmount,
    shipping: existing!.shipping,
    point: Number(company!.point),
  };
}

export type { PaymentRequest };
