/** The member area's payments: cash top-ups, licence purchase, the gateway's confirmation and the payment histories. */
import { z } from 'zod';
import { CASH_CHARGE, PAGE_SIZE } from './constants.js';
import { answerOf, pageAnswerOf } from './envelope.js';
import { isCalendarDate } from './rules.js';
import { MSG_MEMBER } from './member-info.js';
import { pageNumber, pageSize } from './page-fields.js';

// ---------------------------------------------------------------- payments

/**
 * The payment methods (docs/requirements.md#payments) and their one label, shown by the buyer's
 * payment window and histories and by the back office: the two gateways a buyer pays through and
 * 'manager', a charge the shop made.
 */
export const PAYMENT_METHODS = {
  creditcard: '신용카드',
  banktransfer: '계좌이체',
  manager: '관리자',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
/** Every method a payment record may show. */
export const PAYMENT_METHOD_CODES = [
  'creditcard',
  'banktransfer',
  'manager',
] as const satisfies readonly PaymentMethod[];
/** The methods a buyer may pay with (the gateways). */
export const PGCODES = ['creditcard', 'banktransfer'] as const satisfies readonly PaymentMethod[];
export type PgCode = (typeof PGCODES)[number];

/**
 * A cash amount: an integer of won, from a number or a digits-only string without a leading
 * zero ('50000'); '50,000', '1000.5', '1e4' and the like are refused.
 */
export function parseChargeAmount(value: unknown): { ok: true; amount: number } | { ok: false; message: string } {
  if (value === undefined || value === null || value === '') return { ok: false, message: MSG_MEMBER.amountRequired };
  let n: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return { ok: false, message: MSG_MEMBER.amountDigits };
    n = value;
  } else if (typeof value === 'string') {
    if (!/^(0|[1-9]\d*)$/.test(value)) return { ok: false, message: MSG_MEMBER.amountDigits };
    n = Number(value);
  } else {
    return { ok: false, message: MSG_MEMBER.amountDigits };
  }
  if (n < CASH_CHARGE.min) return { ok: false, message: MSG_MEMBER.amountMin };
  if (n > CASH_CHARGE.max) return { ok: false, message: MSG_MEMBER.amountMax };
  return { ok: true, amount: n };
}

