import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { memberNameSql } from '../members/repository.js';
import { inquiries } from './schema.js';

/** 1:1 inquiries for staff (docs/architecture.md#the-database). */

export type InquiryRecord = typeof inquiries.$inferSelect;

/** Inquiries matching `where`, newest first, with the asking member's name ('' for a visitor). */
export async function inquiriesWithNames(
  db: Db | Tx,
  where: SQL | undefined,
  page: { limit: number; offset?: number; lock?: boolean },
): Promise<(InquiryRecord & { memberName: string })[]> {
  const query = db
    .select({ inquiry: inquiries, memberName: memberNameSql(inquiries.memberId) })
    .from(inquiries)
    .where(where)
    .orderBy(desc(inquiries.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  const rows = page.lock ? await query.for('update', { of: inquiries }) : await query;
  return rows.map((r) => ({ ...r.inquiry, memberName: r.memberName ?? '' }));
}

export async function countInquiries(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inquiries).where(where);
  return row?.n ?? 0;
}

/** Staff answered (stamped with the database's time) or closed the inquiry. */
export type InquiryChange = { status: 'answered'; answer: string } | { status: 'closed' };

export async function updateInquiry(tx: Tx, id: number, change: InquiryChange): Promise<void> {
  await tx
    .update(inquiries)
    .set(change.status === 'answered' ? { ...change, answeredAt: sql`now()` } : change)
    .where(eq(inquiries.id, id));
}

/** The condition of the back office's inquiry reads: one inquiry (`id`), or those of a status (none: all). */
export function inquiryWhere(f: { id?: number; status?: string | undefined }): SQL | undefined {
  if (f.id !== undefined) return eq(inquiries.id, f.id);
  return f.status ? eq(inquiries.status, f.status) : undefined;
}

/** Blanks the phone of these members' inquiries; their text stays for the record of what was asked. */
export async function blankInquiryPhones(tx: Tx, memberIds: number[]): Promise<void> {
  await tx.update(inquiries).set({ phone: '' }).where(inArray(inquiries.memberId, memberIds));
}

/** Deletes the advertising inquiries (표시·광고) sent before `before`, whoever sent them (docs/requirements.md#retention). */
export async function deleteAdvertisingInquiries(tx: Tx, before: SQL): Promise<void> {
  await tx.delete(inquiries).where(and(eq(inquiries.qnaType, 'advertising'), lt(inquiries.createdAt, before)));
}
