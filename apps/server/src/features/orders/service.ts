import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  MSG_ORDER,
  MSG_TRACKING,
  ORDER_STATUS,
  SHIPPING,
  findTransition,
  type OrderEvent,
  type OrderView,
  type StatusActor,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { linesOf, shownOrder, type LineRow, type OrderRow } from './repository.js';
import { companyWithdrawnShared } from '../members/repository.js';
import { raiseStock } from '../products/repository.js';
import { orderEvents, orderLines, orders } from './schema.js';
import type { EventSink } from '../../shared/events.js';
import { batchJobs } from '../../shared/job-queue.js';
import { AppError, badRequest, notFound, unauthorized } from '../../shared/http.js';
import { withinSeoulDays } from '../../shared/time.js';
import { onStockRaised } from '../favorites/index.js';
import { onOrderMoved } from '../tax-invoices/index.js';
import { checkShipment, ordersOfParcel, recordShipment, type ShipmentFacts } from '../tracking/index.js';
import { credit } from '../wallet/index.js';
import { reverseCreditOrder } from '../credit/index.js';
import { notifyOrderMoved } from '../notify/index.js';
import { moveRefusal, refundAmount, refundedOf } from './rules.js';

/** An order as the member area and the order popups read it (docs/requirements.md#entities). */
export function toOrderView(o: OrderRow, lines: LineRow[]): OrderView {
  return {
    seq: o.id,
    created: o.createdAt.toISOString(),
    orderProductInfo: lines.map((l) => ({
      name: l.name,
      pid: l.pid,
      factoryNum: l.factoryNum,
      qty: l.qty,
      price: l.price,
      created: l.createdAt.toISOString(),
      vin: l.vin,
      memo: l.memo,
      jobRef: l.jobRef,
    })),
    itemLength: lines.length,
    totalAmount: o.totalAmount,
    shipping: o.shipping,
    memo: o.memo,
    shippingValue: o.shippingValue,
    shippingPayType: o.shippingPayType,
    status: o.status,
    fromName: o.fromName,
    fromPhone: o.fromPhone,
    name: o.name,
    phone: o.phone,
    postNum: o.postNum,
    address: o.address,
    addrSub: o.addrSub,
    arrive: o.arrive,
    directDeli: o.directDeli,
    ...(o.payWith === 'credit' ? { payWith: 'credit' as const } : {}),
    stockName: o.stockName,
    carrier: o.carrier,
    waybill: o.waybill,
    returnReason: o.returnReason,
    staffNote: o.staffNote,
    jobRef: o.jobRef,
    ...refundedField(o),
  };
}

/** An undone order's refund, as the buyer reads it (docs/requirements.md#order-statuses); nothing on any other. */
function refundedField(o: OrderRow): { refunded?: number } {
  const refunded = refundedOf(o);
  return refunded === undefined ? {} : { refunded };
}
export type { OrderView };

export interface OrderListQuery {
  startDate?: string | undefined;
  endDate?: string | undefined;
  searchType?: 'date' | '' | undefined;
  page: number;
  size: number;
}

/** A company's orders, newest first; with searchType 'date', those of the Seoul days in range. */
export async function listOrders(db: Db, companyId: number, q: OrderListQuery) {
  const conditions = [eq(orders.companyId, companyId), shownOrder];
  if (q.searchType === 'date' && q.startDate && q.endDate)
    conditions.push(withinSeoulDays(orders.createdAt, q.startDate, q.endDate));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return { results: rows.map((o) => toOrderView(o, lines.get(o.id) ?? [])), total: Number(counted?.n ?? 0) };
}

export async function orderCount(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), shownOrder));
  return Number(row?.n ?? 0);
}

/** One order of the company; another company's order reads as not found. */
export async function orderDetail(db: Db, companyId: number | null, seq: number): Promise<OrderView> {
  const conditions = [eq(orders.id, seq), shownOrder];
  if (companyId !== null) conditions.push(eq(orders.companyId, companyId));
  const [row] = await db
    .select()
    .from(orders)
    .where(and(...conditions));
  if (!row) throw notFound(MSG_ORDER.orderNotFound);
  const lines = await linesOf(db, [row.id]);
  return toOrderView(row, lines.get(row.id) ?? []);
}

