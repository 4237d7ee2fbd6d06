/** The shop configuration. */
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** The shop configuration: one row, its `ver` bumped on every change. */
export const mallConfig = pgTable('mall_config', {
  id: integer('id').primaryKey(),
  ver: integer('ver').notNull().default(1),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
