/** The shop configuration. */
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.js';

/** The shop configuration: one row, its `ver` bumped on every change. */
export const mallConfig = pgTable('mall_config', {
  id: integer('id').primaryKey(),
  ver: integer('ver').notNull().default(1),
  data: jsonb('data').notNull(),
  updatedAt: updatedAt(),
});
