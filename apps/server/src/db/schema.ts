import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Won amounts: bigint held as JS number (safe far beyond any balance a shop holds). */
const won = (name: string) => bigint(name, { mode: 'number' });

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

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_member').on(t.memberId)],
);

export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    /** 'join' (sign-up) or 'find' (find id / password). */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_phone').on(t.phone, t.purpose, t.createdAt)],
);

/** Messages the console SMS provider "sent": the dev outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    /** A notification's channel ('alimtalk', 'sms', 'lms') and event; null for a plain text. */
    channel: text('channel'),
    event: text('event'),
    /** A notification's message id (its job effect key): written once. */
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone').on(t.phone, t.id), uniqueIndex('sms_outbox_message_id').on(t.messageId)],
);

/** Rate-limit events (failed logins and the like), kept in the database so every instance shares them. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_key').on(t.key, t.createdAt)],
);

/** The shop configuration: one row, its `ver` bumped on every change. */
export const mallConfig = pgTable('mall_config', {
  id: integer('id').primaryKey(),
  ver: integer('ver').notNull().default(1),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    /** 0 notice, 2 usage guide, 3 FAQ. */
    type: integer('type').notNull().default(0),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    /** Shown in the home notice popup. */
    popup: boolean('popup').notNull().default(false),
    /** Unpublished notices are kept for the back office and hidden from the shop. */
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('notices_type_created').on(t.type, t.createdAt)],
);

/** Append-only cash ledger; the sum of a company's rows always equals companies.point. */
export const cashLedger = pgTable(
  'cash_ledger',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** order, point (top-up), license, cancel, return, adjust */
    type: text('type').notNull(),
    amount: won('amount').notNull(),
    balanceAfter: won('balance_after').notNull(),
    memberId: integer('member_id').references(() => members.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_ledger_company').on(t.companyId, t.createdAt),
    check('cash_ledger_type_valid', sql`${t.type} in ('order','point','license','cancel','return','adjust')`),
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

/** Products of the shop (docs/requirements.md#entities). Four price tiers A-D; a zero tier falls back to the next lower one. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Genuine (OE) part number as written by the maker. */
    pid: text('pid').notNull(),
    /** Alpha-number form of pid (A-Z, 0-9) for part-number search. */
    pidKey: text('pid_key').notNull(),
    factoryNum: text('factory_num').notNull().default(''),
    factoryKey: text('factory_key').notNull().default(''),
    /** 0 rebuilt, 1 aftermarket, 2 genuine, 3 remanufactured, 4 used */
    type: integer('type').notNull().default(2),
    priceA: won('price_a').notNull().default(0),
    priceB: won('price_b').notNull().default(0),
    priceC: won('price_c').notNull().default(0),
    priceD: won('price_d').notNull().default(0),
    salePrice: won('sale_price').notNull().default(0),
    /** Quantity for sale; 0 = preparing or sold out. Changed only together with an order or refund. */
    hasAmount: integer('has_amount').notNull().default(0),
    /** Warehouse name; the China warehouse starts with '중국'. */
    stockName: text('stock_name').notNull(),
    storageId: integer('storage_id').notNull(),
    imgFiles: jsonb('img_files').$type<string[]>().notNull().default([]),
    detailInfo: text('detail_info').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Mobile shortcut category: filter, shock, cooling, gear, light, pad, disc, condenser, sensor, radiator, arm. */
    category: text('category').notNull().default(''),
    brand: text('brand').notNull().default(''),
    /** Selling company; 0 = the shop itself. */
    companyId: integer('company_id').notNull().default(0),
    /**
     * The name's search forms (productNameColumns in the contract; docs/search.md#korean-name-search),
     * written with the name by every product write. '' until written: search then still finds the
     * row through `name` itself.
     */
    nameCompact: text('name_compact').notNull().default(''),
    nameChosung: text('name_chosung').notNull().default(''),
    nameJamo: text('name_jamo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_name_chosung_trgm').using('gin', sql`${t.nameChosung} gin_trgm_ops`),
    index('products_name_jamo_trgm').using('gin', sql`${t.nameJamo} gin_trgm_ops`),
    index('products_name_chosung_prefix').on(sql`${t.nameChosung} text_pattern_ops`),
    index('products_name_jamo_prefix').on(sql`${t.nameJamo} text_pattern_ops`),
    index('products_pid_key').on(sql`${t.pidKey} text_pattern_ops`),
    index('products_factory_key').on(sql`${t.factoryKey} text_pattern_ops`),
    index('products_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_category').on(t.category, t.id),
    check('products_has_amount_nonnegative', sql`${t.hasAmount} >= 0`),
    check('products_type_valid', sql`${t.type} between 0 and 4`),
  ],
);

