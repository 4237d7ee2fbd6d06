import { MSG_ADMIN, type AdminInquiry } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import {
  countInquiries,
  inquiriesWithNames,
  inquiryWhere,
  updateInquiry,
  type InquiryChange,
  type InquiryRecord,
} from '../inquiry/repository.js';
import { AppError, notFound } from '../../shared/http.js';
import { recordAudit } from './audit.js';

/** Partnership and advertising inquiries in the back office: list, answer, close. */

const toInquiry = (r: InquiryRecord & { memberName: string }): AdminInquiry => ({
  seq: r.id,
  qnaType: r.qnaType,
  phone: r.phone,
  content: r.content,
  memberName: r.memberName,
  status: r.status,
  answer: r.answer,
  answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
  created: r.createdAt.toISOString(),
});

export async function listInquiries(db: Db, q: { status?: string | undefined; page: number; size: number }) {
  const w = inquiryWhere({ status: q.status });
  const [rows, total] = await Promise.all([
    inquiriesWithNames(db, w, { limit: q.size, offset: (q.page - 1) * q.size }),
    countInquiries(db, w),
  ]);
  return { results: rows.map(toInquiry), total };
}

async function changeInquiry(
  db: Db,
  staffId: number,
  seq: number,
  action: 'answerInquiry' | 'closeInquiry',
  change: InquiryChange,
) {
  return db.transaction(async (tx) => {
    const [before] = await inquiriesWithNames(tx, inquiryWhere({ id: seq }), { limit: 1, lock: true });
    if (!before) throw notFound(MSG_ADMIN.inquiryNotFound);
    if (before.status === 'closed') throw new AppError(409, MSG_ADMIN.inquiryClosed, 409, 'seq');
    await updateInquiry(tx, seq, change);
    const [after] = await inquiriesWithNames(tx, inquiryWhere({ id: seq }), { limit: 1 });
    await recordAudit(tx, {
      memberId: staffId,
      action,
      target: `inquiry:${seq}`,
      before: { status: before.status, answer: before.answer },
      after: { status: after!.status, answer: after!.answer },
    });
    return toInquiry(after!);
  });
}

export const answerInquiry = (db: Db, staffId: number, seq: number, answer: string) =>
  changeInquiry(db, staffId, seq, 'answerInquiry', { status: 'answered', answer });
export const closeInquiry = (db: Db, staffId: number, seq: number) =>
  changeInquiry(db, staffId, seq, 'closeInquiry', { status: 'closed' });
