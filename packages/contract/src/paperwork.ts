import { z } from 'zod';
import { answerOf, emptyAnswer, pageAnswerOf } from './envelope.js';
import { INVOICE_MODES, MSG_MEMBER, calendarDateField, invoiceFields, type InvoiceMode } from './member.js';
import { isCalendarDate } from './rules.js';
import { PAGE_SIZE } from './constants.js';
import { MSG_ORDER } from './messages-shop.js';
import { companySeq, pageNumber, pageSize, rowId, taxInvoiceSeq } from './page-fields.js';

/**
 * The shop's paperwork (docs/requirements.md#paperwork): 거래명세서 PDFs, the company's 캐시 원장 and its exports, and the
 * 전자세금계산서 list. The amounts of an invoice are in tax-invoice.ts; the texts are here.
 */

export const MSG_PAPERWORK = {
  rangeTooLong: '조회 기간은 1년 이내로 지정하세요.',
  rangeRequired: '시작일과 종료일을 모두 지정하세요.',
  /** api/cashLedgerExport's format missing or other than csv and pdf (docs/requirements.md#validation). */
  exportFormat: '파일 형식은 CSV 또는 PDF 중에서 선택하세요.',
  companyNotFound: '회사를 찾을 수 없습니다.',
  companyRequired: '회사를 선택하세요.',
  /** The back office's tax invoice list filtered by a status outside TAX_INVOICE_STATUSES. */
  taxInvoiceStatusInvalid: '세금계산서 상태를 다시 선택하세요.',
  tooManyRows: '기간 안의 내역이 너무 많습니다. 기간을 나누어 발급하세요.',
  noOrders: '기간 안에 발급할 주문이 없습니다. 취소·반품된 주문은 거래명세서에 들어가지 않습니다.',
  invoiceNotFound: '세금계산서를 찾을 수 없습니다.',
  invoiceNotRetryable: '실패한 세금계산서만 다시 발행할 수 있습니다.',
  invoiceNotCancellable: '발행 대기 또는 실패 상태의 세금계산서만 취소할 수 있습니다.',
  invoiceIssuedAtProvider:
    '팝빌에 이미 발행된 세금계산서가 있어 취소하지 않았습니다. 다시 시도하면 발행된 내용이 기록됩니다.',
  invoiceProviderUnreachable: '팝빌에 발행 여부를 확인하지 못해 취소하지 않았습니다. 잠시 후 다시 시도하세요.',
  /** A cancel while a try of the issuing job is sending the invoice: what the provider answers stands. */
  invoiceIssuing: '세금계산서를 발행하는 중이라 취소하지 않았습니다. 발행이 끝난 뒤 상태를 확인하세요.',
  invoiceRetried: '세금계산서를 다시 발행합니다.',
  /**
   * A parked issuing job made needless (docs/operations.md#jobs), as 발송 작업 says it once settled:
   * staff's 다시 발행 gave the invoice a new job, another job issued it, or staff cancelled it.
   */
  invoiceJobSuperseded: '세금계산서 다시 발행으로 새 작업이 이어받았습니다.',
  invoiceJobIssued: '다른 작업이 세금계산서를 발행했습니다.',
  invoiceJobCancelled: '세금계산서가 취소되어 할 일이 없습니다.',
  invoiceCancelled: '세금계산서 발행을 취소했습니다.',
  invoiceInfoEmpty: '바꿀 항목(업태, 종목, 세금계산서 이메일, 발행 방식)을 하나 이상 입력하세요.',
  /** A 수정세금계산서 whose original is not issued (parked): staff issue the original, then retry this. */
  originalNotIssued:
    '원본 세금계산서가 아직 발행되지 않았습니다. 원본 세금계산서를 먼저 발행한 뒤 이 수정세금계산서를 다시 발행하세요.',
  /** Staff read it on a parked job and on the invoice: what the company must fill in first. */
  invoiceFieldsMissing: (fields: string) =>
    `회사 정보에 세금계산서 발행에 필요한 항목(${fields})이 없어 발행하지 못했습니다. 회사 정보를 채운 뒤 다시 발행하세요.`,
} as const;

/** The longest period a statement, a ledger export or an invoice list covers: one year. */
export const MAX_RANGE_DAYS = 366;

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

