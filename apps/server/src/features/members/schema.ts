/** Companies (the buying accounts), their members and the company's saved delivery addresses. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, won } from '../../db/columns.js';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Business registration number, 10 digits; null for a quick chat sign-up until it is filled in. */
    license: char('license', { length: 10 }),
    area: text('area').notNull().default(''),
    ceo: text('ceo').notNull().default(''),
    fax: text('fax').notNull().default(''),
    phone: text('phone').notNull().default(''),
    mail: text('mail').notNull().default(''),
    addrMain: text('addr_main').notNull().default(''),
    addrSub: text('addr_sub').notNull().default(''),
    postMain: text('post_main').notNull().default(''),
    level: char('level', { length: 1 }).notNull().default('d'),
    /** Cash balance in won; only ever changed together with a cash_ledger row. */
    point: won('point').notNull().default(0),
    securityNum: char('security_num', { length: 6 }).notNull(),
    /** End of the licence (exclusive instant); null = never bought. */
    licenseEnd: timestamp('license_end', { withTimezone: true }),
    /** 업태 and 종목, as the buyer's 전자세금계산서 needs them (docs/requirements.md#tax-invoices). */
    bizType: text('biz_type').notNull().default(''),
    bizItem: text('biz_item').notNull().default(''),
    /** Where the tax invoices are mailed (the buyer's accountant); '' until set. */
    invoiceMail: text('invoice_mail').notNull().default(''),
    /** 'order': one invoice per shipped order; 'monthly': one 월합계 invoice a month. */
    invoiceMode: text('invoice_mode').notNull().default('order'),
    createdAt: createdAt(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** When the withdrawn company's personal data was destroyed (docs/requirements.md#retention). */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [
    check('companies_invoice_mode_valid', sql`${t.invoiceMode} in ('order','monthly')`),
    uniqueIndex('companies_license_active')
      .on(t.license)
      .where(sql`withdrawn_at is null`),
    check('companies_point_nonnegative', sql`${t.point} >= 0`),
    check('companies_level_valid', sql`${t.level} in ('a','b','c','d')`),
  ],
);

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    /** Login id: a mail address, stored lower-case. */
    loginId: text('login_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /**
     * Whether a phone code proved the number (join, find). The chat sign-up takes a number without
     * a code: such a number never blocks its real owner's verified sign-up.
     */
    phoneVerified: boolean('phone_verified').notNull().default(true),
    /** The sub-account form's extra contact number (`phoen`). */
    contactPhone: text('contact_phone').notNull().default(''),
    mail: text('mail').notNull().default(''),
    /** 0 main account, other values sub-account. */
    type: integer('type').notNull().default(0),
    role: text('role').notNull().default('member'),
    companyId: integer('company_id').references(() => companies.id),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('members_login_id').on(t.loginId),
    uniqueIndex('members_phone_active')
      .on(t.phone)
      .where(sql`status <> 'withdrawn' and phone_verified`),
    index('members_company').on(t.companyId),
    check('members_role_valid', sql`${t.role} in ('member','staff','admin')`),
    check('members_status_valid', sql`${t.status} in ('active','stopped','withdrawn')`),
  ],
);

/** Saved delivery addresses of a company (address book). */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    basic: boolean('basic').notNull().default(false),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    postNum: text('post_num').notNull(),
    address: text('address').notNull(),
    addrSub: text('addr_sub').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('shipping_addresses_company').on(t.companyId)],
);
