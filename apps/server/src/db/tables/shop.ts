/** The shop itself: its configuration, notices, 1:1 inquiries, the body-part terms of /carInfo and the back office's audit log. */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { members } from './accounts.js';

/** The shop configuration: one row, its `ver` bumped on every change. */
export const mallConfig = pgTable('mall_config', {
  id: integer('id').primaryKey(),
  ver: integer('ver').notNull().default(1),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    /** 0 notice, 2 usage guide, 3 FAQ. */
    type: integer('type').notNull().default(0),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    /** Shown in the home notice popup. */
    popup: boolean('popup').notNull().default(false),
    /** Unpublished notices are kept for the back office and hidden from the shop. */
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('notices_type_created').on(t.type, t.createdAt)],
);

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

/** Body-part reference terms for /carInfo, grouped by page number. */
export const bodyParts = pgTable(
  'body_parts',
  {
    id: serial('id').primaryKey(),
    page: integer('page').notNull(),
    nameCn: text('name_cn').notNull(),
    nameKo: text('name_ko').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('body_parts_page').on(t.page, t.id)],
);

/**
 * The back office's audit log (issue 12): every staff write, who, when, what and the values before
 * and after. Append-only: the code has no update or delete of it, and a trigger refuses both.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created').on(t.createdAt), index('admin_audit_action').on(t.action, t.createdAt)],
);
