import { sql, type SQL } from 'drizzle-orm';
import { RETENTION } from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { deleteStaleConversations } from '../chat/repository.js';
import {
  companiesWithCreditSince,
  deleteCreditBooks,
  ledgerOrderIds,
  statementInvoiceIds,
} from '../credit/repository.js';
import {
  companiesWithDepositsSince,
  deleteDepositsOf,
  deleteDismissedDeposits,
  depositPaymentIds,
} from '../deposits/repository.js';
import { deleteAdvertisingInquiries } from '../inquiry/repository.js';
import { purgeWithdrawnCompanies, withdrawnCompanyIds, withdrawnMemberIds } from '../members/repository.js';
import { deleteOldOrders, eraseDisputeDetails } from '../orders/repository.js';
import { companiesWithStatementPaymentsSince, deleteOldPayments } from '../payments/repository.js';
import { deleteOldTaxInvoices, invoicedOrderIds } from '../tax-invoices/repository.js';
import { deleteOldLedger } from '../wallet/repository.js';
import type { JobHandler } from '../../shared/job-types.js';
import type { FileStorage } from '../chat/index.js';
import { pruneCartRequests } from '../cart/repository.js';
import { prunePhoneCodes } from '../auth/repository.js';
import { EFFECT_LOG_BATCH, pruneEffectLogs } from './effect-logs.js';

/**
 * The daily destruction of what a withdrawn company left and the law no longer asks the shop to
 * keep (docs/requirements.md#retention): each kind of record when its own period has ended. The
 * same sweep prunes the jobs' effect logs (effect-logs.ts, docs/operations.md#jobs).
 */
export const retentionSweep: JobHandler<'retention.sweep', { files?: FileStorage }> = async (_job, deps) => {
  await sweepRetention(deps.db, new Date(), deps.files);
};

/**
 * One sweep. The chat pictures of the conversations it destroys are removed from `files` after the
 * transaction commits (a file whose row is gone is never served; one left by a crash stays unreachable).
 * The effect logs are pruned after it, in batches of their own.
 */
export async function sweepRetention(
  db: Parameters<JobHandler<'retention.sweep'>>[1]['db'],
  now: Date = new Date(),
  files?: FileStorage,
): Promise<void> {
  const at = now.toISOString();
  const monthsAgo = (months: number) => sql`${at}::timestamptz - make_interval(months => ${months})`;
  const yearsAgo = (years: number) => sql`${at}::timestamptz - make_interval(years => ${years})`;
  // One transaction; each step is the owning feature's query (docs/architecture.md#the-database).
  const fileKeys = await db.transaction(async (tx) => {
    // Advertising inquiries (표시·광고), whoever sent them: 6 months.
    await deleteAdvertisingInquiries(tx, monthsAgo(RETENTION.advertisingMonths));
    // Return and dispute details of withdrawn companies: 3 years after the order.
    await eraseDisputeDetails(tx, withdrawnCompanyIds(tx), yearsAgo(RETENTION.disputeYears));
    // Payment and supply records of withdrawn companies: 5 years after they were made. A 외상 book
    // (statements, receivables ledger, deposits) goes whole, once its newest record is that old; what
    // a record still kept names stays with it (a payment a deposit names, an invoice a statement
    // names, an order an invoice or the ledger names). In this order, as the rows name each other.
    const paid = yearsAgo(RETENTION.paymentYears);
    const books = await oldCreditBooks(tx, paid);
    await deleteDepositsOf(tx, books);
    await deleteOldPayments(tx, withdrawnCompanyIds(tx), paid, depositPaymentIds(tx));
    await deleteCreditBooks(tx, books);
    await deleteOldTaxInvoices(tx, withdrawnCompanyIds(tx), paid, statementInvoiceIds(tx));
    await deleteOldOrders(tx, withdrawnCompanyIds(tx), paid, [invoicedOrderIds(tx), ledgerOrderIds(tx)]);
    await deleteOldLedger(tx, withdrawnCompanyIds(tx), paid);
    // A deposit staff set aside, paid to no company (a depositor's name on money returned): 5 years.
    await deleteDismissedDeposits(tx, paid);

    // A withdrawn customer's chat (a record of complaints and their handling): 3 years after its last message.
    const keys = await deleteStaleConversations(tx, withdrawnMemberIds(tx), yearsAgo(RETENTION.disputeYears));

    // Phone codes, whoever they were sent to (a join never finished too): 2 days (PHONE_CODE_DAYS).
    await prunePhoneCodes(tx, sql`${at}::timestamptz - make_interval(days => ${PHONE_CODE_DAYS})`);

    // The company itself, once its last tax record is gone: 5 years after the withdrawal.
    await purgeWithdrawnCompanies(tx, yearsAgo(RETENTION.paymentYears), WITHDRAWN_COMPANY_NAME, now);
    return keys;
  });
  if (files) for (const key of fileKeys) await files.remove(key);
  await pruneEffectLogs(db, now);
  // The cart's request ids, a week old (features/cart/repository.ts), in batches of the same size.
  await pruneCartRequests(db, now, EFFECT_LOG_BATCH);
}

/**
 * The withdrawn companies that have a 외상 book with no record made at or after `since`: no
 * receivables row, statement, statement payment, deposit, virtual account or deposit callback. Only
 * companies with a book are named, so the list holds what this sweep destroys, not every company
 * that ever withdrew (a query's parameters are limited).
 */
async function oldCreditBooks(tx: Tx, since: SQL): Promise<number[]> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const withBook = new Set([
    ...(await companiesWithCreditSince(tx, withdrawnCompanyIds(tx))),
    ...(await companiesWithDepositsSince(tx, withdrawnCompanyIds(tx))),
  ]);
  if (withBook.size === 0) return [];
  const young = new Set([
    ...(await companiesWithCreditSince(tx, withdrawnCompanyIds(tx), since)),
    ...(await companiesWithDepositsSince(tx, withdrawnCompanyIds(tx), since)),
    ...(await companiesWithStatementPaymentsSince(tx, withdrawnCompanyIds(tx), since)),
  ]);
  return [...withBook].filter((id) => !young.has(id)).sort((a, b) => a - b);
}

/**
 * How long a phone code is kept: it is good for minutes (TIMING.phoneCodeValidSec, then PHONE_CODE.verifiedUseSec
 * to finish the flow) and the daily caps count the codes of the current Seoul day only, so two days leave every
 * count whole and keep no number longer than that (docs/requirements.md#retention).
 */
export const PHONE_CODE_DAYS = 2;

/** What a withdrawn company's name reads as once its records' periods have ended. */
export const WITHDRAWN_COMPANY_NAME = '탈퇴회사';
