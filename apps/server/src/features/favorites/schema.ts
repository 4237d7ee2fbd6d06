/** Favourite products and restock alerts, per company and member. */
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { companyRef, memberRef } from '../members/schema.js';
import { productRef } from '../products/schema.js';

/** A product a member of a company asked about, and when. */
const companyProduct = () => ({
  companyId: companyRef().notNull(),
  productId: productRef().notNull(),
});

/** 관심상품: one list per company, shared by its main and sub-accounts (docs/requirements.md#favourites). */
export const favorites = pgTable(
  'favorites',
  {
    ...companyProduct(),
    /** Who added it. */
    memberId: memberRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'favorites_pk', columns: [t.companyId, t.productId] })],
);

/** 재입고 알림: a member waiting for a sold-out product; the row goes when the message is queued. */
export const restockAlerts = pgTable(
  'restock_alerts',
  {
    ...companyProduct(),
    memberId: memberRef().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'restock_alerts_pk', columns: [t.memberId, t.productId] }),
    index('restock_alerts_product').on(t.productId),
  ],
);
