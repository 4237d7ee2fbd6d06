/** The address book (shipping): a company's saved delivery addresses. */
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { blankText, createdAt } from '../../db/columns.js';
import { companyRow } from '../members/schema.js';

/**
 * Where a delivery goes, as the address book keeps it and an order is sent to: the receiver's name
 * and phone, the post number, the address and its detail line (`addr_sub`, '' when none). A saved
 * address always has its post number and address; an order's are '' for a 방문수령
 * (docs/requirements.md#shipping), so the order's table gives those two their blank default.
 */
export const deliveryAddress = () => ({
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  postNum: text('post_num').notNull(),
  address: text('address').notNull(),
  addrSub: blankText('addr_sub'),
});

/** Saved delivery addresses of a company (address book). */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    ...companyRow(),
    basic: boolean('basic').notNull().default(false),
    ...deliveryAddress(),
    createdAt: createdAt(),
  },
  (t) => [index('shipping_addresses_company').on(t.companyId)],
);
