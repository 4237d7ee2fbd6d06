import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../client.js';
import { inquiries, members, notices } from '../schema.js';

/** The shop's content for staff: notices and inquiries (docs/architecture.md#the-database). */

export type NoticeRecord = typeof notices.$inferSelect;
export type InquiryRecord = typeof inquiries.$inferSelect;

export async function noticesWhere(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<NoticeRecord[]> {
  return db
    .select()
    .from(notices)
    .where(where)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotices(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notices).where(where);
  return row?.n ?? 0;
}

/** A notice, locked for the rest of the transaction when `lock` is a transaction. */
export async function noticeById(db: Db | Tx, id: number, lock = false): Promise<NoticeRecord | undefined> {
  const query = db.select().from(notices).where(eq(notices.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type NoticeFields = Pick<NoticeRecord, 'type' | 'title' | 'content' | 'popup' | 'published'>;

export async function updateNotice(tx: Tx, id: number, fields: NoticeFields): Promise<NoticeRecord> {
  const [row] = await tx.update(notices).set(fields).where(eq(notices.id, id)).returning();
  return row!;
}

export async function insertNotice(tx: Tx, fields: NoticeFields): Promise<NoticeRecord> {
  const [row] = await tx.insert(notices).values(fields).returning();
  return row!;
}

/** Inquiries matching `where`, newest first, with the asking member's name ('' for a visitor). */
export async function inquiriesWithNames(
  db: Db | Tx,
  where: SQL | undefined,
  page: { limit: number; offset?: number; lock?: boolean },
): Promise<(InquiryRecord & { memberName: string })[]> {
  const query = db
    .select({ inquiry: inquiries, memberName: members.name })
    .from(inquiries)
    .leftJoin(members, eq(members.id, inquiries.memberId))
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
