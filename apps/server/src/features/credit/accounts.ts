/**
 * Credit accounts (docs/requirements.md#credit-accounts): set, read and lift a hold, every change with
 * a credit_account_audit row (who, why, before and after) on the change's own transaction; the
 * buyer's summary (exposure, available, aging).
 */
import { eq } from 'drizzle-orm';
import {
  CREDIT_STATUS_LABELS,
  MEMBER_TYPE_MAIN,
  MSG_CREDIT,
  type AuditAction,
  type CreditAccountPage,
  type CreditStatus,
  type CreditSummary,
  type PaymentTerm,
  type SetCreditAccountRequest,
  type TermRule,
} from '@partsmall/contract';
import type { z } from 'zod';
import type { savePaymentTermRequest, setCreditAccountRequest } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { activeCompanyName, companyNameById, companyPoint } from '../members/repository.js';
import { recordAudit } from '../admin/repository.js';
import { badRequest, forbidden, notFound } from '../../shared/http.js';
import { seoulDay } from '@partsmall/contract';
import {
  creditAuditOf,
  creditPosition,
  findCreditAccount,
  findPaymentTerm,
  ledgerBalance,
  ledgerRowsOf,
  listPaymentTerms,
  statementRowsWhere,
} from './repository.js';
import { agingOf, availableOf, pendingCreditOf, positionExposure } from './rules.js';
import { creditAccountAudit, creditAccounts, paymentTerms, statements, type CreditAccountRow } from './schema.js';
import { auditFields, toCreditAccount, toReceivableRow, toStatementRow } from './views.js';

export type { SetCreditAccountRequest };
type SetInput = z.output<typeof setCreditAccountRequest>;
type TermInput = z.output<typeof savePaymentTermRequest>;

/** Who changes an account: a staff member, or the system (the overdue check, a payment). */
export interface Actor {
  memberId: number | null;
  name: string;
}
export const SYSTEM: Actor = { memberId: null, name: '시스템' };

const toTerm = (t: typeof paymentTerms.$inferSelect): PaymentTerm => ({
  code: t.code,
  label: t.label,
  rule: t.rule as TermRule,
  value: t.value,
});

/** Writes the account's audit row (and the back office's, for a staff change) on the change's transaction. */
export async function auditCreditChange(
  tx: Tx,
  actor: Actor,
  companyId: number,
  reason: string,
  before: CreditAccountRow | null,
  after: CreditAccountRow,
  action: AuditAction = 'setCreditAccount',
) {
  await tx.insert(creditAccountAudit).values({
    companyId,
    memberId: actor.memberId,
    actorName: actor.name,
    reason,
    before: before ? auditFields(before) : null,
    after: auditFields(after),
  });
  if (actor.memberId !== null)
    await recordAudit(tx, {
      memberId: actor.memberId,
      action,
      target: `company:${companyId}`,
      before: before ? auditFields(before) : null,
      after: { ...auditFields(after), reason },
    });
}

/** Creates or changes a company's credit account; refuses an unknown company or term and changes nothing. */
export async function setCreditAccount(db: Db, actor: Actor, input: SetInput): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await activeCompanyName(tx, input.companyId)) === undefined) throw notFound(MSG_CREDIT.companyNotFound);
    if (!(await findPaymentTerm(tx, input.termCode))) throw badRequest(MSG_CREDIT.termNotFound, 'termCode');
    const before = await findCreditAccount(tx, input.companyId, true);
    const status: CreditStatus = input.status;
    // A hold the check put on names its statement; staff putting one on name their reason.
    const holdReason =
      status === 'on_hold'
        ? before?.status === 'on_hold' && before.holdReason
          ? before.holdReason
          : `담당자 보류: ${input.reason}`
        : '';
    const values = {
      status,
      creditLimit: input.limit,
      allowExceed: input.allowExceed,
      termCode: input.termCode,
      graceDays: input.graceDays,
      overdueThreshold: input.overdueThreshold,
      allowSubAccounts: input.allowSubAccounts,
      holdReason,
      holdStatementId: status === 'on_hold' ? (before?.holdStatementId ?? null) : null,
      updatedAt: new Date(),
    };
    const [after] = before
      ? await tx.update(creditAccounts).set(values).where(eq(creditAccounts.companyId, input.companyId)).returning()
      : await tx
          .insert(creditAccounts)
          .values({ companyId: input.companyId, ...values })
          .returning();
    await auditCreditChange(tx, actor, input.companyId, input.reason, before, after!);
  });
}

/** Staff lift a hold with a reason (audited). */
export async function liftCreditHold(db: Db, actor: Actor, companyId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findCreditAccount(tx, companyId, true);
    if (!before) throw notFound(MSG_CREDIT.noAccount);
    if (before.status !== 'on_hold') throw badRequest(MSG_CREDIT.notOnHold, 'companyId');
    const [after] = await tx
      .update(creditAccounts)
      .set({ status: 'active', holdReason: '', holdStatementId: null, updatedAt: new Date() })
      .where(eq(creditAccounts.companyId, companyId))
      .returning();
    await auditCreditChange(tx, actor, companyId, reason, before, after!, 'liftCreditHold');
  });
}

