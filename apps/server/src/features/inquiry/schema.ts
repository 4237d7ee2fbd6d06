/** 1:1 inquiries from the public form. */
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { members } from '../members/schema.js';

/** 1:1 inquiries from the public form. */
export const inquiries = pgTable('inquiries', {
  id: serial('id').primaryKey(),
  /** 'partnership' or 'advertising' */
  qnaType: text('qna_type').notNull(),
  phone: text('phone').notNull(),
  content: text('content').notNull(),
  memberId: integer('member_id').references(() => members.id),
  /** 'open', 'answered' (staff wrote an answer) or 'closed'. */
  status: text('status').notNull().default('open'),
  answer: text('answer').notNull().default(''),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  createdAt: createdAt(),
});
