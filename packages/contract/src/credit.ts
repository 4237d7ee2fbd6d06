/**
 * 외상 (docs/requirements.md#credit): credit accounts and payment terms, paying an order on credit, the
 * monthly close and its statements, the receivables ledger and aging, and money coming in (virtual
 * accounts, deposits and their matching). The calls' payloads and answers, their constants and texts.
 */
import { z } from 'zod';
import { answerOf, pageAnswerOf } from './envelope.js';
import { PAY_WITH_INVALID } from './orders-pay-with.js';
import { PAGE_SIZE } from './constants.js';
import { companySeq, pageNumber, pageSize, statementSeq } from './page-fields.js';
import { calendarDateField } from './member-payments.js';
import { MSG_MEMBER } from './member-info.js';
import { groupDigits } from './rules.js';
import { textField } from './text-field.js';
import { int, instant, reason } from './admin-fields.js';
import { MSG_ADMIN } from './admin-menu.js';
import { RECEIVABLE_KINDS } from './credit-receivables.js';
import { MSG_CREDIT_RESEND } from './credit-resend.js';
import { MSG_CREDIT_CLOSE } from './credit-close-texts.js';

export { STATEMENT_RESEND_MINUTES } from './credit-resend.js';
export { closeMonthMessage } from './credit-close-texts.js';

export const MSG_CREDIT = {
  limitInvalid: '외상 한도는 0원 이상 1조원 이하의 정수(원)로 입력하세요.',
  statusInvalid: '외상 상태를 선택하세요.',
  termInvalid: '결제 조건을 선택하세요.',
  termNotFound: '등록되지 않은 결제 조건입니다.',
  termCodeInvalid: '결제 조건 코드는 영문 대문자, 숫자, 밑줄로 2~30자입니다.',
  termCodeTaken: '이미 있는 결제 조건 코드입니다.',
  termLabelInvalid: '결제 조건 이름을 2~40자로 입력하세요.',
  termRuleInvalid: '결제 조건의 기준을 선택하세요.',
  termDayInvalid: '익월 결제일은 1~31일로 입력하세요. (31은 말일)',
  termDaysInvalid: '마감 후 일수는 0~180일로 입력하세요.',
  graceDaysInvalid: '유예 일수는 0~365일의 정수로 입력하세요.',
  thresholdInvalid: '연체 기준 금액은 0원 이상의 정수(원)로 입력하세요.',
  saved: '외상 설정을 저장했습니다.',
  termSaved: '결제 조건을 저장했습니다.',
  noAccount: '외상 거래가 등록되지 않은 업체입니다.',
  notForSubAccount: '외상 거래는 대표 계정만 이용할 수 있습니다. 대표 계정에 문의하세요.',
  suspended: '외상 거래가 정지된 업체입니다. 현금(캐시)으로 결제하세요.',
  onHold: (statement: string) =>
    `연체된 명세서(${statement})가 있어 외상 주문이 보류되었습니다. 명세서를 결제하시거나 현금(캐시)으로 결제하세요.`,
  onHoldNoStatement: '외상 거래가 보류된 업체입니다. 현금(캐시)으로 결제하시거나 담당자에게 문의하세요.',
  overLimit: (available: number) =>
    `외상 한도를 넘습니다. 남은 한도는 ${groupDigits(available)}원입니다. 현금(캐시)으로 결제하세요.`,
  payWithInvalid: PAY_WITH_INVALID,
  monthInvalid: '마감할 달을 YYYY-MM 형식으로 입력하세요.',
  /** The back office's statement list filter (nothing is closed there). */
  listMonthInvalid: '조회할 달을 YYYY-MM 형식으로 입력하세요.',
  monthNotEnded: '아직 마감할 수 없는 달입니다. 달이 끝난 뒤 마감하세요.',
  previewAhead: '아직 오지 않은 달입니다. 다음 달까지 미리 볼 수 있습니다.',
  ...MSG_CREDIT_CLOSE,
  statementNotFound: '명세서를 찾을 수 없습니다.',
  ...MSG_CREDIT_RESEND,
  statementPaid: '이미 결제가 끝난 명세서입니다.',
  noCashToPay: '캐시 잔액이 없습니다. 카드 결제나 계좌 입금으로 결제하세요.',
  paidFromCash: (amount: number, unpaid: number) =>
    unpaid > 0
      ? `캐시 ${groupDigits(amount)}원으로 결제했습니다. 남은 금액 ${groupDigits(unpaid)}원은 카드 결제나 계좌 입금으로 결제하세요.`
      : `캐시 ${groupDigits(amount)}원으로 결제를 마쳤습니다.`,
  /** Staff paid a company's statement from its cash: what is left stays on the statement, unpaid. */
  staffPaidFromCash: (amount: number, unpaid: number) =>
    unpaid > 0
      ? `업체 캐시 ${groupDigits(amount)}원으로 결제했습니다. 남은 미결제 금액은 ${groupDigits(unpaid)}원입니다.`
      : `업체 캐시 ${groupDigits(amount)}원으로 결제를 마쳤습니다.`,
  companyNoCash: '업체의 캐시 잔액이 없습니다.',
  payMethodInvalid: '결제 방법을 선택하세요.',
  holdLifted: '외상 보류를 해제했습니다.',
  notOnHold: '보류 중인 외상 계정이 아닙니다.',
  depositorInvalid: '입금자명을 1~40자로 입력하세요.',
  depositAmountInvalid: '입금액은 1원 이상 1조원 이하의 정수(원)로 입력하세요.',
  depositDateInvalid: '입금일시를 올바르게 입력하세요.',
  depositNotFound: '입금 내역을 찾을 수 없습니다.',
  depositRequestIdInvalid: '입금 등록 요청 번호가 올바르지 않습니다.',
  depositResolved: '이미 처리된 입금입니다.',
  depositNotDismissed: '제외한 입금이 아닙니다.',
  depositFileInvalid: '입금내역 파일(CSV 또는 xlsx)을 올려 주세요. (입금일시, 입금자명, 입금액)',
  companyNotFound: '업체 정보를 찾을 수 없습니다.',
  /** Staff read it on the statement and the job list: the 월합계 could not be issued yet. */
  invoiceParked: (company: string, fields: string) =>
    `${company}의 회사 정보에 세금계산서 발행에 필요한 항목(${fields})이 없어 월합계 세금계산서를 보류했습니다. 명세서는 마감되었습니다.`,
} as const;

