/**
 * The monthly close of 외상 in the back office (docs/requirements.md#monthly-close): closing a month,
 * previewing and re-sending statements, and the receivables aging report. The rest is in credit.ts.
 */
import { z } from 'zod';
import { int, page as backOfficePage, size as backOfficeSize } from './admin-fields.js';
import { companySeq, statementSeq } from './page-fields.js';
import { agingFields, CREDIT_STATUSES, listMonthField, monthField, seoulDateField, statementRow } from './credit.js';
import { RECEIVABLE_KINDS } from './credit-receivables.js';
import { answerOf, pageAnswerOf } from './envelope.js';
import { PAGE_SIZE } from './constants.js';
// ---------------------------------------------------------------- back office: close and statements

/** api/admin/closeMonth { month, companyId? }: what the scheduled job runs; idempotent. */
export const closeMonthRequest = z.object({ month: monthField, companyId: companySeq.optional() });
export const closeMonthAnswer = answerOf(
  z.object({
    month: z.string(),
    /** Statements made by this call. */
    closed: int,
    /**
     * Companies whose month was closed already: its statement existed, or a later month's had taken
     * its lines (a second close changes nothing). Only the month's own statements are listed below.
     */
    already: int,
    /** 월합계 invoices parked because the company's invoice fields are missing. */
    parked: int,
    /** Statements of earlier months that no close had taken, made first (each bills its own month). */
    caughtUp: int,
    statements: z.array(z.object({ seq: int, companyId: int, companyName: z.string(), closing: int })),
  }),
);

/** api/admin/previewStatement { companyId, month }: the statement the close would make (nothing is written). */
export const previewStatementRequest = z.object({ companyId: companySeq, month: monthField });
export const statementLine = z.object({
  /** The ledger row it comes from. */
  receivableSeq: int,
  kind: z.enum(RECEIVABLE_KINDS),
  kindLabel: z.string(),
  orderSeq: int.nullable(),
  /** The day of the line (shipped, returned or paid), YYYY-MM-DD. */
  date: seoulDateField,
  description: z.string(),
  amount: int,
});
export type StatementLine = z.infer<typeof statementLine>;
export const statementPreviewAnswer = answerOf(
  statementRow.omit({ seq: true, closedAt: true, taxInvoice: true, virtualAccount: true, refunded: true }).extend({
    lines: z.array(statementLine),
    /**
     * The months before it no close took, which the close makes first, oldest first
     * (docs/requirements.md#monthly-close): their lines are on those statements, and the last
     * one's closing is this one's opening.
     */
    catchUpMonths: z.array(z.string()),
    /**
     * False for a month with no line and nothing carried in: the close writes no statement for it
     * (docs/requirements.md#monthly-close), and the figures above are all 0.
     */
    makesStatement: z.boolean(),
  }),
);

/**
 * api/admin/resendStatement { seq }: send the statement's 알림톡 (and its invoice mail) again; refused
 * for one with nothing left to pay, once in STATEMENT_RESEND_MINUTES (docs/requirements.md#monthly-close).
 */
export const resendStatementRequest = z.object({ seq: statementSeq });

/** api/admin/statementList { month?, companyId?, page, size }: the back office's statements. */
export const adminStatementListRequest = z.object({
  month: listMonthField.optional(),
  companyId: companySeq.optional(),
  page: backOfficePage,
  size: backOfficeSize(PAGE_SIZE.backOffice),
});
export const adminStatementPageAnswer = pageAnswerOf(statementRow);

/** api/admin/receivablesAging {}: every company with credit, its balance by age, and the totals. */
export const receivablesAgingRow = agingFields.extend({
  companyId: int,
  companyName: z.string(),
  status: z.enum(CREDIT_STATUSES),
  statusLabel: z.string(),
  limit: int,
  used: int,
  /** What is owed in all: the sum of the buckets. */
  total: int,
  /** The oldest unpaid statement's due date, null when none. */
  oldestDue: seoulDateField.nullable(),
});
export type ReceivablesAgingRow = z.infer<typeof receivablesAgingRow>;
export const receivablesAgingAnswer = answerOf(
  z.object({
    rows: z.array(receivablesAgingRow),
    totals: agingFields.extend({ used: int, total: int }),
    /** The day the ages are counted at, YYYY-MM-DD. */
    asOf: seoulDateField,
  }),
);