/** Adds a payment term or relabels one (its rule and value stay: statements were dated by them). */
export async function savePaymentTerm(db: Db, actor: Actor, input: TermInput): Promise<PaymentTerm[]> {
  await db.transaction(async (tx) => {
    // Insert first: of two admins adding one code at once, the second waits for the first's row
    // and then relabels it (or is refused), instead of failing on the key.
    const [added] = await tx.insert(paymentTerms).values(input).onConflictDoNothing().returning();
    const existing = added ? null : await findPaymentTerm(tx, input.code);
    if (existing && (existing.rule !== input.rule || existing.value !== input.value))
      throw badRequest(MSG_CREDIT.termCodeTaken, 'code');
    if (existing) await tx.update(paymentTerms).set({ label: input.label }).where(eq(paymentTerms.code, input.code));
    if (actor.memberId !== null)
      await recordAudit(tx, {
        memberId: actor.memberId,
        action: 'savePaymentTerm',
        target: `term:${input.code}`,
        before: existing ? toTerm(existing) : null,
        after: input,
      });
  });
  return paymentTermList(db);
}

/** The terms, in the order they were added. */
export async function paymentTermList(db: Db | Tx): Promise<PaymentTerm[]> {
  return (await listPaymentTerms(db)).map(toTerm);
}

/** Exposure, available and aging of an account on a day. */
export async function summaryOf(
  db: Db | Tx,
  account: CreditAccountRow,
  now: Date = new Date(),
): Promise<CreditSummary> {
  const today = seoulDay(now);
  const [position, term] = await Promise.all([
    creditPosition(db, account.companyId),
    findPaymentTerm(db, account.termCode),
  ]);
  const { unpaid, unbilled } = position;
  const rows = unpaid.map((s) => ({ unpaid: s.amountDue - s.paid, dueDate: s.dueDate }));
  const used = positionExposure(position);
  const pendingCredit = pendingCreditOf(unbilled);
  const { statementCredit } = unbilled;
  const status = account.status as CreditStatus;
  const holdReason =
    status === 'on_hold'
      ? account.holdReason || MSG_CREDIT.onHoldNoStatement
      : status === 'suspended'
        ? MSG_CREDIT.suspended
        : undefined;
  return {
    status,
    statusLabel: CREDIT_STATUS_LABELS[status],
    limit: account.creditLimit,
    allowExceed: account.allowExceed,
    used,
    available: availableOf(account.creditLimit, used),
    termCode: account.termCode,
    termLabel: term?.label ?? account.termCode,
    ...(holdReason ? { holdReason } : {}),
    aging: agingOf(rows, Math.max(0, unbilled.shipped), today),
    // Only when something is pending, as a hold's reason: an answer without it reads as before.
    ...(pendingCredit > 0 ? { pendingCredit } : {}),
    ...(statementCredit > 0 ? { statementCredit } : {}),
  };
}

/** The buyer's summary: 404 without an account, 403 for a sub-account the account does not allow. */
export async function buyerSummary(
  db: Db,
  who: { companyId: number; memberType: number },
  now: Date = new Date(),
): Promise<CreditSummary> {
  const account = await findCreditAccount(db, who.companyId);
  if (!account) throw notFound(MSG_CREDIT.noAccount);
  if (who.memberType !== MEMBER_TYPE_MAIN && !account.allowSubAccounts) throw forbidden(MSG_CREDIT.notForSubAccount);
  return summaryOf(db, account, now);
}

/** The back office's credit page of a company. */
export async function creditAccountPage(db: Db, companyId: number, now: Date = new Date()): Promise<CreditAccountPage> {
  const companyName = await companyNameById(db, companyId);
  if (companyName === undefined) throw notFound(MSG_CREDIT.companyNotFound);
  const account = await findCreditAccount(db, companyId);
  const terms = await paymentTermList(db);
  const today = seoulDay(now);
  const [summary, balance, cash, ledger, audit, list] = await Promise.all([
    account ? summaryOf(db, account, now) : Promise.resolve(null),
    ledgerBalance(db, companyId),
    companyPoint(db, companyId),
    ledgerRowsOf(db, companyId, 100),
    creditAuditOf(db, companyId),
    statementRowsWhere(db, eq(statements.companyId, companyId), { offset: 0, limit: 60 }),
  ]);
  return {
    account: account
      ? toCreditAccount(account, companyName, terms.find((t) => t.code === account.termCode)?.label ?? '')
      : null,
    summary,
    balance,
    cash: cash ?? 0,
    terms,
    audit: audit.map((a) => ({
      seq: a.id,
      actorName: a.actorName,
      reason: a.reason,
      before: a.before ?? null,
      after: a.after,
      created: a.createdAt.toISOString(),
    })),
    ledger: ledger.map(toReceivableRow),
    statements: list.rows.map((r) => toStatementRow(r, today)),
  };
}
