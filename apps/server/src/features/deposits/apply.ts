import { eq } from 'drizzle-orm';
import { formatWon, type ReceivableVia } from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { lockCreditAccount, paymentsOfDeposit, unpaidStatements } from '../credit/repository.js';
import { lockCompanyPoint } from '../members/repository.js';
import { applyStatementPayment, postLedgerEntry, reverseStatementPayment } from '../credit/index.js';
import { credit, debit } from '../wallet/index.js';
import { allocateDeposit, type LadderResult, type OpenItem } from './ladder.js';
import { deposits } from './schema.js';

export type DepositDbRow = typeof deposits.$inferSelect;

/**
 * Takes the company's locks in the order a credit checkout takes them (its credit account, then its
 * cash row through the wallet): deposits of one company are applied one after the other, each
 * reading the statements as the one before left them, and never deadlock with a checkout.
 */
const lockCompany = (tx: Tx, companyId: number): Promise<void> => lockCreditAccount(tx, companyId);

/** The company's statements with something unpaid (docs/requirements.md#credit-deposits). */
export async function openItems(tx: Tx, companyId: number): Promise<OpenItem[]> {
  const rows = await unpaidStatements(tx, companyId);
  return rows.map((r) => ({ id: r.id, open: r.amountDue - r.paid, dueDate: r.dueDate }));
}

/** How a deposit's money came, as the receivables ledger names it: staff's and a file's are transfers. */
const viaOf = (deposit: DepositDbRow): ReceivableVia =>
  deposit.source === 'card' || deposit.source === 'virtual_account' ? deposit.source : 'transfer';

/**
 * Applies a deposit whose company is known, on the caller's transaction: the ladder places it among
 * the company's open statements (`ownStatementId`: the statement whose virtual account or card
 * payment it is, paid first), each placement through the credit feature's applyStatementPayment (a
 * `payment` row of the receivables ledger with the statement and the deposit, the statement's paid
 * amount moved with it, then onStatementPaid: a hold the overdue statement caused is lifted); the
 * rest goes to the company's cash (wallet). The deposit row is marked applied. Answers what the
 * ladder decided.
 */
export async function applyDeposit(
  tx: Tx,
  deposit: DepositDbRow,
  companyId: number,
  opts: { ownStatementId?: number; memberId?: number | null; now?: Date } = {},
): Promise<LadderResult> {
  await lockCompany(tx, companyId);
  const ladder = allocateDeposit(deposit.amount, await openItems(tx, companyId), opts.ownStatementId);
  for (const a of ladder.allocations) {
    // The ledger row, the statement's paid amount and the hold looked at again (credit's payments.ts).
    await applyStatementPayment(tx, {
      statementId: a.itemId,
      amount: a.amount,
      idemKey: `payment:deposit:${deposit.id}:statement:${a.itemId}`,
      depositId: deposit.id,
      via: viaOf(deposit),
      memberId: opts.memberId ?? null,
      note: `입금 #${deposit.id} ${deposit.depositorName}`.trim(),
      ...(opts.now ? { now: opts.now } : {}),
    });
  }
  if (ladder.toCash > 0) {
    await credit(tx, {
      companyId,
      amount: ladder.toCash,
      type: 'point',
      memberId: opts.memberId ?? null,
      note: `입금 #${deposit.id} 중 명세서에 남은 금액이 없어 캐시로 넣은 ${formatWon(ladder.toCash)}`,
    });
  }
  await tx
    .update(deposits)
    .set({
      status: 'applied',
      companyId,
      rung: ladder.rung,
      toCash: ladder.toCash,
      reviewReason: null,
      appliedAt: opts.now ?? new Date(),
    })
    .where(eq(deposits.id, deposit.id));
  return ladder;
}

/**
 * Undoes an applied deposit the bank took back (a virtual account's DONE → WAITING_FOR_DEPOSIT or
 * CANCELED): each of its `payment` rows gets a `payment_reversal` of the same amount (the ledger is
 * never changed, only added to) and its statement's paid amount goes back; what went to cash is taken
 * back from the cash balance (a `deposit_reversal` row), and what of it the company has already spent
 * is owed again (an `adjustment`, billed by the next statement). The deposit row is marked reversed.
 */