export interface MoveRequest {
  seq: number;
  status: number;
  /** Buyer's company; null for staff, who may move any order. */
  companyId: number | null;
  actor: StatusActor;
  memberId: number;
  returnReason?: number | undefined;
  note?: string | undefined;
  carrier?: string | undefined;
  waybill?: string | undefined;
  now?: Date;
  /** Runs in the move's transaction after it is written (the back office's audit row). */
  onMoved?: (tx: Tx, applied: AppliedMove) => Promise<void>;
}

/**
 * What a move did, as it did it: the status it left and, for a move that gives back, the refund
 * (to the cash balance, with the balance after, or off the 외상 receivables) and the stock put back
 * per order line (the stock after). Its audit row records these (docs/security.md#back-office-audit).
 */
export interface AppliedMove {
  from: number;
  refund: { amount: number; to: 'cash'; point: number } | { amount: number; to: 'credit' } | null;
  stock: { product: number; delta: number; hasAmount: number }[];
}

/** The part of a move's audit row after its statuses: what it gave back, when it gave back anything. */
export function appliedForAudit(a: AppliedMove): { refund?: AppliedMove['refund']; stock?: AppliedMove['stock'] } {
  return a.refund ? { refund: a.refund, stock: a.stock } : {};
}

/**
 * Writes the order's shipment, unless its parcel is already on an order of another company (409, field
 * `waybill`, and the move writes nothing): that company's buyer would read this parcel's tracking as
 * theirs. The same company's orders may share one parcel (docs/requirements.md#shipping-and-tracking).
 */
async function shipOrder(tx: Tx, order: OrderRow, shipment: ShipmentFacts, now: Date): Promise<void> {
  const parcel = (await ordersOfParcel(tx, shipment)).filter((id) => id !== order.id);
  if (parcel.length > 0) {
    const [other] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, parcel), ne(orders.companyId, order.companyId)))
      .orderBy(asc(orders.id))
      .limit(1);
    if (other) {
      const message = MSG_TRACKING.waybillOfOtherCompany(shipment.carrierName, shipment.waybill, other.id);
      throw new AppError(409, message, 409, 'waybill');
    }
  }
  await recordShipment(tx, order.id, shipment, now);
}

/**
 * What 출고완료 writes on the order: a parcel's carrier as the list names it ('kr.cjlogistics' →
 * CJ대한통운) and its waybill's digits, with the shipment to record; a 방문수령 order, handed over at its
 * warehouse, only the time (docs/requirements.md#shipping-and-tracking). Other moves write neither.
 */
function shipmentUpdate(
  m: MoveRequest,
  pickup: boolean,
  now: Date,
): { shipped: ReturnType<typeof checkShipment> | null; fields: Partial<typeof orders.$inferInsert> } {
  if (m.status !== ORDER_STATUS.shipmentComplete) return { shipped: null, fields: {} };
  if (pickup) return { shipped: null, fields: { shippedAt: now } };
  const shipped = checkShipment(m.carrier, m.waybill);
  if (!shipped.ok) return { shipped, fields: {} };
  return {
    shipped,
    fields: { carrier: shipped.shipment.carrierName, waybill: shipped.shipment.waybill, shippedAt: now },
  };
}

/**
 * Moves an order to another status when the transition table allows it for this actor and the
 * move's side rules (orders/rules.ts) pass, with the refund and stock restore the table names, all
 * in one transaction with the order row locked.
 */
