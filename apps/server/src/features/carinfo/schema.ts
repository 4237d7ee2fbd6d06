/** Body-part reference terms for /carInfo. */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

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
