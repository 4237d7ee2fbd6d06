import { type SQL } from 'drizzle-orm';
import {
  EXPORT_MAX_ROWS,
  MSG_ADMIN,
  MSG_ORDER,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  SHIPPING,
  formatSeoulDateTime,
  hyphenatePhone,
  orderJobRefs,
  pickupPlaceLabel,
  shippingWayLabel,
  type AdminOrderDetail,
  type AdminOrderListRequest,
  type AdminOrderRow,
  type LedgerRow,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import {
  countStaffOrders,
  eventsWithNames,
  linesOf,
  staffOrders,
  staffOrderWhere,
  type StaffOrderRow,
} from '../orders/repository.js';
import { ledgerOfOrder, ledgerWithNames } from '../wallet/repository.js';
import { AppError, notFound } from '../../shared/http.js';
import { appliedForAudit, moveOrder, refundAmount, toOrderView } from '../orders/index.js';
import { recordAudit } from './audit.js';
import { toCsv } from '../../shared/csv.js';
import { escapeLike } from './search.js';
import type { EventSink } from '../../shared/events.js';

/** The back office's order list, detail, bulk move and CSV export (docs/requirements.md#back-office). */

type Q = Omit<AdminOrderListRequest, 'page' | 'size'> & { page: number; size: number };

/** The list's filters, on orders and their companies (shown orders only: staffOrders adds that). */
function where(q: Q): SQL | undefined {
  const digits = q.company?.replace(/\D/g, '') ?? '';
  return staffOrderWhere({
    status: q.status !== undefined && q.status !== null ? Number(q.status) : undefined,
    from: q.startDate,
    to: q.endDate,
    companyPattern: q.company ? `%${escapeLike(q.company)}%` : undefined,
    licenseDigits: digits.length >= 3 ? digits : undefined,
    stockNamePattern: q.stockName ? `%${escapeLike(q.stockName)}%` : undefined,
    pidPattern: q.pid ? `%${escapeLike(q.pid)}%` : undefined,
  });
}

/** Orders with their lines, as the back office lists them. */
async function rowsOf(db: Db, rows: StaffOrderRow[]): Promise<AdminOrderRow[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map(({ order, companyName, memberName }) => ({
    ...toOrderView(order, lines.get(order.id) ?? []),
    companyId: order.companyId,
    companyName,
    memberName,
    shippedAt: order.shippedAt ? order.shippedAt.toISOString() : null,
  }));
}

export async function adminListOrders(db: Db, q: Q): Promise<{ results: AdminOrderRow[]; total: number }> {
  const w = where(q);
  const [rows, total] = await Promise.all([
    staffOrders(db, w, { limit: q.size, offset: (q.page - 1) * q.size, sort: q }),
    countStaffOrders(db, w),
  ]);
  return { results: await rowsOf(db, rows), total };
}

/** A company's latest shown orders, by number. */
export async function companyOrders(db: Db, companyId: number, limit: number): Promise<AdminOrderRow[]> {
  const latest = { sortBy: 'seq', sortDir: 'desc' } as const;
  return rowsOf(db, await staffOrders(db, staffOrderWhere({ companyId }), { limit, sort: latest }));
}

export async function ledgerRows(db: Db, condition: SQL | undefined, limit: number): Promise<LedgerRow[]> {
  const rows = await ledgerWithNames(db, condition, limit);
  return rows.map((l) => ({
    seq: l.id,
    type: l.type,
    amount: l.amount,
    balanceAfter: l.balanceAfter,
    note: l.note,
    created: l.createdAt.toISOString(),
    memberName: l.memberName,
  }));
}

export async function adminOrderDetail(db: Db, seq: number): Promise<AdminOrderDetail> {
  const [order] = await rowsOf(db, await staffOrders(db, staffOrderWhere({ id: seq }), { limit: 1 }));
  if (!order) throw notFound(MSG_ORDER.orderNotFound);
  const events = await eventsWithNames(db, seq);
  const refunds: Record<string, number> = {};
  for (const t of ORDER_TRANSITIONS) {
    if (t.refund !== 'none' && t.by.includes('staff') && (t.from as readonly number[]).includes(order.status))
      refunds[String(t.to)] = refundAmount(t.refund, order);
  }
  const history = events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
  // The history starts with the purchase request exactly once: the payment writes that event; an
  // order stored without it (moved in from elsewhere) gets it from the order itself.
  if (!history.some((e) => e.fromStatus === null)) {
    history.unshift({
      id: 0,
      orderId: order.seq,
      fromStatus: null,
      toStatus: ORDER_STATUS.purchaseRequest,
      memberId: null,
      note: '',
      createdAt: order.created,
      memberName: order.memberName,
    });
  }
  return {
    order,
    // The VIN a line was bought for from the catalogue ('' when bought from the shop).
    vins: order.orderProductInfo.map((l) => l.vin ?? ''),
    events: history,
    ledger: await ledgerRows(db, ledgerOfOrder(order.companyId, seq), 20),
    refunds,
  };
}

/** 'Shipment confirmed' for many orders: each moves on its own, and those the table refuses are listed. */
export async function bulkShipConfirm(db: Db, events: EventSink, staffId: number, seqs: number[]) {
  const moved: number[] = [];
  const refused: { seq: number; message: string }[] = [];
  for (const seq of [...new Set(seqs)]) {
    try {
      await moveOrder(db, events, {
        seq,
        status: ORDER_STATUS.shipmentConfirmed,
        companyId: null,
        actor: 'staff',
        memberId: staffId,
        onMoved: (tx, applied) =>
          recordAudit(tx, {
            memberId: staffId,
            action: 'bulkShipConfirm',
            target: `order:${seq}`,
            before: { status: applied.from },
            after: { status: ORDER_STATUS.shipmentConfirmed, ...appliedForAudit(applied) },
          }),
      });
      moved.push(seq);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused.push({ seq, message: err.message });
    }
  }
  return { moved, refused };
}

/**
 * How couriers print a waybill of each length on their labels and pages, which staff compare with the
 * parcel: 12 digits (CJ대한통운, 롯데, 한진 today) 4-4-4, 13 (우체국's 등기번호) 5-4-4, 10 (the older
 * numbers CJ대한통운, 한진 and 롯데 still track) 3-3-4 (docs/requirements.md#back-office).
 */
const GROUPS_BY_LENGTH: Readonly<Record<number, readonly number[]>> = { 10: [3, 3, 4], 12: [4, 4, 4], 13: [5, 4, 4] };

/**
 * A number that must stay text in Excel (a phone's leading 0, a waybill's twelve digits, which Excel
 * reads as 6.01235E+11): bare digits are hyphenated, grouped as GROUPS_BY_LENGTH says and other lengths
 * by four counted from the end ('123-4567-8901'), which no spreadsheet reads as a number and the
 * shipping form takes back (docs/requirements.md#back-office). Not the `="…"` form nor a leading tab:
 * the CSV's formula rule quotes both (shared/csv.ts).
 */
function textOfDigits(value: string): string {
  if (!/^\d{5,}$/.test(value)) return value;
  const sizes = GROUPS_BY_LENGTH[value.length];
  if (!sizes) return (value.match(/\d{1,4}(?=(?:\d{4})*$)/g) ?? []).join('-');
  let at = 0;
  return sizes.map((size) => value.slice(at, (at += size))).join('-');
}

/**
 * The CSV's 주소 and 수령 장소: a 방문수령 order is collected at its warehouse, so it has its place and
 * no address, never the buyer's own shown as where to send it (docs/requirements.md#shipping).
 */
function placeCells(o: AdminOrderRow): [string, string] {
  if (o.shippingValue === SHIPPING.types.pickup) return ['', pickupPlaceLabel(o.stockName)];
  return [`${o.address} ${o.addrSub}`.trim(), ''];
}

/**
 * Every order matching the list's filters, up to `max` (EXPORT_MAX_ROWS): past it the file holds the
 * first ones and `message` says so, never a file cut without a word (docs/requirements.md#back-office).
 */
export async function exportOrders(db: Db, q: Q, max = EXPORT_MAX_ROWS) {
  const { results, total } = await adminListOrders(db, { ...q, page: 1, size: max });
  const header = [
    '주문번호',
    '주문일시',
    '업체',
    '주문자',
    '상태',
    '창고',
    '품목',
    '상품금액',
    '배송비',
    '배송 방법',
    '받는 분',
    '연락처',
    '주소',
    '수령 장소',
    '택배사',
    '송장번호',
    '작업번호/차량번호',
  ];
  const rows = results.map((o) => [
    o.seq,
    // Asia/Seoul, as the 캐시 원장 CSV writes it (docs/requirements.md#money: business dates are Seoul's).
    formatSeoulDateTime(o.created),
    o.companyName,
    o.memberName,
    ORDER_STATUS_LABELS[o.status] ?? String(o.status),
    o.stockName,
    o.orderProductInfo.map((l) => `${l.pid} x${l.qty}`).join(' / '),
    o.totalAmount,
    o.shipping,
    shippingWayLabel(o.shippingValue, o.shippingPayType),
    o.name,
    /^\d+$/.test(o.phone) ? textOfDigits(hyphenatePhone(o.phone)) : o.phone,
    ...placeCells(o),
    o.carrier,
    textOfDigits(o.waybill),
    orderJobRefs(o).join(' / '),
  ]);
  return {
    csv: toCsv([header, ...rows]),
    rows: rows.length,
    total,
    message: total > rows.length ? MSG_ADMIN.exportCut(rows.length, total) : undefined,
  };
}
