/** The address book (shipping): a company's saved delivery addresses. */
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { blankText, createdAt } from '../../db/columns.js';
import { companyRow } from '../members/schema.js';

/** Saved delivery addresses of a company (address book). */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    ...companyRow(),
    basic: boolean('basic').notNull().default(false),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    postNum: text('post_num').notNull(),
    address: text('address').notNull(),
    addrSub: blankText('addr_sub'),
    createdAt: createdAt(),
  },
  (t) => [index('shipping_addresses_company').on(t.companyId)],
);
