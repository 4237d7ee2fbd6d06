import { sql } from 'drizzle-orm';
import { RETENTION } from '@partsmall/contract';
import { queryRows } from '../../db/client.js';
import type { JobHandler } from '../jobs/types.js';
import type { FileStorage } from '../chat/index.js';

/**
 * The daily destruction of what a withdrawn company left and the law no longer asks the shop to
 * keep (docs/requirements.md#retention): each kind of record when its own period has ended.
 */
export const retentionSweep: JobHandler<'retention.sweep'> = async (_job, deps) => {
  await sweepRetention(deps.db, new Date(), deps.files);
};

/**
 * One sweep. The chat pictures of the conversations it destroys are removed from `files` after the
 * transaction commits (a file whose row is gone is never served; one left by a crash stays unreachable).
 */
export async function sweepRetention(
  db: Parameters<JobHandler<'retention.sweep'>>[1]['db'],
  now: Date = new Date(),
  files?: FileStorage,
): Promise<void> {
  const at = now.toISOString();
  const fileKeys = await db.transaction(async (tx) => {
    // Advertising inquiries (표시·광고), whoever sent them: 6 months.
    await tx.execute(
      sql`delete from inquiries where qna_type = 'advertising' and created_at < ${at}::timestamptz - make_interval(months => ${RETENTION.advertisingMonths})`,
    );
    // Return and dispute details of withdrawn companies: 3 years after the order.
    await tx.execute(sql`update orders set return_reason = null, staff_note = ''
      where company_id in (select id from companies where withdrawn_at is not null)
        and created_at < ${at}::timestamptz - make_interval(years => ${RETENTION.disputeYears})
        and (return_reason is not null or staff_note <> '')`);
    // Payment and supply records of withdrawn companies: 5 years after they were made.
    const old = sql`company_id in (select id from companies where withdrawn_at is not null) and created_at < ${at}::timestamptz - make_interval(years => ${RETENTION.paymentYears})`;
    await tx.execute(sql`delete from tax_invoices where ${old}`);
    await tx.execute(sql`delete from order_events where order_id in (select id from orders where ${old})`);
    await tx.execute(sql`delete from order_lines where order_id in (select id from orders where ${old})`);
    await tx.execute(
      sql`delete from orders where ${old} and id not in (select order_id from tax_invoices where order_id is not null)`,
    );
    await tx.execute(sql`delete from payments where ${old}`);
    await tx.execute(sql`delete from cash_ledger where ${old}`);

    // A withdrawn customer's chat (a record of complaints and their handling): 3 years after its last message.
    const chats = sql`select c.id from chat_conversations c join members m on m.id = c.customer_id
      where m.status = 'withdrawn'
        and coalesce((select max(created_at) from chat_messages where conversation_id = c.id), c.created_at)
            < ${at}::timestamptz - make_interval(years => ${RETENTION.disputeYears})`;
    const gone = await queryRows<{ storage_key: string; thumb_key: string }>(
      tx,
      sql`delete from chat_files where conversation_id in (${chats}) returning storage_key, thumb_key`,
    );
    await tx.execute(sql`delete from chat_messages where conversation_id in (${chats})`);
    await tx.execute(sql`delete from chat_conversations where id in (${chats})`);

    // The company itself, once its last tax record is gone: 5 years after the withdrawal.
    await tx.execute(sql`update companies set name = ${WITHDRAWN_COMPANY_NAME}, license = null, ceo = '', area = '',
        addr_main = '', addr_sub = '', post_main = '', biz_type = '', biz_item = '', invoice_mail = '', purged_at = ${at}::timestamptz
      where withdrawn_at is not null and purged_at is null
        and withdrawn_at < ${at}::timestamptz - make_interval(years => ${RETENTION.paymentYears})`);
    return gone.flatMap((f) => [f.storage_key, f.thumb_key]);
  });
  if (files) for (const key of fileKeys) await files.remove(key);
}

/** What a withdrawn company's name reads as once its records' periods have ended. */
export const WITHDRAWN_COMPANY_NAME = '탈퇴회사';