// ---------------------------------------------------------------- constants

export const CREDIT_STATUSES = ['active', 'on_hold', 'suspended'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const CREDIT_STATUS_LABELS: Record<CreditStatus, string> = {
  active: '정상',
  on_hold: '보류',
  suspended: '정지',
};

/** How a payment term's due date follows the month's end (docs/requirements.md#credit-terms). */
export const TERM_RULES = ['next_month_day', 'days_after_close'] as const;
export type TermRule = (typeof TERM_RULES)[number];
export const TERM_RULE_LABELS: Record<TermRule, string> = {
  next_month_day: '월말 마감 익월 N일 (31은 말일)',
  days_after_close: '월말 마감 N일 후',
};

/** The seeded terms (the migration inserts them; staff may add others). */
export const SEEDED_TERMS = [
  { code: 'EOM_NEXT_EOM', label: '월말 마감 익월 말일', rule: 'next_month_day', value: 31 },
  { code: 'EOM_NEXT_10', label: '월말 마감 익월 10일', rule: 'next_month_day', value: 10 },
  { code: 'EOM_PLUS_30', label: '월말 마감 30일 후', rule: 'days_after_close', value: 30 },
] as const satisfies readonly { code: string; label: string; rule: TermRule; value: number }[];

export const STATEMENT_STATUSES = ['unpaid', 'partial', 'paid', 'overdue'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];
export const STATEMENT_STATUS_LABELS: Record<StatementStatus, string> = {
  unpaid: '미결제',
  partial: '일부 결제',
  paid: '결제 완료',
  overdue: '연체',
};

export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: '기한 전',
  d1_30: '1~30일',
  d31_60: '31~60일',
  d61_90: '61~90일',
  d90plus: '90일 초과',
};