export async function reverseDeposit(tx: Tx, deposit: DepositDbRow, now: Date = new Date()): Promise<void> {
  const companyId = deposit.companyId;
  if (deposit.status !== 'applied' || companyId === null) return;
  await lockCompany(tx, companyId);
  // One reversal per statement: a deposit whose cash was later moved onto a statement it had paid
  // before (placeCashOfDeposit) has two payments naming it.
  const paidByStatement = new Map<number, number>();
  for (const p of await paymentsOfDeposit(tx, deposit.id))
    if (p.statementId !== null)
      paidByStatement.set(p.statementId, (paidByStatement.get(p.statementId) ?? 0) - p.amount);
  for (const [statementId, amount] of paidByStatement) {
    await reverseStatementPayment(tx, {
      statementId,
      amount,
      idemKey: `payment_reversal:deposit:${deposit.id}:statement:${statementId}`,
      depositId: deposit.id,
      via: viaOf(deposit),
      note: `입금 #${deposit.id} 취소`,
      now,
    });
  }
  if (deposit.toCash > 0) {
    const back = Math.min(deposit.toCash, await lockCompanyPoint(tx, companyId));
    if (back > 0) {
      await debit(tx, {
        companyId,
        amount: back,
        type: 'deposit_reversal',
        memberId: null,
        note: `입금 #${deposit.id} 취소: 캐시로 넣은 금액을 되돌림`,
      });
    }
    const spent = deposit.toCash - back;
    // Owed like a charge: an adjustment is billed by the next statement (its amount due) and counts
    // against the limit; a payment_reversal without a statement to reopen would be neither.
    if (spent > 0) {
      await postLedgerEntry(tx, {
        companyId,
        kind: 'adjustment',
        amount: spent,
        idemKey: `adjustment:deposit:${deposit.id}:cash`,
        depositId: deposit.id,
        note: `입금 #${deposit.id} 취소: 캐시로 넣어 이미 쓴 ${formatWon(spent)}`,
      });
    }
  }
  await tx.update(deposits).set({ status: 'reversed', reversedAt: now }).where(eq(deposits.id, deposit.id));
}

/**
 * After the bank took a deposit back, another deposit into the same virtual account that went to
 * cash (the statement was paid then) pays what the take-back reopened (docs/requirements.md#credit-deposits):
 * what of its cash part is still in the company's cash balance leaves it (a `statement_payment` row)
 * and goes through the ladder as the deposit itself would have, its own statement first; what the
 * company has spent since stays owed. The deposit's toCash goes down by what moved, and its rung says how it
 * was placed now. `after` (the deposit taken back) keys the payments, so each take-back moves a
 * deposit's cash once.
 */
export async function placeCashOfDeposit(
  tx: Tx,
  deposit: DepositDbRow,
  opts: { ownStatementId: number; after: number; now: Date },
): Promise<void> {
  const companyId = deposit.companyId;
  if (deposit.status !== 'applied' || companyId === null || deposit.toCash <= 0) return;
  await lockCompany(tx, companyId);
  const movable = Math.min(deposit.toCash, await lockCompanyPoint(tx, companyId));
  if (movable <= 0) return;
  const ladder = allocateDeposit(movable, await openItems(tx, companyId), opts.ownStatementId);
  const moved = movable - ladder.toCash;
  if (moved <= 0) return;
  await debit(tx, {
    companyId,
    amount: moved,
    type: 'statement_payment',
    memberId: null,
    note: `입금 #${deposit.id}: 취소된 입금 #${opts.after} 대신 명세서 결제로 옮긴 ${formatWon(moved)}`,
  });
  for (const a of ladder.allocations) {
    await applyStatementPayment(tx, {
      statementId: a.itemId,
      amount: a.amount,
      idemKey: `payment:deposit:${deposit.id}:statement:${a.itemId}:after:${opts.after}`,
      depositId: deposit.id,
      via: viaOf(deposit),
      memberId: null,
      note: `입금 #${deposit.id} ${deposit.depositorName} (캐시에서 옮김)`.trim(),
      now: opts.now,
    });
  }
  await tx
    .update(deposits)
    .set({ toCash: deposit.toCash - moved, rung: ladder.rung })
    .where(eq(deposits.id, deposit.id));
}
