import { and, eq, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  ORDER_STATUS,
  corrections,
  correctionMgtKey,
  creditNoteMgtKey,
  orderInvoice,
  correctionSplit,
  type InvoiceDraft,
  type InvoiceOrder,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { chargedOrders, orderIdIn, orderIdIs, orderIdMeets, paidInCash } from '../orders/repository.js';
import { companyInvoiceMode } from '../members/repository.js';
import { refundsOfOrders } from '../wallet/repository.js';
import { taxInvoices } from './schema.js';
import { enqueue } from '../../shared/job-queue.js';

/**
 * Where orders meet their tax invoices (docs/requirements.md#tax-invoices): a shipped order of a
 * per-order company gets its invoice written (발행 대기) and its issuing job in the shipping
 * transaction; a refund after issuance gets its 수정세금계산서 the same way. What an invoice says is
 * worked out again when it is issued, so a refund before issuance simply lowers or removes it.
 */

/**
 * The orders as the invoice rules read them: total charged (goods and shipping), shipped, refunds.
 * `where` is a condition on the orders from the orders' repository (`orderIdIs(id)`).
 */
export async function invoiceOrders(db: Db | Tx, companyId: number, where: SQL | undefined): Promise<InvoiceOrder[]> {
  const rows = await chargedOrders(db, companyId, where);
  if (rows.length === 0) return [];
  const refunds = await refundsOfOrders(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    seq: r.id,
    total: r.total,
    shippedAt: r.shippedAt,
    refunds: refunds.filter((f) => f.orderId === r.id).map((f) => ({ seq: f.id, amount: f.amount, at: f.createdAt })),
  }));
}

const hasNoOrderInvoiceOf = (orderId: SQLWrapper): SQL =>
  sql`not exists (select 1 from ${taxInvoices} where ${taxInvoices.kind} = 'order' and ${taxInvoices.orderId} = ${orderId})`;
/**
 * An order with no per-order invoice of its own, as a condition on the orders: what a 월합계 may list. A
 * company that took per-order invoices and switched to 월합계 in the month had its earlier orders
 * invoiced one by one (whatever became of those invoices): listed again, their supply would be on two
 * invoices.
 */
export const hasNoOrderInvoice: SQL = orderIdMeets(hasNoOrderInvoiceOf);

/** Writes an invoice row (발행 대기) and its issuing job, once per mgtKey; answers whether it was new. */
export async function writeInvoice(
  tx: Tx,
  row: {
    companyId: number;
    kind: 'order' | 'monthly' | 'correction';
    orderId?: number | null;
    month?: string | null;
    originalId?: number | null;
    refundKey?: string | null;
    /** A credit statement's 월합계: issued with these amounts as they are. */
    statementId?: number | null;
    draft: Pick<InvoiceDraft, 'mgtKey' | 'writeDate' | 'supply' | 'tax' | 'total' | 'items'>;
  },
): Promise<boolean> {
  const [inserted] = await tx
    .insert(taxInvoices)
    .values({
      companyId: row.companyId,
      kind: row.kind,
      mgtKey: row.draft.mgtKey,
      orderId: row.orderId ?? null,
      month: row.month ?? null,
      originalId: row.originalId ?? null,
      refundKey: row.refundKey ?? null,
      statementId: row.statementId ?? null,
      writeDate: row.draft.writeDate,
      supply: row.draft.supply,
      tax: row.draft.tax,
      total: row.draft.total,
      items: row.draft.items,
    })
    .onConflictDoNothing({ target: taxInvoices.mgtKey })
    .returning({ id: taxInvoices.id });
  if (!inserted) return false;
  await enqueue(tx, 'taxInvoice.issue', { invoiceId: inserted.id }, { key: row.draft.mgtKey });
  return true;
}

/** An issued invoice as its corrections read it. */
export const issuedColumns = {
  id: taxInvoices.id,
  mgtKey: taxInvoices.mgtKey,
  items: taxInvoices.items,
  issuedAt: taxInvoices.issuedAt,
  draftedAt: taxInvoices.draftedAt,
  writeDate: taxInvoices.writeDate,
  supply: taxInvoices.supply,
  tax: taxInvoices.tax,
  total: taxInvoices.total,
};
type IssuedRow = Pick<
  typeof taxInvoices.$inferSelect,
  'id' | 'mgtKey' | 'items' | 'issuedAt' | 'draftedAt' | 'writeDate' | 'supply' | 'tax' | 'total'
>;

/**
 * The 수정세금계산서 of refunds made after an invoice's amounts were read for issuing (its draftedAt;
 * issuedAt for an invoice issued as written), for the orders it lists (each refund once: its key
 * names the original and the refund's ledger row).
 */
export async function writeCorrections(tx: Tx, companyId: number, original: IssuedRow): Promise<void> {
  const ids = original.items.map((i) => i.orderSeq);
  // Both reads of an issued invoice ask for issued_at set; an unissued one has nothing to correct.
  if (ids.length === 0 || !original.issuedAt) return;
  const listed = await invoiceOrders(tx, companyId, orderIdIn(ids));
  const draft: InvoiceDraft = {
    mgtKey: original.mgtKey,
    writeDate: original.writeDate,
    supply: original.supply,
    tax: original.tax,
    total: original.total,
    items: original.items.map((i) => ({ orderSeq: i.orderSeq, total: i.total, supply: i.supply, tax: i.tax })),
  };
  for (const c of corrections(draft, original.draftedAt ?? original.issuedAt, listed)) {
    await writeInvoice(tx, {
      companyId,
      kind: 'correction',
      orderId: c.orderSeq,
      originalId: original.id,
      refundKey: `ledger:${c.refundSeq}`,
      draft: {
        mgtKey: correctionMgtKey(original.mgtKey, c.refundSeq),
        writeDate: c.writeDate,
        supply: c.supply,
        tax: c.tax,
        total: c.total,
        items: [{ orderSeq: c.orderSeq, supply: c.supply, tax: c.tax, total: c.total }],
      },
    });
  }
}

