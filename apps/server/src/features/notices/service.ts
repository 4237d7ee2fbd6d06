import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { NOTICE_BLANKS, notices } from './schema.js';
import { sanitizeNoticeHtml } from './sanitize.js';
import { pageWithTotal } from '../../db/page.js';

export interface NoticeQuery {
  searchType?: 'title' | 'content' | 'all' | '' | undefined;
  searchKeyword?: string | undefined;
  type?: number | undefined;
  page: number;
  size: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const BLANKS = new RegExp(NOTICE_BLANKS, 'g');

export async function listNotices(db: Db, q: NoticeQuery) {
  // Unpublished notices stay in the back office only.
  const conditions: SQL[] = [eq(notices.published, true)];
  if (q.type !== undefined) conditions.push(eq(notices.type, q.type));
  const kw = q.searchKeyword ?? '';
  if (kw !== '') {
    const pattern = `%${escapeLike(kw)}%`;
    // The content is searched as a reader sees it, never its HTML (docs/requirements.md#entities,
    // Notice): its text has white space as one space, and so has the keyword here.
    const inContent = ilike(notices.contentText, `%${escapeLike(kw.replace(BLANKS, ' '))}%`);
    if (q.searchType === 'content') conditions.push(inContent);
    else if (q.searchType === 'all') conditions.push(or(ilike(notices.title, pattern), inContent)!);
    else conditions.push(ilike(notices.title, pattern));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await pageWithTotal(db, notices, where, q, (limit, offset) =>
    db
      .select({
        seq: notices.id,
        type: notices.type,
        title: notices.title,
        content: notices.content,
        created: notices.createdAt,
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(limit)
      .offset(offset),
  );
  // A row carries its content (docs/requirements.md#entities, Notice), sanitised again on the way out
  // as the detail's is, in case a row was written by other means.
  return {
    rows: rows.map((r) => ({ ...r, content: sanitizeNoticeHtml(r.content), created: r.created.toISOString() })),
    total,
  };
}

export async function noticeById(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.published, true)));
  if (!row) return null;
  return { seq: row.id, type: row.type, title: row.title, content: row.content, created: row.createdAt.toISOString() };
}

/** Stores a notice; its HTML is sanitised on the way in, so every reader gets clean HTML. */
export async function createNotice(
  db: Db,
  n: { type: number; title: string; content: string; popup?: boolean; createdAt?: Date },
) {
  const [row] = await db
    .insert(notices)
    .values({
      type: n.type,
      title: n.title,
      content: sanitizeNoticeHtml(n.content),
      popup: n.popup ?? false,
      ...(n.createdAt ? { createdAt: n.createdAt } : {}),
    })
    .returning({ id: notices.id });
  return row!.id;
}