interface Period {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** A period of Asia/Seoul days, start not after end, at most a year; `required` or both-or-neither. */
function checkRange(v: Period, ctx: z.RefinementCtx, required: boolean) {
  if (!v.startDate || !v.endDate) {
    if (required || v.startDate || v.endDate)
      ctx.addIssue({
        code: 'custom',
        path: [v.startDate ? 'endDate' : 'startDate'],
        message: required ? MSG_PAPERWORK.rangeRequired : MSG_MEMBER.dateRangeRequired,
      });
    return;
  }
  if (!isCalendarDate(v.startDate) || !isCalendarDate(v.endDate)) return;
  if (v.startDate > v.endDate)
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: MSG_MEMBER.dateRangeOrder });
  else if (daysBetween(v.startDate, v.endDate) > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG_PAPERWORK.rangeTooLong });
}

/** The two dates of a paperwork period (each a real calendar day or empty), spread into a request's fields. */
const periodFields = { startDate: calendarDateField.optional(), endDate: calendarDateField.optional() };

/**
 * A request with a period: the one set of checks of every paperwork call (impossible dates, order,
 * the one-year cap). `periodOf` reads the period where a call names its dates otherwise.
 */
function withPeriod<T extends z.ZodType<Period>>(
  schema: T,
  {
    required = false,
    periodOf = (v: z.output<T>): Period => v,
  }: { required?: boolean; periodOf?: (v: z.output<T>) => Period } = {},
) {
  return schema.superRefine((v, ctx) => checkRange(periodOf(v), ctx, required));
}

/** page and size of a paperwork list; size is capped at the largest page, not refused. */
const pageFields = (defaultSize: number) => ({ page: pageNumber(), size: pageSize(defaultSize) });

// ---------------------------------------------------------------- 거래명세서

/** GET api/orderStatement?seq=N: one order's statement (PDF). */
export const orderStatementRequest = z.object({ seq: rowId(MSG_ORDER.selectOrder) });

/**
 * GET api/monthlyStatement?startDate=&endDate=[&companyId=]: a company's statement of a period (PDF).
 * `from`/`to` (the issue's names) are taken as the same dates. companyId is for staff only.
 */
export const monthlyStatementRequest = withPeriod(
  z.object({
    ...periodFields,
    from: calendarDateField.optional(),
    to: calendarDateField.optional(),
    companyId: companySeq.optional(),
  }),
  { required: true, periodOf: statementPeriod },
);

/** The period of a monthly statement request: startDate/endDate, or from/to. */
export function statementPeriod(v: {
  startDate?: string | undefined;
  endDate?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}) {
  return { startDate: v.startDate || v.from || '', endDate: v.endDate || v.to || '' };
}

/** What a PDF call answers on success is the file itself; this documents the envelope of its refusals. */
export const documentAnswer = emptyAnswer;

// ---------------------------------------------------------------- 캐시 원장

/**
 * The kinds of a cash ledger row. `deposit_reversal` and `statement_payment` are the shop's own moves
 * when the bank takes a deposit back (docs/requirements.md#credit-deposits), so the buyer does not read
 * them as staff's adjustments.
 */
export const LEDGER_TYPES = [
  'order',
  'point',
  'license',
  'cancel',
  'return',
  'adjust',
  'deposit_reversal',
  'statement_payment',
] as const;
export type CashLedgerType = (typeof LEDGER_TYPES)[number];
export const LEDGER_TYPE_LABELS: Record<CashLedgerType, string> = {
  order: '주문 결제',
  point: '캐시 충전',
  license: '라이선스',
  cancel: '주문 취소 환불',
  return: '반품 환불',
  adjust: '관리자 조정',
  deposit_reversal: '입금 취소',
  statement_payment: '명세서 결제',
};

/** api/getCashLedger: the company's every ledger row, newest first, optionally of a period. */
export const cashLedgerRequest = withPeriod(z.object({ ...periodFields, ...pageFields(PAGE_SIZE.memberArea) }));
export type CashLedgerRequest = z.input<typeof cashLedgerRequest>;

export const cashLedgerRow = z.object({
  seq: z.number().int(),
  created: z.iso.datetime(),
  type: z.enum(LEDGER_TYPES),
  typeLabel: z.string(),
  /** The order the row is about (a payment or a refund of it), else null. */
  orderSeq: z.number().int().nullable(),
  /** The payment the row is about (a top-up or licence), else null. */
  paymentSeq: z.number().int().nullable(),
  note: z.string(),
  /** Signed won: + credit, − debit. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
});
export type CashLedgerRow = z.infer<typeof cashLedgerRow>;
export const cashLedgerAnswer = pageAnswerOf(cashLedgerRow).extend({
  /** The company's balance now: the balance after the newest row. */
  balance: z.number().int(),
});