/** 1:1 inquiries from the public form. */
export const inquiries = pgTable('inquiries', {
  id: serial('id').primaryKey(),
  /** 'partnership' or 'advertising' */
  qnaType: text('qna_type').notNull(),
  phone: text('phone').notNull(),
  content: text('content').notNull(),
  memberId: integer('member_id').references(() => members.id),
  /** 'open', 'answered' (staff wrote an answer) or 'closed'. */
  status: text('status').notNull().default('open'),
  answer: text('answer').notNull().default(''),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  createdAt: createdAt(),
});

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

/** Cart lines of a member; adding a product again raises its quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
    /** The vehicle the part was picked for in the catalogue (fewer 'information differs' returns). */
    vin: text('vin'),
    /** The buyer's note from a quick order line (docs/requirements.md#quick-order). */
    memo: text('memo').notNull().default(''),
    /** 작업번호 or 차량번호 the part is for, up to 30 characters (docs/requirements.md#job-reference). */
    jobRef: text('job_ref').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_member_product').on(t.memberId, t.productId),
    check('cart_items_qty_positive', sql`${t.qty} > 0`),
  ],
);

/** An order: one warehouse, paid from the company's cash in the same transaction as its ledger row. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Makes a repeated payment request pay once. */
    clientRequestId: text('client_request_id').notNull(),
    storageId: integer('storage_id').notNull(),
    stockName: text('stock_name').notNull(),
    status: integer('status').notNull().default(0),
    totalAmount: won('total_amount').notNull().default(0),
    shipping: won('shipping').notNull().default(0),
    shippingValue: integer('shipping_value').notNull(),
    shippingPayType: integer('shipping_pay_type').notNull(),
    arrive: text('arrive').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    postNum: text('post_num').notNull().default(''),
    address: text('address').notNull().default(''),
    addrSub: text('addr_sub').notNull().default(''),
    memo: text('memo').notNull().default(''),
    directDeli: boolean('direct_deli').notNull().default(false),
    fromName: text('from_name').notNull().default(''),
    fromPhone: text('from_phone').notNull().default(''),
    receiverIsSelfQuick: boolean('receiver_is_self_quick').notNull().default(false),
    carrier: text('carrier').notNull().default(''),
    waybill: text('waybill').notNull().default(''),
    returnReason: integer('return_reason'),
    staffNote: text('staff_note').notNull().default(''),
    /** The order's 작업번호 or 차량번호, typed at checkout (docs/requirements.md#job-reference). */
    jobRef: text('job_ref').notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_company_request').on(t.companyId, t.clientRequestId),
    index('orders_company_created').on(t.companyId, t.createdAt),
    check('orders_status_valid', sql`${t.status} in (0,1,2,3,4,5,6,8)`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    pid: text('pid').notNull(),
    factoryNum: text('factory_num').notNull().default(''),
    qty: integer('qty').notNull(),
    /** Unit price the company paid. */
    price: won('price').notNull(),
    /** The vehicle the part was bought for, carried from the cart line or 'buy now' (issue 10). */
    vin: text('vin'),
    /** Memo and job reference carried from the cart line (docs/requirements.md#job-reference). */
    memo: text('memo').notNull().default(''),
    jobRef: text('job_ref').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_lines_order').on(t.orderId), check('order_lines_qty_positive', sql`${t.qty} > 0`)],
);

