import {
  MSG_ORDER,
  MSG_PAPERWORK,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES_UNDONE,
  RETURN_REASON_CHANGE_OF_MIND,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companyById, type CompanyRecord } from '../members/repository.js';
import {
  companyOrdersWithin,
  ordersOldestFirst,
  returnKeepingShipping,
  shownOrderById,
  statementLinesOf,
  statementRowCount,
  type OrderRow,
} from '../orders/repository.js';
import { AppError, forbidden, notFound } from '../../shared/http.js';
import { readMallConfig } from '../mall/index.js';
import {
  MAX_STATEMENT_ROWS,
  supplierFromMallBottom,
  type MonthlyStatementInput,
  type OrderStatementInput,
  type StatementOrder,
  type StatementParty,
} from '../documents/index.js';

/**
 * The data of a 거래명세서 (docs/requirements.md#statements): the supplier block from the shop
 * configuration, the buyer block from the company info, the order lines as paid.
 */

type CompanyRow = CompanyRecord;

export async function supplierParty(db: Db): Promise<StatementParty> {
  const config = await readMallConfig(db);
  if (!config) return { company: '', registrationNumber: '', representative: '', address: '' };
  return supplierFromMallBottom(config.mallBottom);
}

export function buyerParty(c: CompanyRow): StatementParty {
  return {
    company: c.name,
    registrationNumber: c.license ?? '',
    representative: c.ceo,
    address: [c.addrMain, c.addrSub].filter(Boolean).join(' '),
    phone: c.phone,
  };
}

/** Who asks: staff may read any company's papers; a company member only their own. */
export interface PaperReader {
  staff: boolean;
  companyId: number | null;
}

/** Orders whose money was given back in full, or never taken, are on no statement. */
const NOT_ON_STATEMENT: readonly number[] = ORDER_STATUSES_UNDONE;

/** How an undone order's statement reads: its money all given back, or (change of mind) all but its shipping. */
function undoneKind(o: OrderRow): NonNullable<StatementOrder['undone']>['kind'] | null {
  if (!NOT_ON_STATEMENT.includes(o.status)) return null;
  if (o.status !== ORDER_STATUS.returnApproved) return 'cancelled';
  return o.returnReason === RETURN_REASON_CHANGE_OF_MIND && o.shipping > 0 ? 'returnedShippingKept' : 'returned';
}

async function statementOrders(db: Db, rows: OrderRow[]): Promise<StatementOrder[]> {
  if (rows.length === 0) return [];
  const lines = await statementLinesOf(
    db,
    rows.map((r) => r.id),
  );
  const byOrder = new Map<number, typeof lines>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  return rows.map((o) => {
    const own = byOrder.get(o.id) ?? [];
    const kind = undoneKind(o);
    return {
      orderNo: String(o.id),
      orderedAt: o.createdAt,
      // A return that kept its shipping claims the shipping alone: its goods were given back.
      lines:
        kind === 'returnedShippingKept'
          ? []
          : own.map((l) => ({ partNo: l.pid, name: l.name, quantity: l.qty, unitPrice: l.price, memo: l.memo })),
      shipping: o.shipping,
      // The order's 작업번호/차량번호 first, then the lines' own, once each (docs/requirements.md#job-reference).
      jobRefs: [...new Set([o.jobRef, ...own.map((l) => l.jobRef)].map((r) => r.trim()).filter(Boolean))],
      ...(kind ? { undone: { kind, label: ORDER_STATUS_LABELS[o.status] ?? '' } } : {}),
      ...(o.payWith === 'credit' ? { onCredit: true } : {}),
    };
  });
}

/** One order's statement; another company's order reads as not found. */
export async function orderStatementInput(db: Db, reader: PaperReader, seq: number): Promise<OrderStatementInput> {
  const order = await shownOrderById(db, seq, reader.staff ? null : (reader.companyId ?? -1));
  if (!order) throw notFound(MSG_ORDER.orderNotFound);
  const company = await companyById(db, order.companyId);
  if (!company) throw notFound(MSG_ORDER.orderNotFound);
  const [statementOrder] = await statementOrders(db, [order]);
  return { supplier: await supplierParty(db), buyer: buyerParty(company), order: statementOrder! };
}

/**
 * A company's statement of a period: its orders of those Seoul days, cancelled and fully refunded
 * ones left out (a return for change of mind is on it with its shipping alone, which it kept). A main
 * account reads its own company; staff name the company.
 */
export async function monthlyStatementInput(
  db: Db,
  reader: PaperReader,
  q: { startDate: string; endDate: string; companyId?: number | undefined },
): Promise<MonthlyStatementInput> {
  let companyId: number;
  if (reader.staff) {
    if (!q.companyId) throw new AppError(400, MSG_PAPERWORK.companyRequired, 400, 'companyId');
    companyId = q.companyId;
  } else {
    if (reader.companyId === null) throw forbidden();
    if (q.companyId !== undefined && q.companyId !== reader.companyId) throw notFound(MSG_PAPERWORK.companyNotFound);
    companyId = reader.companyId;
  }
  const company = await companyById(db, companyId);
  if (!company) throw notFound(MSG_PAPERWORK.companyNotFound);
  const where = companyOrdersWithin(companyId, q.startDate, q.endDate, NOT_ON_STATEMENT, returnKeepingShipping());
  // Bounded before anything is laid out: a row per line plus one per order's shipping.
  if ((await statementRowCount(db, where)) > MAX_STATEMENT_ROWS)
    throw new AppError(422, MSG_PAPERWORK.tooManyRows, 422, 'endDate');
  const rows = await ordersOldestFirst(db, where);
  // A period with nothing to claim (no orders, or every one cancelled or returned) has no statement:
  // a ₩0 document would read as a claim of nothing.
  if (rows.length === 0) throw notFound(MSG_PAPERWORK.noOrders);
  return {
    supplier: await supplierParty(db),
    buyer: buyerParty(company),
    from: q.startDate,
    to: q.endDate,
    orders: await statementOrders(db, rows),
  };
}
