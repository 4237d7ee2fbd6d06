/** Notices, usage guides and FAQs. */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/columns.js';

export const notices = pgTable(
  'notices',
  {
    id: serialId(),
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
