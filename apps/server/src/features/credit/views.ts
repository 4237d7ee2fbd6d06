/** How the credit feature's rows are answered (the contract's shapes). */
import {
  CREDIT_STATUS_LABELS,
  receivableLabel,
  STATEMENT_STATUS_LABELS,
  TAX_INVOICE_STATUS_LABELS,
  type CreditAccount,
  type CreditStatus,
  type ReceivableKind,
  type ReceivableRow,
  type ReceivableVia,
  type StatementRow,
  type TaxInvoiceStatus,
} from '@partsmall/contract';
import type { CreditAccountRow, StatementDbRow } from './schema.js';
import type { LedgerRowWithBalance } from './repository.js';
import { statementStatusOf } from './rules.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toCreditAccount(a: CreditAccountRow, companyName: string, termLabel: string): CreditAccount {
  const status = a.status as CreditStatus;
  return {
    companyId: a.companyId,
    companyName,
    status,
    statusLabel: CREDIT_STATUS_LABELS[status],
    limit: a.creditLimit,
    allowExceed: a.allowExceed,
    termCode: a.termCode,
    termLabel,
    graceDays: a.graceDays,
    overdueThreshold: a.overdueThreshold,
    allowSubAccounts: a.allowSubAccounts,
    ...(a.holdReason ? { holdReason: a.holdReason } : {}),
    updatedAt: iso(a.updatedAt),
  };
}

/** The fields of an account an audit row records. */
export function auditFields(a: CreditAccountRow): Record<string, unknown> {
  return {
    status: a.status,
    limit: a.creditLimit,
    allowExceed: a.allowExceed,
    termCode: a.termCode,
    graceDays: a.graceDays,
    overdueThreshold: a.overdueThreshold,
    allowSubAccounts: a.allowSubAccounts,
    holdReason: a.holdReason,
  };
}

export function toStatementRow(
  r: {
    s: StatementDbRow;
    companyName: string;
    invoiceStatus: string | null;
    invoiceError: string | null;
    refunded: number;
  },
  today: string,
): StatementRow {
  const s = r.s;
  const status = statementStatusOf(s, today);
  const invoiceStatus = r.invoiceStatus as TaxInvoiceStatus | null;
  return {
    seq: s.id,
    month: s.month,
    companyId: s.companyId,
    companyName: r.companyName,
    opening: s.opening,
    charges: s.charges,
    credits: s.credits,
    payments: s.payments,
    adjustments: s.adjustments,
    closing: s.closing,
    amountDue: s.amountDue,
    paid: s.paid,
    unpaid: Math.max(0, s.amountDue - s.paid),
    refunded: Number(r.refunded),
    dueDate: s.dueDate,
    status,
    statusLabel: STATEMENT_STATUS_LABELS[status],
    termLabel: s.termLabel,
    closedAt: iso(s.closedAt),
    taxInvoice:
      s.taxInvoiceId !== null && invoiceStatus
        ? {
            seq: s.taxInvoiceId,
            status: invoiceStatus,
            statusLabel: TAX_INVOICE_STATUS_LABELS[invoiceStatus],
            ...(r.invoiceError ? { error: r.invoiceError } : {}),
          }
        : null,
    virtualAccount:
      s.vaAccountNumber && s.vaExpiresAt
        ? {
            bank: s.vaBank ?? '',
            accountNumber: s.vaAccountNumber,
            holder: s.vaHolder ?? '',
            expiresAt: iso(s.vaExpiresAt),
          }
        : null,
  };
}

export function toReceivableRow(r: LedgerRowWithBalance): ReceivableRow {
  const kind = r.kind as ReceivableKind;
  return {
    seq: r.id,
    kind,
    kindLabel: receivableLabel(kind, r.via as ReceivableVia | null),
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    orderSeq: r.order_id,
    statementSeq: r.statement_id,
    depositSeq: r.deposit_id,
    note: r.note,
    created: iso(r.created_at),
  };
}
