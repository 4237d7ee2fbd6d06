import { sql } from 'drizzle-orm';
import type { JobHandler } from '../jobs/kinds.js';

/**
 * The daily destruction of what a withdrawn company left and the law no longer asks the shop to
 * keep (docs/requirements.md#retention): each kind of record when its own period has ended.
 */
export const RETENTION = {
  /** 대금결제 및 재화 등의 공급에 관한 기록, and the tax invoices: 5 years. */
  paymentYears: 5,
  /** 소비자의 불만 또는 분쟁처리에 관한 기록 (returns): 3 years. */
  disputeYears: 3,
  /** 표시·광고에 관한 기록: 6 months. */
  advertisingMonths: 6,
} as const;

export const retentionSweep: JobHandler<'retention.sweep'> = async (_job, deps) => {
  await sweepRetention(deps.db);
};

export async function sweepRetention(
  db: Parameters<JobHandler<'retention.sweep'>>[1]['db'],
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db.transaction(async (tx) => {
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
  });
}
