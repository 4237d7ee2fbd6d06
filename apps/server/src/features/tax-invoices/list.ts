import type { TaxInvoiceProvider } from './types.js';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  MSG_PAPERWORK,
  TAX_INVOICE_KIND_LABELS,
  type AuditAction,
  TAX_INVOICE_STATUS_LABELS,
  type OrderTaxInvoice,
  type OrderView,
  type TaxInvoiceRow,
  type TaxInvoiceStatus,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { auditCount } from '../admin/repository.js';
import { invoiceWithCompany, invoicesWithCompany } from './repository.js';
import { taxInvoices } from './schema.js';
import { recordAudit } from '../admin/repository.js';
import { enqueue, settleParkedJobs } from '../../shared/job-queue.js';
import type { JobWaker } from '../../shared/job-types.js';
import { AppError, notFound } from '../../shared/http.js';
import { pageOfTable, pageWithTotal } from '../../db/page.js';
import { beingIssued } from './issue.js';

type Row = typeof taxInvoices.$inferSelect;

const ymd = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

export function toInvoiceRow(r: Row): TaxInvoiceRow {
  const status = r.status as TaxInvoiceStatus;
  return {
    seq: r.id,
    kind: r.kind as TaxInvoiceRow['kind'],
    kindLabel: TAX_INVOICE_KIND_LABELS[r.kind as TaxInvoiceRow['kind']],
    mgtKey: r.mgtKey,
    writeDate: ymd(r.writeDate),
    orderSeq: r.orderId,
    month: r.month,
    orderSeqs: r.items.map((i) => i.orderSeq),
    supply: r.supply,
    tax: r.tax,
    total: r.total,
    status,
    statusLabel: TAX_INVOICE_STATUS_LABELS[status],
    issuedAt: r.issuedAt ? r.issuedAt.toISOString() : null,
    ntsConfirmNum: r.ntsConfirmNum,
    error: r.error,
  };
}

/** 작성일자 (stored YYYYMMDD) within a period of YYYY-MM-DD days, both ends included. */
function writtenBetween(startDate: string, endDate: string): SQL {
  return sql`${taxInvoices.writeDate} between ${startDate.replace(/-/g, '')} and ${endDate.replace(/-/g, '')}`;
}

/** The company's invoices by 작성일자 (Seoul days), newest first (api/getTaxInvoices). */
export async function listTaxInvoices(
  db: Db,
  companyId: number,
  q: { startDate?: string | undefined; endDate?: string | undefined; page: number; size: number },
) {
  const conditions: SQL[] = [eq(taxInvoices.companyId, companyId)];
  if (q.startDate && q.endDate) conditions.push(writtenBetween(q.startDate, q.endDate));
  const where = and(...conditions);
  const newestFirst = [desc(taxInvoices.writeDate), desc(taxInvoices.id)];
  const { rows, total } = await pageOfTable(db, taxInvoices, where, q, ...newestFirst);
  return { results: rows.map(toInvoiceRow), total };
}

/** What an order says of its invoices: the one that bills it and the corrections of its refunds. */
export type OrderInvoices = Pick<OrderView, 'taxInvoice' | 'taxCorrections'>;

function orderInvoiceView(r: Row): OrderTaxInvoice {
  const status = r.status as TaxInvoiceStatus;
  const view: OrderTaxInvoice = {
    status,
    statusLabel: TAX_INVOICE_STATUS_LABELS[status],
    issuedAt: r.issuedAt ? r.issuedAt.toISOString() : null,
  };
  if (r.ntsConfirmNum) view.ntsConfirmNum = r.ntsConfirmNum;
  if (r.error) view.error = r.error;
  return view;
}

/**
 * The invoices each order shows (api/getMallOrderInfo, api/getMallOrderDetail): its per-order
 * invoice, or the 월합계 that lists it, and the 수정세금계산서 of its refunds, oldest first, with the
 * order's share of each (docs/requirements.md#tax-invoices). An order with neither is left out.
 */
export async function invoicesOfOrders(
  db: Db,
  companyId: number,
  orderIds: number[],
): Promise<Map<number, OrderInvoices>> {
  const out = new Map<number, OrderInvoices>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(taxInvoices)
    .where(
      and(
        eq(taxInvoices.companyId, companyId),
        sql`exists (select 1 from jsonb_array_elements(${taxInvoices.items}) i where (i->>'orderSeq')::int in (${sql.join(
          orderIds.map((i) => sql`${i}`),
          sql`, `,
        )}))`,
      ),
    )
    .orderBy(taxInvoices.id);
  for (const r of rows) {
    const view = orderInvoiceView(r);
    for (const i of r.items) {
      if (!orderIds.includes(i.orderSeq)) continue;
      const shown = out.get(i.orderSeq) ?? {};
      if (r.kind === 'correction') {
        const correction = { ...view, supply: i.supply, tax: i.tax, total: i.total };
        shown.taxCorrections = [...(shown.taxCorrections ?? []), correction];
      } else shown.taxInvoice = view;
      out.set(i.orderSeq, shown);
    }
  }
  return out;
}

export async function adminListTaxInvoices(
  db: Db,
  q: {
    status?: TaxInvoiceStatus | undefined;
    companyId?: number | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    page: number;
    size: number;
  },
) {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(taxInvoices.status, q.status));
  if (q.companyId) conditions.push(eq(taxInvoices.companyId, q.companyId));
  if (q.startDate && q.endDate) conditions.push(writtenBetween(q.startDate, q.endDate));
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await pageWithTotal(db, taxInvoices, where, q, (limit, offset) =>
    invoicesWithCompany(db, where, limit, offset),
  );
  return {
    results: rows.map((r) => ({ ...toInvoiceRow(r.inv), companyId: r.inv.companyId, companyName: r.companyName })),
    total,
  };
}