/** GET api/cashLedgerExport?format=csv|pdf[&startDate&endDate]: the rows of a period as a file. */
export const cashLedgerExportRequest = withPeriod(
  z.object({ format: z.enum(['csv', 'pdf'], { error: MSG_PAPERWORK.exportFormat }), ...periodFields }),
);

// ---------------------------------------------------------------- 전자세금계산서

export const TAX_INVOICE_STATUSES = ['pending', 'issued', 'sent', 'failed', 'cancelled'] as const;
export type TaxInvoiceStatus = (typeof TAX_INVOICE_STATUSES)[number];
export const TAX_INVOICE_STATUS_LABELS: Record<TaxInvoiceStatus, string> = {
  pending: '발행 대기',
  issued: '발행',
  sent: '국세청 전송',
  failed: '실패',
  cancelled: '취소',
};
export const TAX_INVOICE_KIND_LABELS = { order: '주문별', monthly: '월합계', correction: '수정세금계산서' } as const;
export const INVOICE_MODE_LABELS: Record<InvoiceMode, string> = { order: '주문별 발행', monthly: '월합계 발행' };

/** The invoice shown on an order of api/getMallOrderInfo (absent when the order has none). */
export const orderTaxInvoice = z.object({
  status: z.enum(TAX_INVOICE_STATUSES),
  statusLabel: z.string(),
  issuedAt: z.iso.datetime().nullable(),
  ntsConfirmNum: z.string().optional(),
  /** The reason of a failure. */
  error: z.string().optional(),
});
export type OrderTaxInvoice = z.infer<typeof orderTaxInvoice>;

/**
 * A 수정세금계산서 of an order (a refund after its invoice was issued), as the order shows it beside
 * the invoice it corrects: its amounts, negative, and where it stands (docs/requirements.md#tax-invoices).
 */
export const orderTaxCorrection = orderTaxInvoice.extend({
  supply: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type OrderTaxCorrection = z.infer<typeof orderTaxCorrection>;

export const taxInvoiceRow = z.object({
  seq: z.number().int(),
  kind: z.enum(['order', 'monthly', 'correction']),
  kindLabel: z.string(),
  mgtKey: z.string(),
  /** 작성일자 YYYY-MM-DD. */
  writeDate: z.string(),
  orderSeq: z.number().int().nullable(),
  month: z.string().nullable(),
  orderSeqs: z.array(z.number().int()),
  supply: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  status: z.enum(TAX_INVOICE_STATUSES),
  statusLabel: z.string(),
  issuedAt: z.iso.datetime().nullable(),
  ntsConfirmNum: z.string().nullable(),
  error: z.string(),
});
export type TaxInvoiceRow = z.infer<typeof taxInvoiceRow>;

/** api/getTaxInvoices { startDate, endDate, page, size }: the company's invoices by 작성일자, newest first. */
export const taxInvoiceListRequest = cashLedgerRequest;
export const taxInvoicePageAnswer = pageAnswerOf(taxInvoiceRow);

/** Back office: every company's invoices, by status. */
export const adminTaxInvoiceRow = taxInvoiceRow.extend({ companyId: z.number().int(), companyName: z.string() });
export const adminTaxInvoiceListRequest = withPeriod(
  z.object({
    status: z.enum(TAX_INVOICE_STATUSES, { error: MSG_PAPERWORK.taxInvoiceStatusInvalid }).optional(),
    companyId: companySeq.optional(),
    /** 작성일자 of a period (both or neither), for the back office's period filter. */
    ...periodFields,
    ...pageFields(30),
  }),
);
export const adminTaxInvoicePageAnswer = pageAnswerOf(adminTaxInvoiceRow);
export const taxInvoiceActionRequest = z.object({ seq: taxInvoiceSeq });
export const adminTaxInvoiceAnswer = answerOf(adminTaxInvoiceRow);

/** Staff set a company's invoice fields (the same rules as the company form). */
export const companyInvoiceInfoRequest = z
  .object({
    companyId: companySeq,
    ...invoiceFields,
  })
  // Nothing to change is the sender's mistake, said in Korean (an empty update was a 500).
  .refine(
    (b) =>
      b.bizType !== undefined || b.bizItem !== undefined || b.invoiceMail !== undefined || b.invoiceMode !== undefined,
    MSG_PAPERWORK.invoiceInfoEmpty,
  );
export const companyInvoiceInfoAnswer = answerOf(
  z.object({
    companyId: z.number().int(),
    bizType: z.string(),
    bizItem: z.string(),
    invoiceMail: z.string(),
    invoiceMode: z.enum(INVOICE_MODES),
  }),
);
