/** The back office's companies and members, their cash and licence, and the payments to confirm. */
import { z } from 'zod';
import { MSG } from './messages.js';
import { answerOf, pageAnswerOf } from './envelope.js';
import { PAYMENT_METHOD_CODES } from './member-payments.js';
import { MSG_ADMIN } from './admin-menu.js';
import { adminOrderRow, ledgerRow } from './admin-orders.js';
import { int, instant, page, size, keyword, reason, listSort, period, startNotAfterEnd } from './admin-fields.js';
import { companySeq, depositSeq, memberSeq } from './page-fields.js';
import { PAGE_SIZE } from './constants.js';

export const LEVELS = ['a', 'b', 'c', 'd'] as const;
/** The company list's sortable columns (listSort): 업체명, 캐시. */
export const COMPANY_SORTS = ['name', 'point'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];
export const companyListRequest = z.object({
  keyword,
  level: z.enum(LEVELS).optional(),
  ...listSort(COMPANY_SORTS),
  page,
  size: size(PAGE_SIZE.backOffice),
});
export const companyRow = z.object({
  companyId: int,
  name: z.string(),
  license: z.string(),
  level: z.string(),
  point: int,
  licenseEnd: instant.nullable(),
  licenseDays: int,
  members: int,
  created: instant,
  withdrawn: z.boolean(),
});
export type CompanyRow = z.infer<typeof companyRow>;
export const companyPageAnswer = pageAnswerOf(companyRow);

export const companyMember = z.object({
  seq: int,
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  type: int,
  status: z.string(),
  created: instant,
});
export const adminPaymentRow = z.object({
  seq: int,
  gatewayId: z.string(),
  provider: z.string(),
  companyId: int,
  companyName: z.string(),
  memberName: z.string(),
  kind: z.string(),
  pgcode: z.string(),
  amount: int,
  days: int.nullable(),
  productName: z.string(),
  status: z.string(),
  created: instant,
  paidAt: instant.nullable(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRow>;

export const companyDetailAnswer = answerOf(
  z.object({
    company: companyRow.extend({
      ceo: z.string(),
      phone: z.string(),
      mail: z.string(),
      area: z.string(),
      ledgerSum: int,
      /** 업태, 종목, invoice e-mail and mode: what staff edit for the company's 전자세금계산서 (docs/requirements.md#tax-invoices). */
      bizType: z.string().optional(),
      bizItem: z.string().optional(),
      invoiceMail: z.string().optional(),
      invoiceMode: z.enum(['order', 'monthly']).optional(),
    }),
    members: z.array(companyMember),
    orders: z.array(adminOrderRow),
    payments: z.array(adminPaymentRow),
    ledger: z.array(ledgerRow),
  }),
);
export type CompanyDetail = NonNullable<z.infer<typeof companyDetailAnswer>['results']>;

export const companyIdRequest = z.object({ companyId: companySeq });
export const setCompanyLevelRequest = z.object({
  companyId: companySeq,
  level: z.enum(LEVELS, { error: '등급을 선택하세요.' }),
});
export const setMemberStatusRequest = z.object({
  memberId: memberSeq,
  status: z.enum(['active', 'stopped'], { error: MSG.badRequest }),
});
export const adjustCashRequest = z.object({
  companyId: companySeq,
  amount: z
    .number({ error: MSG_ADMIN.amountInvalid })
    .int(MSG_ADMIN.amountInvalid)
    .min(-1_000_000_000, MSG_ADMIN.amountRange)
    .max(1_000_000_000, MSG_ADMIN.amountRange)
    .refine((n) => n !== 0, MSG_ADMIN.amountInvalid),
  reason,
});
export type AdjustCashRequest = z.input<typeof adjustCashRequest>;
export const adjustLicenseRequest = z.object({
  companyId: companySeq,
  days: z
    .number({ error: MSG_ADMIN.daysInvalid })
    .int(MSG_ADMIN.daysInvalid)
    .min(-3650, MSG_ADMIN.daysRange)
    .max(3650, MSG_ADMIN.daysRange)
    .refine((n) => n !== 0, MSG_ADMIN.daysInvalid),
  reason,
});
export type AdjustLicenseRequest = z.input<typeof adjustLicenseRequest>;
export const balanceAnswer = answerOf(z.object({ point: int, licenseEnd: instant.nullable(), licenseDays: int }));

// ---------------------------------------------------------------- payments

/** The payment list's sortable columns (listSort): 금액. */
export const PAYMENT_SORTS = ['amount'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];
export const paymentListRequest = z
  .object({
    status: z.enum(['pending', 'paid', 'declined'], { error: MSG_ADMIN.paymentStatusInvalid }).optional(),
    pgcode: z.enum(PAYMENT_METHOD_CODES, { error: MSG_ADMIN.paymentMethodInvalid }).optional(),
    kind: z.enum(['point', 'license'], { error: MSG_ADMIN.paymentKindInvalid }).optional(),
    company: keyword,
    ...period,
    ...listSort(PAYMENT_SORTS),
    page,
    size: size(PAGE_SIZE.backOffice),
  })
  .superRefine(startNotAfterEnd);
export const adminPaymentPageAnswer = pageAnswerOf(adminPaymentRow);
/** api/admin/confirmDeposit { seq }: the cash charge by bank transfer whose money arrived. */
export const paymentSeqRequest = z.object({ seq: depositSeq });
export const confirmDepositAnswer = answerOf(z.object({ payment: adminPaymentRow, point: int, repeated: z.boolean() }));
