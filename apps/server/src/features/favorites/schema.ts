/** Favourite products and restock alerts, per company and member. */
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, refTo } from '../../db/columns.js';
import { companies, members } from '../members/schema.js';
import { products } from '../products/schema.js';

/** 관심상품: one list per company, shared by its main and sub-accounts (docs/requirements.md#favourites). */
export const favorites = pgTable(
  'favorites',
  {
    companyId: refTo('company_id', () => companies.id).notNull(),
    productId: refTo('product_id', () => products.id).notNull(),
    /** Who added it. */
    memberId: refTo('member_id', () => members.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'favorites_pk', columns: [t.companyId, t.productId] })],
);

/** 재입고 알림: a member waiting for a sold-out product; the row goes when the message is queued. */
export const restockAlerts = pgTable(
  'restock_alerts',
  {
    companyId: refTo('company_id', () => companies.id).notNull(),
    productId: refTo('product_id', () => products.id).notNull(),
    memberId: refTo('member_id', () => members.id).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'restock_alerts_pk', columns: [t.memberId, t.productId] }),
    index('restock_alerts_product').on(t.productId),
  ],
);