export const chargeAmountField = z.unknown().transform((value, ctx) => {
  const parsed = parseChargeAmount(value);
  if (parsed.ok) return parsed.amount;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

const pgcodeField = z.enum(PGCODES, { error: MSG_MEMBER.pgcodeRequired });

export const cashPaymentRequest = z.object({ pgcode: pgcodeField, amount: chargeAmountField });
export type CashPaymentRequest = z.input<typeof cashPaymentRequest>;

/**
 * A licence's price names a package rather than an amount the buyer typed (docs/requirements.md#licence):
 * none sent, or a whole number no package can cost (outside a payment's bounds, 0 and below included),
 * is '라이선스 상품을 다시 선택하세요.', not the top-up's messages; what is no whole number is told so
 * as for a top-up. A number within the bounds is checked against the packages by the server.
 */
function parseLicenseAmount(value: unknown): ReturnType<typeof parseChargeAmount> {
  const pick = { ok: false as const, message: MSG_MEMBER.licenseOption };
  if (value === undefined || value === null || value === '') return pick;
  // A minus sign makes no other message than the package's: no package costs that.
  const signed = typeof value === 'string' && /^-[1-9]\d*$/.test(value);
  const parsed = parseChargeAmount(signed ? '0' : value);
  return parsed.ok || parsed.message === MSG_MEMBER.amountDigits ? parsed : pick;
}

const licenseAmountField = z.unknown().transform((value, ctx) => {
  const parsed = parseLicenseAmount(value);
  if (parsed.ok) return parsed.amount;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

/** A licence package of the shop configuration (licenseValidBuy), picked by price and, when given, days. */
export const licensePaymentRequest = z.object({
  pgcode: pgcodeField,
  amount: licenseAmountField,
  days: z
    .number({ error: MSG_MEMBER.licenseOption })
    .int(MSG_MEMBER.licenseOption)
    .min(1, MSG_MEMBER.licenseOption)
    .max(3650, MSG_MEMBER.licenseOption)
    .optional(),
});
export type LicensePaymentRequest = z.input<typeof licensePaymentRequest>;

/** Answer of payCenter/showCashPaymentWinow and showLicensePaymentWinow (code 200). */
export const paymentWindowAnswer = answerOf(z.object({ online_url: z.string(), paymentId: z.string() })).extend({
  /** The page to open in the 600x400 popup (also in results, where the web app reads it). */
  online_url: z.string(),
});
export type PaymentWindowAnswer = z.infer<typeof paymentWindowAnswer>;

/**
 * What a gateway sends to POST /payCenter/callback. signature = hex HMAC-SHA256 of
 * `${paymentId}:${amount}:${status}` with the gateway's secret.
 */
export const gatewayConfirmation = z.object({
  paymentId: z.string().trim().min(1).max(100),
  amount: z.union([
    z.number().int().min(0),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]),
  status: z.enum(['paid', 'declined']),
  signature: z.string().trim().min(1).max(200),
});
export type GatewayConfirmation = z.output<typeof gatewayConfirmation>;

/**
 * The one date schema of every call with dates: a real calendar day written YYYY-MM-DD, or '' for
 * none. A wrong shape is told the shape; an impossible day (2026-02-30, 2026-13-01, 0000-00-00)
 * that it is not on the calendar.
 */
export const calendarDateField = z
  .string({ error: MSG_MEMBER.dateInvalid })
  .trim()
  .superRefine((v, ctx) => {
    if (v === '' || isCalendarDate(v)) return;
    const message = /^\d{4}-\d{2}-\d{2}$/.test(v) ? MSG_MEMBER.dateImpossible : MSG_MEMBER.dateInvalid;
    ctx.addIssue({ code: 'custom', message });
  });

/**
 * A date of a range list: null is no date, as '' or a missing field, for the original client sends a
 * cleared date as null (docs/requirements.md#validation). Any other value is judged as a date.
 */
const rangeDateField = calendarDateField
  .nullable()
  .optional()
  .transform((v) => v ?? undefined);

/**
 * A date-range list query (orders, cash and licence payment histories): with searchType 'date',
 * both dates are needed (Asia/Seoul days, inclusive) and the start may not follow the end.
 */
export const dateRangeListRequest = z
  .object({
    startDate: rangeDateField,
    endDate: rangeDateField,
    searchType: z.enum(['date', ''], { error: MSG_MEMBER.periodSearchTypeInvalid }).optional(),
    page: pageNumber(),
    size: pageSize(PAGE_SIZE.memberArea),
  })
  .superRefine((v, ctx) => {
    if (v.searchType !== 'date') return;
    if (!v.startDate || !v.endDate) {
      ctx.addIssue({
        code: 'custom',
        path: [v.startDate ? 'endDate' : 'startDate'],
        message: MSG_MEMBER.dateRangeRequired,
      });
    } else if (v.startDate > v.endDate) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: MSG_MEMBER.dateRangeOrder });
    }
  });
export type DateRangeListRequest = z.input<typeof dateRangeListRequest>;

/** Payment histories (api/mallCashPaymentInfo, api/mallLicensePaymentInfo). */
export const paymentHistoryRequest = dateRangeListRequest;
export type PaymentHistoryRequest = DateRangeListRequest;

/** One paid record of the cash or licence payment history. */
export const paymentRecord = z.object({
  seq: z.number().int(),
  /** The instant the payment was confirmed. */
  transaction_date: z.iso.datetime(),
  pgcode: z.enum(PAYMENT_METHOD_CODES),
  product_name: z.string(),
  user_name: z.string(),
  amount: z.number().int(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

/**
 * A bank transfer whose window was opened but whose deposit has not arrived: the account to pay
 * into, the amount, and until when (listed above the payment history, since the window that showed
 * the account may be closed).
 */
export const pendingTransfer = z.object({
  paymentId: z.string(),
  product_name: z.string(),
  amount: z.number().int(),
  /** When the transfer was started. */
  created: z.iso.datetime(),
  bank: z.string(),
  account: z.string(),
  holder: z.string(),
  /** The last instant the deposit is accepted; null when the gateway names none. */
  dueDate: z.iso.datetime().nullable(),
});
export type PendingTransfer = z.infer<typeof pendingTransfer>;
/** api/mallPendingTransfers: 'point' (cash, the default) or 'license'. */
export const pendingTransfersRequest = z.object({
  kind: z.enum(['point', 'license'], { error: MSG_MEMBER.pendingKindInvalid }).optional(),
});
export const pendingTransfersAnswer = answerOf(z.array(pendingTransfer));

/** The licence package a purchase names: same price, and same days when days are given; null when none fits. */
export function findLicensePackage<T extends { price: number; days: number }>(
  packages: readonly T[],
  amount: number,
  days?: number,
): T | null {
  return packages.find((p) => p.price === amount && (days === undefined || p.days === days)) ?? null;
}

/** api/mallCashPaymentInfo, api/mallLicensePaymentInfo. */
export const paymentPageAnswer = pageAnswerOf(paymentRecord);
/** payCenter/callback: how a gateway confirmation was applied. */
export const gatewayCallbackAnswer = answerOf(
  z.object({ paymentId: z.string(), status: z.enum(['pending', 'paid', 'declined']), repeated: z.boolean() }),
);

/** api/mallPaymentStatus: one payment the caller's company started, by the paymentId its window answered. */
export const paymentStatusRequest = z.object({
  paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, MSG_MEMBER.paymentNotFound),
});
/**
 * Where a payment stands once its window closed, so the page says what became of it
 * (docs/requirements.md#payments): pending (a transfer awaiting its deposit, or a card window left
 * unpaid), paid, declined.
 */
export const paymentStatusAnswer = answerOf(
  z.object({
    paymentId: z.string(),
    pgcode: z.enum(PAYMENT_METHOD_CODES),
    status: z.enum(['pending', 'paid', 'declined']),
  }),
);
