import { sql, type SQL } from 'drizzle-orm';
import { MSG_ORDER, ORDER_STATUS, ORDER_STATUS_LABELS, ORDER_TRANSITIONS, type AdminOrderDetail, type AdminOrderListRequest, type AdminOrderRow, type LedgerRow } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { AppError, notFound } from '../../shared/http.js';
import { withinSeoulDays } from '../../shared/time.js';
import { moveOrder, toOrderView } from '../orders/service.js';
import { refundAmount } from '../orders/rules.js';
import { recordAudit } from './audit.js';
import { toCsv } from './csv.js';

/** The back office's order list, detail, bulk move and CSV export (issue 12, Orders). */

type Q = Omit<AdminOrderListRequest, 'page' | 'size'> & { page: number; size: number };
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(q: Q): SQL {
  const c: SQL[] = [sql`o.storage_id > 0`];
  if (q.status !== undefined) c.push(sql`o.status = ${q.status}`);
  if (q.startDate) c.push(withinSeoulDays(sql`o.created_at`, q.startDate, q.endDate || '9999-12-31'));
  else if (q.endDate) c.push(withinSeoulDays(sql`o.created_at`, '0001-01-01', q.endDate));
  if (q.company) {
    const digits = q.company.replace(/\D/g, '');
    c.push(sql`(c.name ilike ${`%${escapeLike(q.company)}%`}${digits.length >= 3 ? sql` or c.license like ${`${digits}%`}` : sql``})`);
  }
  if (q.stockName) c.push(sql`o.stock_name ilike ${`%${escapeLike(q.stockName)}%`}`);
  if (q.pid) c.push(sql`exists (select 1 from order_lines l where l.order_id = o.id and (l.pid ilike ${`%${escapeLike(q.pid)}%`} or l.factory_num ilike ${`%${escapeLike(q.pid)}%`}))`);
  return sql.join(c, sql` and `);
}

interface RawOrder {
  [k: string]: unknown;
  company_name: string;
  member_name: string;
}

/** Raw rows (snake case) to the drizzle shape toOrderView reads. */
function camel(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase())] = v;
  return out;
}

const num = (v: unknown) => Number(v ?? 0);
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

async function rowsOf(db: Db, raw: RawOrder[]): Promise<AdminOrderRow[]> {
  if (raw.length === 0) return [];
  const ids = raw.map((r) => Number(r.id));
  const lines = await queryRows<Record<string, unknown>>(db, sql`select * from order_lines where order_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id`);
  return raw.map((r) => {
    const o = camel(r) as Record<string, unknown>;
    const own = lines.filter((l) => Number(l.order_id) === Number(r.id)).map((l) => ({ ...camel(l), createdAt: date(l.created_at), qty: num(l.qty), price: num(l.price) }));
    const view = toOrderView(
      { ...o, id: num(o.id), status: num(o.status), totalAmount: num(o.totalAmount), shipping: num(o.shipping), shippingValue: num(o.shippingValue), shippingPayType: num(o.shippingPayType), returnReason: o.returnReason === null ? null : num(o.returnReason), createdAt: date(o.createdAt) } as never,
      own as never,
    );
    return { ...view, companyId: num(r.company_id), companyName: r.company_name, memberName: r.member_name, shippedAt: r.shipped_at ? date(r.shipped_at).toISOString() : null };
  });
}

const SELECT = sql`select o.*, c.name as company_name, m.name as member_name from orders o join companies c on c.id = o.company_id join members m on m.id = o.member_id`;

export async function adminListOrders(db: Db, q: Q): Promise<{ results: AdminOrderRow[]; total: number }> {
  const w = where(q);
  const [raw, [counted]] = await Promise.all([
    queryRows<RawOrder>(db, sql`${SELECT} where ${w} order by o.created_at desc, o.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`),
    queryRows<{ n: string | number }>(db, sql`select count(*) as n from orders o join companies c on c.id = o.company_id where ${w}`),
  ]);
  return { results: await rowsOf(db, raw), total: num(counted?.n) };
}

export async function adminOrdersWhere(db: Db, condition: SQL, limit: number): Promise<AdminOrderRow[]> {
  return rowsOf(db, await queryRows<RawOrder>(db, sql`${SELECT} where ${condition} order by o.id desc limit ${limit}`));
}

