/** Companies (the buying accounts), their members and the company's saved delivery addresses. */
import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt, wonZero, blankText, refTo } from '../../db/columns.js';

export const companies = pgTable(
  'companies',
  {
    id: serialId(),
    name: text('name').notNull(),
    /** Business registration number, 10 digits; null for a quick chat sign-up until it is filled in. */
    license: char('license', { length: 10 }),
    area: blankText('area'),
    ceo: blankText('ceo'),
    fax: blankText('fax'),
    phone: blankText('phone'),
    mail: blankText('mail'),
    addrMain: blankText('addr_main'),
    addrSub: blankText('addr_sub'),
    postMain: blankText('post_main'),
    level: char('level', { length: 1 }).notNull().default('d'),
    /** Cash balance in won; only ever changed together with a cash_ledger row. */
    point: wonZero('point'),
    securityNum: char('security_num', { length: 6 }).notNull(),
    /** End of the licence (exclusive instant); null = never bought. */
    licenseEnd: instant('license_end'),
    /** 업태 and 종목, as the buyer's 전자세금계산서 needs them (docs/requirements.md#tax-invoices). */
    bizType: blankText('biz_type'),
    bizItem: blankText('biz_item'),
    /** Where the tax invoices are mailed (the buyer's accountant); '' until set. */
    invoiceMail: blankText('invoice_mail'),
    /** 'order': one invoice per shipped order; 'monthly': one 월합계 invoice a month. */
    invoiceMode: text('invoice_mode').notNull().default('order'),
    createdAt: createdAt(),
    withdrawnAt: instant('withdrawn_at'),
    /** When the withdrawn company's personal data was destroyed (docs/requirements.md#retention). */
    purgedAt: instant('purged_at'),
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
    id: serialId(),
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
    contactPhone: blankText('contact_phone'),
    mail: blankText('mail'),
    /** 0 main account, other values sub-account. */
    type: integer('type').notNull().default(0),
    role: text('role').notNull().default('member'),
    companyId: refTo('company_id', () => companies.id),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    withdrawnAt: instant('withdrawn_at'),
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
