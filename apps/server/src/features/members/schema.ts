/** Companies (the buying accounts), their members and the company's saved delivery addresses. */
import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt, wonZero, blankText, refTo, checkIn, status } from '../../db/columns.js';

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
    checkIn('companies_invoice_mode_valid', t.invoiceMode, ['order', 'monthly']),
    uniqueIndex('companies_license_active')
      .on(t.license)
      .where(sql`withdrawn_at is null`),
    check('companies_point_nonnegative', sql`${t.point} >= 0`),
    checkIn('companies_level_valid', t.level, ['a', 'b', 'c', 'd']),
  ],
);

/** A reference to the company a row belongs to (`company_id`). */
export const companyRef = () => refTo('company_id', () => companies.id);

/** A row of one company: its own number and the company's. */
export const companyRow = () => ({ id: serialId(), companyId: companyRef().notNull() });

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
    /**
     * Whether the number, while unproved, may recover the account (find id, reset password): not once
     * the member changed it in 내 정보 without a code, so a stolen session cannot put its own number
     * on the account and take the password (docs/security.md#sessions). A code proving it sets it again.
     */
    phoneRecovers: boolean('phone_recovers').notNull().default(true),
    /** The sub-account form's extra contact number (`phoen`). */
    contactPhone: blankText('contact_phone'),
    mail: blankText('mail'),
    /** 0 main account, other values sub-account. */
    type: integer('type').notNull().default(0),
    role: text('role').notNull().default('member'),
    companyId: companyRef(),
    status: status('active'),
    /**
     * Stopped by the shop's staff (admin setMemberStatus): only the shop lets it in again, never the
     * company's main account (docs/security.md#back-office-audit).
     */
    stoppedByShop: boolean('stopped_by_shop').notNull().default(false),
    createdAt: createdAt(),
    withdrawnAt: instant('withdrawn_at'),
  },
  (t) => [
    uniqueIndex('members_login_id').on(t.loginId),
    uniqueIndex('members_phone_active')
      .on(t.phone)
      .where(sql`status <> 'withdrawn' and phone_verified`),
    index('members_company').on(t.companyId),
    checkIn('members_role_valid', t.role, ['member', 'staff', 'admin']),
    checkIn('members_status_valid', t.status, ['active', 'stopped', 'withdrawn']),
  ],
);

/** A reference to a member (`member_id` unless named): who made, sent or changed the row. */
export const memberRef = (name = 'member_id') => refTo(name, () => members.id);

/** Who wrote a ledger or history row (null: the system), their note, and when. */
export const authorNote = () => ({ memberId: memberRef(), note: blankText('note'), createdAt: createdAt() });
