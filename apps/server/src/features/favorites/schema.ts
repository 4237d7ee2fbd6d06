/** Favourite products and restock alerts, per company and member. */
import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { companies, members } from '../members/schema.js';
import { products } from '../products/schema.js';

/** 관심상품: one list per company, shared by its main and sub-accounts (docs/requirements.md#favourites). */
export const favorites = pgTable(
  'favorites',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Who added it. */
    memberId: integer('member_id').references(() => members.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'favorites_pk', columns: [t.companyId, t.productId] })],
);

/** 재입고 알림: a member waiting for a sold-out product; the row goes when the message is queued. */
export const restockAlerts = pgTable(
  'restock_alerts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'restock_alerts_pk', columns: [t.memberId, t.productId] }),
    index('restock_alerts_product').on(t.productId),
  ],
);
