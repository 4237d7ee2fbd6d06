import { sql } from 'drizzle-orm';
import {
  ORDER_STATUS,
  corrections,
  correctionMgtKey,
  orderInvoice,
  type InvoiceDraft,
  type InvoiceOrder,
} from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { taxInvoices } from '../../db/schema.js';
import { enqueue } from '../../shared/job-queue.js';

/**
 * Where orders meet their tax invoices (docs/requirements.md#tax-invoices): a shipped order of a
 * per-order company gets its invoice written (발행 대기) and its issuing job in the shipping
 * transaction; a refund after issuance gets its 수정세금계산서 the same way. What an invoice says is
 * worked out again when it is issued, so a refund before issuance simply lowers or removes it.
 */

/** The orders as the invoice rules read them: total charged (goods and shipping), shipped, refunds. */
export async function invoiceOrders(
  db: Db | Tx,
  companyId: number,
  where: ReturnType<typeof sql>,
): Promise<InvoiceOrder[]> {
  const rows = await queryRows<{ id: number; total: string | number; shipped_at: string | Date | null }>(
    db,
    sql`select id, total_amount + shipping as total, shipped_at from orders where company_id = ${companyId} and storage_id > 0 and ${where} order by id`,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // The wallet writes each refund as '주문 #<id> 반품 환불' / '… 취소 환불' (features/orders/service.ts).
  const refunds = await queryRows<{ id: number; order_id: number; amount: string | number; created_at: string | Date }>(
    db,
    sql`select id, substring(note from '^주문 #([0-9]+) ')::int as order_id, amount, created_at from cash_ledger
        where company_id = ${companyId} and type in ('cancel', 'return') and note ~ '^주문 #[0-9]+ '
          and substring(note from '^주문 #([0-9]+) ')::int in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
  );
  return rows.map((r) => ({
    seq: r.id,
    total: Number(r.total),
    shippedAt: r.shipped_at ? new Date(r.shipped_at) : null,
    refunds: refunds
      .filter((f) => f.order_id === r.id)
      .map((f) => ({ seq: f.id, amount: Number(f.amount), at: new Date(f.created_at) })),
  }));
}

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

type IssuedRow = {
  id: number;
  mgt_key: string;
  items: { orderSeq: number; total: number }[];
  issued_at: string | Date;
  write_date: string;
  supply: string | number;
  tax: string | number;
  total: string | number;
};

/**
 * The 수정세금계산서 of refunds made after an invoice was issued, for the orders it lists (each refund
 * once: its key names the original and the refund's ledger row).
 */
export async function writeCorrections(tx: Tx, companyId: number, original: IssuedRow): Promise<void> {
  const ids = original.items.map((i) => i.orderSeq);
  if (ids.length === 0) return;
  const orders = await invoiceOrders(
    tx,
    companyId,
    sql`id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  const draft: InvoiceDraft = {
    mgtKey: original.mgt_key,
    writeDate: original.write_date,
    supply: Number(original.supply),
    tax: Number(original.tax),
    total: Number(original.total),
    items: original.items.map((i) => ({ orderSeq: i.orderSeq, total: i.total, supply: 0, tax: 0 })),
  };
  for (const c of corrections(draft, new Date(original.issued_at), orders)) {
    await writeInvoice(tx, {
      companyId,
      kind: 'correction',
      orderId: c.orderSeq,
      originalId: original.id,
      refundKey: `ledger:${c.refundSeq}`,
      draft: {
        mgtKey: correctionMgtKey(original.mgt_key, c.refundSeq),
        writeDate: c.writeDate,
        supply: c.supply,
        tax: c.tax,
        total: c.total,
        items: [{ orderSeq: c.orderSeq, supply: c.supply, tax: c.tax, total: c.total }],
      },
    });
  }
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
    const [company] = await queryRows<{ invoice_mode: string }>(
      tx,
      sql`select invoice_mode from companies where id = ${order.companyId}`,
    );
    if (company?.invoice_mode !== 'order') return;
    const [o] = await invoiceOrders(tx, order.companyId, sql`id = ${order.id}`);
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
  const issued = await queryRows<IssuedRow>(
    tx,
    sql`select id, mgt_key, items, issued_at, write_date, supply, tax, total from tax_invoices
        where company_id = ${order.companyId} and kind in ('order', 'monthly') and status in ('issued', 'sent')
          and items @> ${JSON.stringify([{ orderSeq: order.id }])}::jsonb
        for update`,
  );
  for (const original of issued) await writeCorrections(tx, order.companyId, original);
}
