import { and, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { RETENTION } from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { chatConversations, chatFiles, chatMessages } from '../chat/schema.js';
import { inquiries } from '../inquiry/schema.js';
import { companies, members } from '../members/schema.js';
import { orderEvents, orderLines, orders } from '../orders/schema.js';
import { payments } from '../payments/schema.js';
import { taxInvoices } from '../tax-invoices/schema.js';
import { cashLedger } from '../wallet/schema.js';
import type { JobHandler } from '../../shared/job-types.js';
import type { FileStorage } from '../chat/index.js';
import { pruneEffectLogs } from './effect-logs.js';

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
  const withdrawn = (tx: Tx) => tx.select({ id: companies.id }).from(companies).where(isNotNull(companies.withdrawnAt));
  const fileKeys = await db.transaction(async (tx) => {
    // Advertising inquiries (표시·광고), whoever sent them: 6 months.
    await tx
      .delete(inquiries)
      .where(
        and(eq(inquiries.qnaType, 'advertising'), lt(inquiries.createdAt, monthsAgo(RETENTION.advertisingMonths))),
      );
    // Return and dispute details of withdrawn companies: 3 years after the order.
    await tx
      .update(orders)
      .set({ returnReason: null, staffNote: '' })
      .where(
        and(
          inArray(orders.companyId, withdrawn(tx)),
          lt(orders.createdAt, yearsAgo(RETENTION.disputeYears)),
          or(isNotNull(orders.returnReason), ne(orders.staffNote, '')),
        ),
      );
    // Payment and supply records of withdrawn companies: 5 years after they were made.
    const old = (t: typeof orders | typeof taxInvoices | typeof payments | typeof cashLedger): SQL =>
      and(inArray(t.companyId, withdrawn(tx)), lt(t.createdAt, yearsAgo(RETENTION.paymentYears)))!;
    const oldOrders = () => tx.select({ id: orders.id }).from(orders).where(old(orders));
    await tx.delete(taxInvoices).where(old(taxInvoices));
    await tx.delete(orderEvents).where(inArray(orderEvents.orderId, oldOrders()));
    await tx.delete(orderLines).where(inArray(orderLines.orderId, oldOrders()));
    await tx
      .delete(orders)
      .where(
        and(
          old(orders),
          notInArray(
            orders.id,
            tx.select({ orderId: taxInvoices.orderId }).from(taxInvoices).where(isNotNull(taxInvoices.orderId)),
          ),
        ),
      );
    await tx.delete(payments).where(old(payments));
    await tx.delete(cashLedger).where(old(cashLedger));

    // A withdrawn customer's chat (a record of complaints and their handling): 3 years after its last message.
    const chats = () =>
      tx
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .innerJoin(members, eq(members.id, chatConversations.customerId))
        .where(
          and(
            eq(members.status, 'withdrawn'),
            lt(
              sql`coalesce((select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id}), ${chatConversations.createdAt})`,
              yearsAgo(RETENTION.disputeYears),
            ),
          ),
        );
    const gone = await tx
      .delete(chatFiles)
      .where(inArray(chatFiles.conversationId, chats()))
      .returning({ storageKey: chatFiles.storageKey, thumbKey: chatFiles.thumbKey });
    await tx.delete(chatMessages).where(inArray(chatMessages.conversationId, chats()));
    await tx.delete(chatConversations).where(inArray(chatConversations.id, chats()));

    // The company itself, once its last tax record is gone: 5 years after the withdrawal.
    await tx
      .update(companies)
      .set({
        name: WITHDRAWN_COMPANY_NAME,
        license: null,
        ceo: '',
        area: '',
        addrMain: '',
        addrSub: '',
        postMain: '',
        bizType: '',
        bizItem: '',
        invoiceMail: '',
        purgedAt: now,
      })
      .where(
        and(
          isNotNull(companies.withdrawnAt),
          isNull(companies.purgedAt),
          lt(companies.withdrawnAt, yearsAgo(RETENTION.paymentYears)),
        ),
      );
    return gone.flatMap((f) => [f.storageKey, f.thumbKey]);
  });
  if (files) for (const key of fileKeys) await files.remove(key);
  await pruneEffectLogs(db, now);
}

/** What a withdrawn company's name reads as once its records' periods have ended. */
export const WITHDRAWN_COMPANY_NAME = '탈퇴회사';