// ---------------------------------------------------------------- fields

/** Won amounts of a credit account: whole won, 0 to 1조. A -1, 1.5 or a word is refused. */
const wonField = (msg: string) => z.number({ error: msg }).int(msg).min(0, msg).max(1_000_000_000_000, msg);
const termCode = z
  .string({ error: MSG_CREDIT.termInvalid })
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{1,29}$/, MSG_CREDIT.termCodeInvalid);
/** 'YYYY-MM', a real month of 1900-2199; `msg` says what the month is for. */
const monthOf = (msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .regex(/^(19|20|21)\d\d-(0[1-9]|1[0-2])$/, msg);
export const monthField = monthOf(MSG_CREDIT.monthInvalid); // to close or preview
export const listMonthField = monthOf(MSG_CREDIT.listMonthInvalid); // a list's filter
export const seoulDateField = z.string().describe('YYYY-MM-DD, an Asia/Seoul day');

export const agingFields = z.object({
  current: int,
  d1_30: int,
  d31_60: int,
  d61_90: int,
  d90plus: int,
});
export type Aging = z.infer<typeof agingFields>;

// ---------------------------------------------------------------- buyer: summary and statements

/** api/getCreditSummary {} (main; a sub-account if the account allows it). */
export const creditSummary = z.object({
  status: z.enum(CREDIT_STATUSES),
  statusLabel: z.string(),
  limit: int,
  allowExceed: z.boolean(),
  /** Exposure: unpaid statements + shipped lines not yet on a statement + open credit orders. */
  used: int,
  /** limit − used, never below 0 (an account that may exceed still shows what is left of its limit). */
  available: int,
  termCode: z.string(),
  termLabel: z.string(),
  /** Why the account is on hold or suspended (names the overdue statement), when it is. */
  holdReason: z.string().optional(),
  aging: agingFields,
  /** Won the next close takes off (returns on no statement yet): off `used`, not yet off aging; absent when none. */
  pendingCredit: int.optional(),
  /** Credit left on closed statements (not refunded), used to pay the next ones; absent when none. */
  statementCredit: int.optional(),
});
export type CreditSummary = z.infer<typeof creditSummary>;
export const creditSummaryAnswer = answerOf(creditSummary);

export const virtualAccount = z.object({
  bank: z.string(),
  accountNumber: z.string(),
  holder: z.string(),
  /** The account takes deposits until then (the statement's due date, end of day). */
  expiresAt: instant,
});
export type VirtualAccount = z.infer<typeof virtualAccount>;

export const statementRow = z.object({
  seq: int,
  /** 'YYYY-MM'. */
  month: z.string(),
  companyId: int,
  companyName: z.string(),
  /** What was owed at the start of the month (the previous statement's closing balance). */
  opening: int,
  /** Shipped lines of the month (+). */
  charges: int,
  /** Cancels, returns and credit notes (−). */
  credits: int,
  /** Payments received in the month (−). */
  payments: int,
  adjustments: int,
  closing: int,
  /** What this statement bills: charges + credits + adjustments of the month. */
  amountDue: int,
  /** Paid against it so far. */
  paid: int,
  /** amountDue − paid, never below 0. */
  unpaid: int,
  /** What of its credit (returns beyond its charges) went back to the company's cash at the close, won. */
  refunded: int,
  dueDate: seoulDateField,
  status: z.enum(STATEMENT_STATUSES),
  statusLabel: z.string(),
  termLabel: z.string(),
  closedAt: instant,
  /** The 월합계 세금계산서: its status label ('발행 대기' while parked), null when none. */
  taxInvoice: z
    .object({ seq: int, status: z.string(), statusLabel: z.string(), error: z.string().optional() })
    .nullable(),
  virtualAccount: virtualAccount.nullable(),
});
export type StatementRow = z.infer<typeof statementRow>;

/** api/getStatements { startDate, endDate, page, size }: the company's statements whose month falls in the period. */
export const statementListRequest = z
  .object({
    startDate: calendarDateField.optional(),
    endDate: calendarDateField.optional(),
    page: pageNumber(),
    size: pageSize(PAGE_SIZE.memberArea),
  })
  .superRefine((v, ctx) => {
    // Both dates or neither: half a period is not silently the whole list.
    if (!v.startDate !== !v.endDate)
      ctx.addIssue({
        code: 'custom',
        path: [v.startDate ? 'endDate' : 'startDate'],
        message: MSG_MEMBER.dateRangeRequired,
      });
    else if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: MSG_MEMBER.dateRangeOrder });
  });
