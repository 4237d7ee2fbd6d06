/** The back office's notices and the customers' inquiries. */
import { z } from 'zod';
import { answerOf, pageAnswerOf } from './envelope.js';
import { MSG_ADMIN, NOTICE_CONTENT_MAX } from './admin-menu.js';
import { int, instant, page, size, keyword, readAtVer } from './admin-fields.js';
import { PAGE_SIZE } from './constants.js';
import { hasVisibleText } from './rules.js';
import { inquirySeq, noticeSeq, wholeNumber } from './page-fields.js';
import { linesField, plainLines, textField } from './text-field.js';

export const adminNoticeListRequest = z.object({
  keyword,
  type: wholeNumber(0, 3, MSG_ADMIN.noticeTypeInvalid).optional(),
  page,
  size: size(PAGE_SIZE.backOffice),
});
export const adminNotice = z.object({
  seq: int,
  type: int,
  title: z.string(),
  content: z.string(),
  popup: z.boolean(),
  published: z.boolean(),
  created: instant,
  /** The stored notice's version, sent back with an edit's save (saveNoticeRequest.ver). */
  ver: int,
});
export type AdminNotice = z.infer<typeof adminNotice>;
export const adminNoticePageAnswer = pageAnswerOf(adminNotice);
export const adminNoticeAnswer = answerOf(adminNotice);
export const saveNoticeRequest = z.object({
  seq: noticeSeq.optional(),
  type: z.union([z.literal(0), z.literal(2), z.literal(3)], { error: MSG_ADMIN.noticeTypeInvalid }),
  // One character of it visible: a title of Hangul fillers showed an empty notice (docs/requirements.md#validation).
  title: textField(1, 200, MSG_ADMIN.titleRequired).refine(hasVisibleText, MSG_ADMIN.titleRequired),
  content: plainLines(
    z
      .string({ error: MSG_ADMIN.contentRequired })
      .min(1, MSG_ADMIN.contentRequired)
      .max(NOTICE_CONTENT_MAX, MSG_ADMIN.contentTooLong),
  ),
  popup: z.boolean({ error: MSG_ADMIN.noticePopupType }).default(false),
  published: z.boolean({ error: MSG_ADMIN.noticePublishedType }).default(true),
  /** An edit's `ver` as its form read it: a save over another staff member's newer edit is refused (409). */
  ver: readAtVer(0),
});
export type SaveNoticeRequest = z.input<typeof saveNoticeRequest>;

export const inquiryListRequest = z.object({
  status: z.enum(['open', 'answered', 'closed'], { error: MSG_ADMIN.inquiryStatusInvalid }).optional(),
  page,
  size: size(PAGE_SIZE.backOffice),
});
export const adminInquiry = z.object({
  seq: int,
  qnaType: z.string(),
  phone: z.string(),
  content: z.string(),
  memberName: z.string(),
  status: z.string(),
  answer: z.string(),
  answeredAt: instant.nullable(),
  created: instant,
});
export type AdminInquiry = z.infer<typeof adminInquiry>;
export const inquiryPageAnswer = pageAnswerOf(adminInquiry);
export const noticeSeqRequest = z.object({ seq: noticeSeq });
export const inquirySeqRequest = z.object({ seq: inquirySeq });
export const inquiryAnswerRequest = z.object({
  seq: inquirySeq,
  answer: linesField(1, 2000, MSG_ADMIN.answerRequired).refine(hasVisibleText, MSG_ADMIN.answerRequired),
});
export const adminInquiryAnswer = answerOf(adminInquiry);