/** A credit note of a credit order whose charge was on the 월합계 `originalId` (its statement's invoice). */
export interface CreditNote {
  companyId: number;
  originalId: number;
  /** The credit note's receivables-ledger id: one correction per credit note, never two. */
  noteSeq: number;
  orderSeq: number;
  /** Won given back, VAT included, > 0. */
  amount: number;
  /** The Seoul day of the return or cancel (YYYY-MM-DD): the correction's 작성일자. */
  day: string;
  /** A return (환입, 수정사유 3); otherwise a cancel (2 or 4 by what it undoes). */
  returned: boolean;
}

/** The refund key of a credit note's correction: `credit:<ledger id>:return|cancel` (issue.ts reads the kind). */
export const creditRefundKey = (n: Pick<CreditNote, 'noteSeq' | 'returned'>) =>
  `credit:${n.noteSeq}:${n.returned ? 'return' : 'cancel'}`;

/**
 * The negative 수정세금계산서 of a credit note (docs/requirements.md#monthly-close), written by the
 * close that bills the note, on its transaction: against the statement's 월합계, for the note's
 * amount but never more than the order still has on that invoice. Keyed `<original>-C<note>`, so a
 * close run again writes nothing. Answers whether a correction was written.
 */
export async function writeCreditNoteCorrection(tx: Tx, n: CreditNote): Promise<boolean> {
  const [original] = await tx
    .select({ ...issuedColumns, status: taxInvoices.status })
    .from(taxInvoices)
    .where(and(eq(taxInvoices.id, n.originalId), eq(taxInvoices.companyId, n.companyId)))
    .for('update');
  // A 월합계 staff cancelled was never issued: there is nothing to correct.
  if (!original || original.status === 'cancelled') return false;
  const item = original.items.find((i) => i.orderSeq === n.orderSeq);
  if (!item) return false;
  const [corrected] = await tx
    .select({
      supply: sql<number>`coalesce(sum(${taxInvoices.supply}), 0)`.mapWith(Number),
      tax: sql<number>`coalesce(sum(${taxInvoices.tax}), 0)`.mapWith(Number),
      total: sql<number>`coalesce(sum(${taxInvoices.total}), 0)`.mapWith(Number),
    })
    .from(taxInvoices)
    .where(
      and(
        eq(taxInvoices.originalId, original.id),
        eq(taxInvoices.kind, 'correction'),
        eq(taxInvoices.orderId, n.orderSeq),
      ),
    );
  // What the order still has on the 월합계; a note that takes it to zero undoes its split exactly.
  const split = correctionSplit(n.amount, {
    supply: item.supply + (corrected?.supply ?? 0),
    tax: item.tax + (corrected?.tax ?? 0),
    total: item.total + (corrected?.total ?? 0),
  });
  if (!split) return false;
  return writeInvoice(tx, {
    companyId: n.companyId,
    kind: 'correction',
    orderId: n.orderSeq,
    originalId: original.id,
    refundKey: creditRefundKey(n),
    draft: {
      mgtKey: creditNoteMgtKey(original.mgtKey, n.noteSeq),
      writeDate: n.day.replace(/-/g, ''),
      ...split,
      items: [{ orderSeq: n.orderSeq, ...split }],
    },
  });
}

/**
 * Runs in the transaction of an order's status move (features/orders/service.ts): shipped → the
 * per-order invoice; a refund → corrections of any issued invoice that lists the order.
 */
export async function onOrderMoved(
  tx: Tx,
  order: { id: number; companyId: number },
  to: number,
  now: Date,
): Promise<void> {
  if (to === ORDER_STATUS.shipmentComplete) {
    if ((await companyInvoiceMode(tx, order.companyId)) !== 'order') return;
    // A credit order is invoiced on its statement's 월합계 at the close (docs/requirements.md#monthly-close).
    const [o] = await invoiceOrders(tx, order.companyId, and(orderIdIs(order.id), paidInCash));
    const draft = o && orderInvoice({ ...o, shippedAt: now }, now);
    if (draft) await writeInvoice(tx, { companyId: order.companyId, kind: 'order', orderId: order.id, draft });
    return;
  }
  if (
    to !== ORDER_STATUS.returnApproved &&
    to !== ORDER_STATUS.sellerCancelled &&
    to !== ORDER_STATUS.shipmentCancelled
  )
    return;
  const issued = await tx
    .select(issuedColumns)
    .from(taxInvoices)
    .where(
      and(
        eq(taxInvoices.companyId, order.companyId),
        inArray(taxInvoices.kind, ['order', 'monthly']),
        inArray(taxInvoices.status, ['issued', 'sent']),
        isNotNull(taxInvoices.issuedAt),
        sql`${taxInvoices.items} @> ${JSON.stringify([{ orderSeq: order.id }])}::jsonb`,
      ),
    )
    .for('update');
  for (const original of issued) await writeCorrections(tx, order.companyId, original);
}