/** Every status move: who, when, from and to. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    memberId: integer('member_id').references(() => members.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order').on(t.orderId)],
);

/**
 * Payments: cash top-ups ('point') and licence purchases ('license') through the payment gateway,
 * and charges the shop made itself (pgcode 'manager'). A payment starts 'pending' and moves once,
 * to 'paid' (credited in the same transaction) or 'declined'; it never moves back.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The gateway's payment id; a confirmation is matched by it, so one payment credits once. */
    gatewayId: text('gateway_id').notNull(),
    /** 'sandbox', a real provider's name, or 'manager'. */
    provider: text('provider').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    memberId: integer('member_id').references(() => members.id),
    kind: text('kind').notNull(),
    pgcode: text('pgcode').notNull(),
    amount: won('amount').notNull(),
    /** Licence days bought (kind 'license'). */
    days: integer('days'),
    productName: text('product_name').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_gateway_id').on(t.gatewayId),
    index('payments_company_kind_paid').on(t.companyId, t.kind, t.paidAt),
    check('payments_kind_valid', sql`${t.kind} in ('point','license')`),
    check('payments_pgcode_valid', sql`${t.pgcode} in ('creditcard','banktransfer','manager')`),
    check('payments_status_valid', sql`${t.status} in ('pending','paid','declined')`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_license_days', sql`${t.kind} <> 'license' or ${t.days} > 0`),
  ],
);
/**
 * The back office's audit log (issue 12): every staff write, who, when, what and the values before
 * and after. Append-only: the code has no update or delete of it, and a trigger refuses both.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created').on(t.createdAt), index('admin_audit_action').on(t.action, t.createdAt)],
);
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
/**
 * 전자세금계산서 (docs/requirements.md#tax-invoices): one row per invoice the shop issues or will issue,
 * keyed by Popbill's mgtKey (derived from the order, the company-month or the refund), so a retried
 * job finds the row, and Popbill the document, it already made.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 'order' (one shipped order), 'monthly' (월합계), 'correction' (negative 수정세금계산서). */
    kind: text('kind').notNull(),
    mgtKey: text('mgt_key').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** 'YYYY-MM' of a 월합계. */
    month: text('month'),
    /** The invoice a correction corrects. */
    originalId: integer('original_id'),
    /** The refund a correction is for ('order:<id>:<status>'). */
    refundKey: text('refund_key'),
    /** pending 발행 대기, issued 발행, sent 국세청 전송, failed 실패 (error says why), cancelled 취소. */
    status: text('status').notNull().default('pending'),
    /** 작성일자 YYYYMMDD. */
    writeDate: text('write_date').notNull(),
    supply: won('supply').notNull(),
    tax: won('tax').notNull(),
    total: won('total').notNull(),
    /** The orders it lists: [{ orderSeq, supply, tax, total }]. */
    items: jsonb('items')
      .$type<{ orderSeq: number; supply: number; tax: number; total: number }[]>()
      .notNull()
      .default([]),
    /** The buyer's details as issued (the record the tax law keeps). */
    buyer: jsonb('buyer').$type<Record<string, string>>(),
    error: text('error').notNull().default(''),
    ntsConfirmNum: text('nts_confirm_num'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_invoices_mgt_key').on(t.mgtKey),
    index('tax_invoices_company').on(t.companyId, t.writeDate),
    index('tax_invoices_order').on(t.orderId),
    check('tax_invoices_kind_valid', sql`${t.kind} in ('order','monthly','correction')`),
    check('tax_invoices_status_valid', sql`${t.status} in ('pending','issued','sent','failed','cancelled')`),
  ],
);
/** What the console tax-invoice provider "issued": the dev outbox, one row per mgtKey. */
export const taxInvoiceOutbox = pgTable('tax_invoice_outbox', {
  mgtKey: text('mgt_key').primaryKey(),
  fields: jsonb('fields').notNull(),
  createdAt: createdAt(),
});
export * from '../features/epc/schema.js';
export * from '../features/chat/schema.js';
export * from '../features/jobs/schema.js';
export * from '../features/vehicles/schema.js';
export * from '../features/products/schema.js';
export * from '../features/tracking/schema.js';
