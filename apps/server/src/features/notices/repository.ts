import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { notices } from './schema.js';

/** Notices for staff (docs/architecture.md#the-database). */

export type NoticeRecord = typeof notices.$inferSelect;

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

/** The published popup notices, newest first, at most `limit` (the shop's home popup). */
export function popupNotices(db: Db, limit: number) {
  return db
    .select({ seq: notices.id, title: notices.title, content: notices.content })
    .from(notices)
    .where(and(eq(notices.popup, true), eq(notices.published, true)))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit);
}

/** The condition of the back office's notice list: a title containing `titlePattern` (an ILIKE pattern) and a type. */
export function noticeWhere(f: { titlePattern?: string | undefined; type?: number | undefined }): SQL | undefined {
  const c: SQL[] = [];
  if (f.titlePattern) c.push(ilike(notices.title, f.titlePattern));
  if (f.type !== undefined) c.push(eq(notices.type, f.type));
  return and(...c);
}