export type StatementListRequest = z.input<typeof statementListRequest>;
export const statementPageAnswer = pageAnswerOf(statementRow);

/** GET api/statementPdf?seq=N: a statement as PDF (own company; staff any). */
export const statementPdfRequest = z.object({ seq: statementSeq });

/**
 * api/payStatement { seq, method }: pay a statement by card (a payment window), get its virtual
 * account, or pay it from the company's cash (what of it the cash covers, at once).
 */
export const PAY_STATEMENT_METHODS = ['card', 'virtualAccount', 'cash'] as const;
export const payStatementRequest = z.object({
  seq: statementSeq,
  method: z.enum(PAY_STATEMENT_METHODS, { error: MSG_CREDIT.payMethodInvalid }),
});
export const payStatementAnswer = answerOf(
  z.object({
    seq: int,
    method: z.enum(PAY_STATEMENT_METHODS),
    /** card, virtualAccount: what is asked; cash: what the cash paid. */
    amount: int,
    /** cash: what is left to pay on the statement after it. */
    unpaid: int.optional(),
    /** card: the payment window to open (as payCenter/showCashPaymentWinow's). */
    online_url: z.string().optional(),
    paymentId: z.string().optional(),
    /** virtualAccount: where to deposit. */
    virtualAccount: virtualAccount.optional(),
    /** Demo mode only: the sandbox's bank page that deposits into this account. */
    demoBankUrl: z.string().optional(),
  }),
);

// ---------------------------------------------------------------- back office: accounts

export const paymentTerm = z.object({
  code: z.string(),
  label: z.string(),
  rule: z.enum(TERM_RULES),
  /** next_month_day: the day (31 = 말일); days_after_close: the days after the month's last day. */
  value: int,
});
export type PaymentTerm = z.infer<typeof paymentTerm>;

/** api/admin/setCreditAccount: create or change a company's credit account (every change audited). */
export const setCreditAccountRequest = z.object({
  companyId: companySeq,
  status: z.enum(CREDIT_STATUSES, { error: MSG_CREDIT.statusInvalid }),
  limit: wonField(MSG_CREDIT.limitInvalid),
  allowExceed: z.boolean({ error: MSG_ADMIN.creditAllowExceedType }).default(false),
  termCode,
  graceDays: z
    .number({ error: MSG_CREDIT.graceDaysInvalid })
    .int(MSG_CREDIT.graceDaysInvalid)
    .min(0, MSG_CREDIT.graceDaysInvalid)
    .max(365, MSG_CREDIT.graceDaysInvalid),
  /** Won: an overdue statement's unpaid amount above it (after the grace days) puts the account on hold. */
  overdueThreshold: wonField(MSG_CREDIT.thresholdInvalid),
  /** Whether the company's sub-accounts may order on credit (default: main account only). */
  allowSubAccounts: z.boolean({ error: MSG_ADMIN.creditAllowSubAccountsType }).default(false),
  reason,
});
export type SetCreditAccountRequest = z.input<typeof setCreditAccountRequest>;