export async function ledgerRows(db: Db, condition: SQL, limit: number): Promise<LedgerRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.*, coalesce(m.name, '') as member_name from cash_ledger l left join members m on m.id = l.member_id where ${condition} order by l.id desc limit ${limit}`,
  );
  return rows.map((l) => ({
    seq: num(l.id),
    type: String(l.type),
    amount: num(l.amount),
    balanceAfter: num(l.balance_after),
    note: String(l.note),
    created: date(l.created_at).toISOString(),
    memberName: String(l.member_name),
  }));
}

export async function adminOrderDetail(db: Db, seq: number): Promise<AdminOrderDetail> {
  const raw = await queryRows<RawOrder>(db, sql`${SELECT} where o.id = ${seq} and o.storage_id > 0`);
  const [order] = await rowsOf(db, raw);
  if (!order) throw notFound(MSG_ORDER.orderNotFound);
  // The VIN a line was bought for from the catalogue ('' when bought from the shop).
  const vins = await queryRows<{ vin: string }>(db, sql`select coalesce(l.vin, '') as vin from order_lines l where l.order_id = ${seq} order by l.id`);
  const events = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.*, coalesce(m.name, '') as member_name from order_events e left join members m on m.id = e.member_id where e.order_id = ${seq} order by e.id`,
  );
  const refunds: Record<string, number> = {};
  for (const t of ORDER_TRANSITIONS) {
    if (t.refund !== 'none' && t.by.includes('staff') && t.from.includes(order.status as never)) refunds[String(t.to)] = refundAmount(t.refund, order);
  }
  const history = events.map((e) => ({
    id: num(e.id),
    orderId: num(e.order_id),
    fromStatus: e.from_status === null ? null : num(e.from_status),
    toStatus: num(e.to_status),
    memberId: e.member_id === null ? null : num(e.member_id),
    note: String(e.note),
    createdAt: date(e.created_at).toISOString(),
    memberName: String(e.member_name),
  }));
  // The history starts with the purchase request exactly once: the payment writes that event; an
  // order stored without it (moved in from elsewhere) gets it from the order itself.
  if (!history.some((e) => e.fromStatus === null)) {
    history.unshift({ id: 0, orderId: order.seq, fromStatus: null, toStatus: 0, memberId: null, note: '', createdAt: order.created, memberName: order.memberName });
  }
  return {
    order,
    vins: vins.map((v) => v.vin),
    events: history,
    ledger: await ledgerRows(db, sql`l.company_id = ${order.companyId} and l.note like ${`주문 #${seq} %`} or l.company_id = ${order.companyId} and l.note = ${`주문 #${seq}`}`, 20),
    refunds,
  };
}

/** 'Shipment confirmed' for many orders: each moves on its own, and those the table refuses are listed. */
export async function bulkShipConfirm(db: Db, staffId: number, seqs: number[]) {
  const moved: number[] = [];
  const refused: { seq: number; message: string }[] = [];
  for (const seq of [...new Set(seqs)]) {
    try {
      await moveOrder(db, {
        seq,
        status: ORDER_STATUS.shipmentConfirmed,
        companyId: null,
        actor: 'staff',
        memberId: staffId,
        onMoved: (tx, from) => recordAudit(tx, { memberId: staffId, action: 'bulkShipConfirm', target: `order:${seq}`, before: { status: from }, after: { status: 1 } }),
      });
      moved.push(seq);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused.push({ seq, message: err.message });
    }
  }
  return { moved, refused };
}

const EXPORT_MAX = 5000;

export async function exportOrders(db: Db, q: Q) {
  const { results } = await adminListOrders(db, { ...q, page: 1, size: EXPORT_MAX });
  const header = ['주문번호', '주문일시', '업체', '주문자', '상태', '창고', '품목', '상품금액', '배송비', '받는 분', '연락처', '주소', '택배사', '송장번호'];
  const rows = results.map((o) => [
    o.seq,
    o.created,
    o.companyName,
    o.memberName,
    ORDER_STATUS_LABELS[o.status] ?? String(o.status),
    o.stockName,
    o.orderProductInfo.map((l) => `${l.pid} x${l.qty}`).join(' / '),
    o.totalAmount,
    o.shipping,
    o.name,
    o.phone,
    `${o.address} ${o.addrSub}`.trim(),
    o.carrier,
    o.waybill,
  ]);
  return { csv: toCsv([header, ...rows]), rows: rows.length };
}
