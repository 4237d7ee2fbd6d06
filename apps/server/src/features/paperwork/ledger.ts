import {
  LEDGER_TYPE_LABELS,
  MSG_PAPERWORK,
  formatSeoulDateTime,
  type CashLedgerRow,
  type CashLedgerType,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companyById, companyPoint } from '../members/repository.js';
import { ledgerCount, ledgerOldestFirst, ledgerPage, ledgerWhere, type LedgerEntry } from '../wallet/repository.js';
import { AppError, notFound } from '../../shared/http.js';
import { toCsv } from '../../shared/csv.js';
import { MAX_STATEMENT_ROWS, type LedgerPdfInput } from '../documents/index.js';
import { buyerParty, supplierParty } from './statements.js';

/**
 * The company's 캐시 원장 (docs/requirements.md#cash-ledger): every row of cash_ledger, which the
 * wallet writes with the balance after it, so the newest row's balance is the company's balance.
 * The order or payment a row is about is read from the note the wallet wrote: an order's payment and
 * its refunds begin '주문 #12', a top-up or a licence ends '(결제 #3)'. Only those kinds, and only
 * there: an adjustment's note carries the reason staff typed, and a number in it is no reference.
 * The ledger has kept those notes since the start, so older rows get them too.
 */

type Raw = LedgerEntry;

const ORDER_REF = /^주문 #(\d+)(?: (?:취소|반품) 환불)?$/;
const PAYMENT_REF = /\(결제 #(\d+)\)$/;
const ORDER_KINDS: ReadonlySet<string> = new Set<CashLedgerType>(['order', 'cancel', 'return']);
const PAYMENT_KINDS: ReadonlySet<string> = new Set<CashLedgerType>(['point', 'license']);

export function toLedgerRow(r: Raw): CashLedgerRow {
  const order = ORDER_KINDS.has(r.type) ? ORDER_REF.exec(r.note) : null;
  const payment = PAYMENT_KINDS.has(r.type) ? PAYMENT_REF.exec(r.note) : null;
  const type = r.type as CashLedgerType;
  return {
    seq: r.id,
    created: r.createdAt.toISOString(),
    type,
    typeLabel: LEDGER_TYPE_LABELS[type] ?? r.type,
    orderSeq: order ? Number(order[1]) : null,
    paymentSeq: payment ? Number(payment[1]) : null,
    note: r.note,
    amount: r.amount,
    balanceAfter: r.balanceAfter,
  };
}

const whereOf = (companyId: number, q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  ledgerWhere(companyId, q.startDate, q.endDate);

export async function listLedger(
  db: Db,
  companyId: number,
  q: { startDate?: string | undefined; endDate?: string | undefined; page: number; size: number },
) {
  const where = whereOf(companyId, q);
  const [rows, total, point] = await Promise.all([
    ledgerPage(db, where, q.size, (q.page - 1) * q.size),
    ledgerCount(db, where),
    companyPoint(db, companyId),
  ]);
  return { results: rows.map(toLedgerRow), total, balance: point ?? 0 };
}

const reference = (r: CashLedgerRow) =>
  r.orderSeq ? `주문 #${r.orderSeq}` : r.paymentSeq ? `결제 #${r.paymentSeq}` : '';

/** The rows of a period, oldest first, for a file; bounded like a statement. */
async function exportRows(
  db: Db,
  companyId: number,
  q: { startDate?: string | undefined; endDate?: string | undefined },
): Promise<CashLedgerRow[]> {
  const where = whereOf(companyId, q);
  if ((await ledgerCount(db, where)) > MAX_STATEMENT_ROWS)
    throw new AppError(422, MSG_PAPERWORK.tooManyRows, 422, 'endDate');
  const rows = await ledgerOldestFirst(db, where);
  return rows.map(toLedgerRow);
}

const periodOf = (q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  q.startDate && q.endDate ? `${q.startDate} ~ ${q.endDate}` : '전체';

/** CSV for Excel (UTF-8 with BOM, formula-like cells neutralised by toCsv). */
export async function ledgerCsv(
  db: Db,
  companyId: number,
  q: { startDate?: string | undefined; endDate?: string | undefined },
): Promise<string> {
  const rows = await exportRows(db, companyId, q);
  return toCsv([
    ['일시', '구분', '주문·결제', '내용', '금액(원)', '잔액(원)'],
    ...rows.map((r) => [formatSeoulDateTime(r.created), r.typeLabel, reference(r), r.note, r.amount, r.balanceAfter]),
  ]);
}

/** What the ledger PDF is drawn from (in the PDF worker pool). */
export async function ledgerPdfInput(
  db: Db,
  companyId: number,
  q: { startDate?: string | undefined; endDate?: string | undefined },
): Promise<LedgerPdfInput> {
  const company = await companyById(db, companyId);
  if (!company) throw notFound(MSG_PAPERWORK.companyNotFound);
  const rows = await exportRows(db, companyId, q);
  return {
    supplier: await supplierParty(db),
    buyer: buyerParty(company),
    period: periodOf(q),
    rows: rows.map((r) => ({
      created: new Date(r.created),
      typeLabel: r.typeLabel,
      reference: reference(r),
      note: r.note,
      amount: r.amount,
      balanceAfter: r.balanceAfter,
    })),
  };
}