export const creditAccount = z.object({
  companyId: int,
  companyName: z.string(),
  status: z.enum(CREDIT_STATUSES),
  statusLabel: z.string(),
  limit: int,
  allowExceed: z.boolean(),
  termCode: z.string(),
  termLabel: z.string(),
  graceDays: int,
  overdueThreshold: int,
  allowSubAccounts: z.boolean(),
  holdReason: z.string().optional(),
  updatedAt: instant,
});
export type CreditAccount = z.infer<typeof creditAccount>;

export const creditAuditRow = z.object({
  seq: int,
  actorName: z.string(),
  reason: z.string(),
  /** The account's fields before (null when created) and after the change. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
  created: instant,
});

export const receivableRow = z.object({
  seq: int,
  kind: z.enum(RECEIVABLE_KINDS),
  kindLabel: z.string(),
  /** Signed won: + the company owes more, − less. */
  amount: int,
  /** The running balance after the row. */
  balanceAfter: int,
  orderSeq: int.nullable(),
  statementSeq: int.nullable(),
  depositSeq: int.nullable(),
  note: z.string(),
  created: instant,
});
export type ReceivableRow = z.infer<typeof receivableRow>;

/** api/admin/getCreditAccount { companyId }: the company's credit page. account is null before one is set. */
export const getCreditAccountRequest = z.object({ companyId: companySeq });
export const creditAccountAnswer = answerOf(
  z.object({
    account: creditAccount.nullable(),
    summary: creditSummary.nullable(),
    /** The sum of the company's ledger rows. */
    balance: int,
    /** The company's cash (캐시), which staff may pay its statements from (api/admin/payStatementFromCash). */
    cash: int,
    terms: z.array(paymentTerm),
    audit: z.array(creditAuditRow),
    /** The newest 100 ledger rows, newest first. */
    ledger: z.array(receivableRow),
    statements: z.array(statementRow),
  }),
);
export type CreditAccountPage = NonNullable<z.infer<typeof creditAccountAnswer>['results']>;

/** The days each rule takes (the table's check says the same): a day of the next month, or days after the close. */
export const TERM_VALUE_RANGE: Record<TermRule, { min: number; max: number; message: string }> = {
  next_month_day: { min: 1, max: 31, message: MSG_CREDIT.termDayInvalid },
  days_after_close: { min: 0, max: 180, message: MSG_CREDIT.termDaysInvalid },
};

/** api/admin/savePaymentTerm: add a payment term (or relabel one); a day outside its rule's range is refused on `value`. */
export const savePaymentTermRequest = z
  .object({
    code: termCode,
    label: textField(2, 40, MSG_CREDIT.termLabelInvalid),
    rule: z.enum(TERM_RULES, { error: MSG_CREDIT.termRuleInvalid }),
    value: z.number({ error: MSG_CREDIT.termDaysInvalid }).int(MSG_CREDIT.termDaysInvalid),
  })
  .superRefine((t, ctx) => {
    const range = TERM_VALUE_RANGE[t.rule];
    if (t.value < range.min || t.value > range.max)
      ctx.addIssue({ code: 'custom', path: ['value'], message: range.message });
  });
export const paymentTermsAnswer = answerOf(z.array(paymentTerm));

/**
 * api/admin/payStatementFromCash { companyId, seq }: staff pay the company's statement from its cash,
 * what the cash covers of what is unpaid (the buyer's payStatement `cash`, done for them; audited).
 */
export const payStatementFromCashRequest = z.object({ companyId: companySeq, seq: statementSeq });

/** api/admin/liftCreditHold { companyId, reason }: staff put an account on hold back to active (audited). */
export const liftCreditHoldRequest = z.object({ companyId: companySeq, reason });
