/** Body-part reference terms for /carInfo. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId } from '../../db/columns.js';

/** Body-part reference terms for /carInfo, grouped by page number. */
export const bodyParts = pgTable(
  'body_parts',
  {
    id: serialId(),
    page: integer('page').notNull(),
    nameCn: text('name_cn').notNull(),
    nameKo: text('name_ko').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('body_parts_page').on(t.page, t.id)],
);
