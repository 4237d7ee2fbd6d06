import { createHash } from 'node:crypto';
import { MSG_ADMIN, hasVisibleText, type AdminNotice } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import {
  countNotices,
  insertNotice,
  noticeById,
  noticesWhere,
  noticeWhere,
  updateNotice,
  type NoticeRecord,
} from '../notices/repository.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { sanitizeNoticeHtml, unservedPictures } from '../notices/index.js';
import { recordAudit } from './audit.js';
import { escapeLike } from './search.js';

/** Notices in the back office: list, detail, create and edit. */

/**
 * A notice's version (docs/requirements.md#back-office): a fingerprint of every field staff edit, so
 * any save that changes one of them changes it (31 bits, an int of the contract). The notices table
 * keeps no counter of its own; two different stored notices with one version would need a hash
 * collision between consecutive states of one notice.
 */
export function noticeVer(r: Pick<NoticeRecord, 'type' | 'title' | 'content' | 'popup' | 'published'>): number {
  const digest = createHash('sha256')
    .update(JSON.stringify([r.type, r.title, r.content, r.popup, r.published]))
    .digest();
  return digest.readUInt32BE(0) >>> 1;
}

const toNotice = (r: NoticeRecord): AdminNotice => ({
  seq: r.id,
  type: r.type,
  title: r.title,
  content: r.content,
  popup: r.popup,
  published: r.published,
  created: r.createdAt.toISOString(),
  ver: noticeVer(r),
});

export async function listNoticesAdmin(
  db: Db,
  q: { keyword?: string | undefined; type?: number | undefined; page: number; size: number },
) {
  const w = noticeWhere({ titlePattern: q.keyword ? `%${escapeLike(q.keyword)}%` : undefined, type: q.type });
  const [rows, total] = await Promise.all([
    noticesWhere(db, w, { limit: q.size, offset: (q.page - 1) * q.size }),
    countNotices(db, w),
  ]);
  return { results: rows.map(toNotice), total };
}

export async function noticeDetailAdmin(db: Db, seq: number): Promise<AdminNotice> {
  const row = await noticeById(db, seq);
  if (!row) throw notFound(MSG_ADMIN.noticeNotFound);
  return toNotice(row);
}

/**
 * Whether sanitised notice HTML shows something: a visible character (a zero-width space or a Hangul
 * filler is none: `hasVisibleText`) or a picture that kept its address. The sanitiser takes off an
 * address it does not allow and leaves `<img />`, which shows nothing (docs/security.md#notice-html).
 */
const showsSomething = (html: string) =>
  hasVisibleText(html.replace(/<[^>]*>/g, '')) || /<img(?:\s[^>]*)?\ssrc="[^"]/.test(html);

/**
 * Create or edit; the HTML is sanitised here on the server whatever the editor sent (scripts never
 * survive). An edit that names the `ver` its form was read at is refused when another save came in
 * between, so it never silently undoes that save (without `ver`, as older clients send, it is taken).
 */
export async function saveNotice(
  db: Db,
  staffId: number,
  n: {
    seq?: number | undefined;
    type: number;
    title: string;
    content: string;
    popup: boolean;
    published: boolean;
    ver?: number | undefined;
  },
) {
  const content = sanitizeNoticeHtml(n.content);
  if (!showsSomething(content)) throw badRequest(MSG_ADMIN.contentRequired, 'content');
  const [unserved] = unservedPictures(content);
  if (unserved !== undefined) throw badRequest(MSG_ADMIN.noticeImageNotServed(unserved), 'content');
  const fields = { type: n.type, title: n.title, content, popup: n.popup, published: n.published };
  return db.transaction(async (tx) => {
    if (n.seq) {
      const before = await noticeById(tx, n.seq, true);
      if (!before) throw notFound(MSG_ADMIN.noticeNotFound);
      // The row is locked: of two edits read at one version, the second finds the first's.
      if (n.ver !== undefined && n.ver !== noticeVer(before))
        throw new AppError(409, MSG_ADMIN.noticeChanged, 409, 'ver');
      const row = await updateNotice(tx, n.seq, fields);
      await recordAudit(tx, {
        memberId: staffId,
        action: 'saveNotice',
        target: `notice:${n.seq}`,
        before: toNotice(before),
        after: toNotice(row),
      });
      return toNotice(row);
    }
    const row = await insertNotice(tx, fields);
    await recordAudit(tx, {
      memberId: staffId,
      action: 'saveNotice',
      target: `notice:${row.id}`,
      before: null,
      after: toNotice(row),
    });
    return toNotice(row);
  });
}
