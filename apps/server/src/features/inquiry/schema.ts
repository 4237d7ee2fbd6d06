/** 1:1 inquiries from the public form. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt, blankText, status } from '../../db/columns.js';
import { memberRef } from '../members/schema.js';

/** 1:1 inquiries from the public form. */
export const inquiries = pgTable('inquiries', {
  id: serialId(),
  /** 'partnership' or 'advertising' */
  qnaType: text('qna_type').notNull(),
  phone: text('phone').notNull(),
  content: text('content').notNull(),
  memberId: memberRef(),
  /** 'open', 'answered' (staff wrote an answer) or 'closed'. */
  status: status('open'),
  answer: blankText('answer'),
  answeredAt: instant('answered_at'),
  createdAt: createdAt(),
});
