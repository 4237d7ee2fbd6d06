import { and, desc, eq, inArray, isNotNull, lt, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { outerColumn } from '../../db/columns.js';
import { companyNameSql } from '../members/repository.js';
import { taxInvoices } from './schema.js';

/** The tax invoices' reads other features share, and the back office's (docs/architecture.md#the-database). */

/** The number of the invoice of a management key (written once per key), or undefined. */
export async function invoiceIdByMgtKey(db: Db | Tx, mgtKey: string): Promise<number | undefined> {
  const [row] = await db.select({ id: taxInvoices.id }).from(taxInvoices).where(eq(taxInvoices.mgtKey, mgtKey));
  return row?.id;
}

/** The company name of each of these invoices, by invoice number (발송 작업 names an issuing job's company). */
export async function invoiceCompanyNames(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: taxInvoices.id, name: companyNameSql(taxInvoices.companyId) })
    .from(taxInvoices)
    .where(inArray(taxInvoices.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Invoices with their company's name. */
const withCompanyName = (db: Db) =>
  db.select({ inv: taxInvoices, companyName: companyNameSql(taxInvoices.companyId) }).from(taxInvoices);

/** A page of invoices matching `where`, newest first, each with its company's name. */
export function invoicesWithCompany(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return withCompanyName(db).where(where).orderBy(desc(taxInvoices.id)).limit(limit).offset(offset);
}

/** One invoice with its company's name, or undefined. */
export async function invoiceWithCompany(db: Db, id: number) {
  const [row] = await withCompanyName(db).where(eq(taxInvoices.id, id));
  return row;
}

/**
 * Deletes the tax invoices of `companyIds` (a subquery) made before `before`, except those in `keep`
 * (a subquery of invoice ids: the 월합계 invoices a statement still names) (docs/requirements.md#retention).
 */
export async function deleteOldTaxInvoices(
  tx: Tx,
  companyIds: SQLWrapper,
  before: SQL,
  keep: SQLWrapper,
): Promise<void> {
  await tx
    .delete(taxInvoices)
    .where(
      and(
        inArray(taxInvoices.companyId, companyIds),
        lt(taxInvoices.createdAt, before),
        notInArray(taxInvoices.id, keep),
      ),
    );
}

/** The orders a tax invoice names, as a subquery (an order named by one is kept). */
export const invoicedOrderIds = (tx: Tx) =>
  tx.select({ orderId: taxInvoices.orderId }).from(taxInvoices).where(isNotNull(taxInvoices.orderId));

/**
 * The status and the error of the invoice whose id is `invoiceId` (another feature's reference to
 * one), as expressions that feature's statement reads beside its row; null without an invoice.
 */
export const invoiceStateSql = (invoiceId: SQLWrapper) => ({
  status: sql<
    string | null
  >`(select ${taxInvoices.status} from ${taxInvoices} where ${taxInvoices.id} = ${outerColumn(invoiceId)})`,
  error: sql<
    string | null
  >`(select ${taxInvoices.error} from ${taxInvoices} where ${taxInvoices.id} = ${outerColumn(invoiceId)})`,
});