export async function moveOrder(
  db: Db,
  events: EventSink,
  m: MoveRequest,
): Promise<{ companyId: number; status: number }> {
  const now = m.now ?? new Date();
  // The move's jobs (its 알림톡, a shipment's tracking and tax invoice) are written in one statement.
  const moved = await db.transaction((tx) =>
    batchJobs(tx, async () => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(
          and(eq(orders.id, m.seq), shownOrder, m.companyId !== null ? eq(orders.companyId, m.companyId) : undefined),
        )
        .for('update');
      if (!order) throw notFound(MSG_ORDER.orderNotFound);
      // A buyer's move that waited for the order while its company withdrew: the account is gone, and a
      // return asked for now could be settled with no one (docs/requirements.md#withdrawal).
      if (m.actor === 'buyer' && (await companyWithdrawnShared(tx, order.companyId))) throw unauthorized();
      const transition = findTransition(order.status, m.status, m.actor);
      if (!transition) throw new AppError(409, MSG_ORDER.statusMoveRefused, 409, 'status');
      // A 방문수령 order is handed over at its warehouse: no carrier, no parcel, no tracking.
      const pickup = order.shippingValue === SHIPPING.types.pickup;
      const refusal = moveRefusal(
        {
          to: m.status,
          actor: m.actor,
          createdAt: order.createdAt,
          shippedAt: order.shippedAt,
          stockName: order.stockName,
          returnReason: m.returnReason,
          carrier: m.carrier,
          waybill: m.waybill,
          pickup,
        },
        now,
      );
      if (refusal) throw badRequest(refusal.message, refusal.field);

      const { shipped, fields } = shipmentUpdate(m, pickup, now);
      const update: Partial<typeof orders.$inferInsert> = { status: m.status, ...fields };
      if (m.status === ORDER_STATUS.returnRequested) update.returnReason = m.returnReason;
      if (m.status === ORDER_STATUS.returnOnHold && m.note) update.staffNote = m.note;

      let refunded = 0;
      const applied: AppliedMove = { from: order.status, refund: null, stock: [] };
      if (transition.refund !== 'none') {
        const refund = refundAmount(transition.refund, {
          totalAmount: order.totalAmount,
          shipping: order.shipping,
          returnReason: order.returnReason,
        });
        // Stock back first (products in id order), then the balance: the same lock order as paying.
        const lines = await tx
          .select({ productId: orderLines.productId, qty: orderLines.qty })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id))
          .orderBy(asc(orderLines.productId));
        for (const l of lines) {
          const back = await raiseStock(tx, l.productId, l.qty);
          if (back === undefined) continue;
          applied.stock.push({ product: l.productId, delta: l.qty, hasAmount: back });
          // Stock back from 0 is a restock too (docs/requirements.md#restock-alerts).
          await onStockRaised(tx, l.productId, back - l.qty, back);
        }
        const returned = m.status === ORDER_STATUS.returnApproved;
        // A credit order's charge is reversed on its receivables, never refunded in cash (docs/requirements.md#credit-checkout).
        if (order.payWith === 'credit') {
          await reverseCreditOrder(tx, {
            companyId: order.companyId,
            orderId: order.id,
            amount: refund,
            status: m.status,
            memberId: m.memberId,
            returned,
          });
          applied.refund = { amount: refund, to: 'credit' };
        } else {
          const point = await credit(tx, {
            companyId: order.companyId,
            amount: refund,
            type: returned ? 'return' : 'cancel',
            memberId: m.memberId,
            note: `주문 #${order.id} ${returned ? '반품' : '취소'} 환불`,
          });
          applied.refund = { amount: refund, to: 'cash', point };
        }
        refunded = refund;
      }
      await tx.update(orders).set(update).where(eq(orders.id, order.id));
      // Its shipment and the job registering its tracking: written with the move, or not at all.
      if (shipped?.ok) await shipOrder(tx, order, shipped.shipment, now);
      const [event] = await tx
        .insert(orderEvents)
        .values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: m.status,
          memberId: m.memberId,
          note: m.note ?? '',
        })
        .returning({ id: orderEvents.id });
      // The buyer's 알림톡 (shipped, cancelled, return decided) is a job of the move's transaction.
      await notifyOrderMoved(
        tx,
        { id: order.id, companyId: order.companyId, eventId: event!.id, to: m.status, refunded, note: m.note },
        pickup ? { pickupAt: order.stockName } : { carrier: m.carrier, waybill: m.waybill },
        { payWith: order.payWith, by: m.actor },
      );
      // The order's tax invoice: written when shipped, corrected when refunded after issuance.
      await onOrderMoved(tx, { id: order.id, companyId: order.companyId }, m.status, now);
      await m.onMoved?.(tx, applied);
      return { companyId: order.companyId, from: order.status, refunded };
    }),
  );
  await events.publish({
    type: 'orderMoved',
    companyId: moved.companyId,
    orderSeq: m.seq,
    from: moved.from,
    to: m.status,
    actor: m.actor,
    refunded: moved.refunded,
  });
  return { companyId: moved.companyId, status: m.status };
}

export async function orderEventsOf(db: Db, orderId: number): Promise<OrderEvent[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  return rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
}