async function adminRow(db: Db, id: number) {
  const r = await invoiceWithCompany(db, id);
  if (!r) throw notFound(MSG_PAPERWORK.invoiceNotFound);
  return { ...toInvoiceRow(r.inv), companyId: r.inv.companyId, companyName: r.companyName };
}

/**
 * Staff issue a failed invoice again: it goes back to 발행 대기 with a new issuing job (its key names
 * the try, the invoice's mgtKey stays, so the provider still issues it once). The invoice's parked
 * jobs are settled in the same transaction: the new job carries on for them (docs/operations.md#jobs).
 * Audited.
 */
export async function retryTaxInvoice(db: Db, runner: JobWaker, staffId: number, id: number) {
  await moveInvoice(db, staffId, id, {
    action: 'retryTaxInvoice',
    from: ['failed'],
    refused: MSG_PAPERWORK.invoiceNotRetryable,
    to: 'pending',
    also: async (tx, row) => {
      const tries = await auditCount(tx, 'retryTaxInvoice', `taxInvoice:${id}`);
      await enqueue(tx, 'taxInvoice.issue', { invoiceId: id }, { key: `${row.mgtKey}:retry:${tries + 1}` });
      await settleParkedJobs(tx, 'taxInvoice.issue', { invoiceId: id }, MSG_PAPERWORK.invoiceJobSuperseded);
    },
  });
  runner.wake('taxInvoice.issue');
  return adminRow(db, id);
}

/**
 * Staff cancel an invoice not issued (발행 대기 or 실패): nothing will be issued for it. Audited. While a
 * try of the issuing job has claimed it (`beingIssued`, at most `trySeconds`, the longest a try runs)
 * the cancel is refused (409 '세금계산서를 발행하는 중이라 …'): what the provider answers that try
 * stands; a try that starts after the cancel finds it cancelled and issues nothing. A row a try has
 * sent (실패, or 발행 대기 with its amounts drafted: a try whose process died before it wrote the
 * answer) is first looked up at the provider: that try may have issued it there, and such an invoice
 * is not cancelled here (a retry records it); one the 국세청 refused may be. The look-up is made
 * outside the row's lock (a provider call holds no lock); a try that claimed the row after it was
 * read refuses the cancel under the lock, since what was looked up no longer stands.
 */
export async function cancelTaxInvoice(
  db: Db,
  staffId: number,
  id: number,
  provider: TaxInvoiceProvider | undefined,
  trySeconds: number,
) {
  const [current] = await db.select().from(taxInvoices).where(eq(taxInvoices.id, id));
  const issuing = () => new AppError(409, MSG_PAPERWORK.invoiceIssuing, 409, 'seq');
  if (current && beingIssued(current, trySeconds)) throw issuing();
  const sent = current?.status === 'failed' || (current?.status === 'pending' && current.draftedAt !== null);
  if (current && sent && provider?.states) {
    let held;
    try {
      held = (await provider.states([current.mgtKey])).get(current.mgtKey);
    } catch {
      throw new AppError(503, MSG_PAPERWORK.invoiceProviderUnreachable, 503, 'seq');
    }
    if (held && !held.rejected) throw new AppError(409, MSG_PAPERWORK.invoiceIssuedAtProvider, 409, 'seq');
  }
  await moveInvoice(db, staffId, id, {
    action: 'cancelTaxInvoice',
    from: ['failed', 'pending'],
    refused: MSG_PAPERWORK.invoiceNotCancellable,
    to: 'cancelled',
    check: (row) => {
      if (beingIssued(row, trySeconds) || row.draftedAt?.getTime() !== current?.draftedAt?.getTime()) throw issuing();
    },
    // Its parked jobs have nothing left to do (a try finds it cancelled).
    also: (tx) => settleParkedJobs(tx, 'taxInvoice.issue', { invoiceId: id }, MSG_PAPERWORK.invoiceJobCancelled),
  });
  return adminRow(db, id);
}

/**
 * A staff move of an invoice's status, on its lock: 404 without the invoice, 409 (`refused`) unless
 * its status is one of `from`; then `check` may refuse it (it throws); `also` runs in the same
 * transaction; audited as `action`. The move clears the row's failure reason: it told why the invoice
 * was 실패, which no longer stands once staff retry it (a try writes its own) or cancel it; the audit
 * keeps it (docs/requirements.md#tax-invoices).
 */
async function moveInvoice(
  db: Db,
  staffId: number,
  id: number,
  move: {
    action: AuditAction;
    from: readonly TaxInvoiceStatus[];
    refused: string;
    to: TaxInvoiceStatus;
    check?: (row: typeof taxInvoices.$inferSelect) => void;
    also?: (tx: Tx, row: typeof taxInvoices.$inferSelect) => Promise<unknown>;
  },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(taxInvoices).where(eq(taxInvoices.id, id)).for('update');
    if (!row) throw notFound(MSG_PAPERWORK.invoiceNotFound);
    if (!move.from.includes(row.status as TaxInvoiceStatus)) throw new AppError(409, move.refused, 409, 'seq');
    move.check?.(row);
    await tx
      .update(taxInvoices)
      .set({ status: move.to, error: '', updatedAt: new Date() })
      .where(eq(taxInvoices.id, id));
    await move.also?.(tx, row);
    await recordAudit(tx, {
      memberId: staffId,
      action: move.action,
      target: `taxInvoice:${id}`,
      before: { status: row.status, error: row.error },
      after: { status: move.to },
    });
  });
}
