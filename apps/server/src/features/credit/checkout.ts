/**
 * Paying an order on credit and undoing it (docs/requirements.md#credit-checkout). Both run inside the
 * order's own transaction (features/orders): the charge after locking the company's credit account
 * row, so two checkouts at the limit cannot both pass; the reversal in the status move's.
 */
import { eq } from 'drizzle-orm';
import { MEMBER_TYPE_MAIN, MSG_CREDIT } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { memberType } from '../members/repository.js';
import { AppError, badRequest } from '../../shared/http.js';
import { seoulDay } from '@partsmall/contract';
import { reevaluateHold } from './overdue.js';
import { chargeOfOrder, creditPosition, findCreditAccount, postLedgerEntry } from './repository.js';
import { availableOf, creditFits, isHoldingOverdue, positionExposure, statementName } from './rules.js';
import { statementLines, statements } from './schema.js';

/**
 * The refusal of a credit checkout that found an overdue statement the account did not show yet. The
 * order's transaction rolls back with it, and the hold with it, so the hold is written after that, in
 * its own transaction (`holdAfterRefusal`): the account reads 보류 at once (docs/requirements.md#overdue).
 */
class OverdueRefusal extends AppError {
  constructor(
    message: string,
    readonly companyId: number,
    readonly now: Date,
  ) {
    super(400, message, 400, 'payWith');
  }
}

/**
 * What the order's caller runs once its transaction has rolled back on a refusal: an overdue refusal
 * puts the account on hold (an audited system change, as the daily check's). The order's locks are
 * gone by then, so the account's row is locked alone (docs/architecture.md#credit).
 */
export async function holdAfterRefusal(db: Db, err: unknown): Promise<void> {
  if (!(err instanceof OverdueRefusal)) return;
  await db.transaction((tx) => reevaluateHold(tx, err.companyId, err.now));
}

/**
 * Charges a credit order of `amount` (goods and shipping) to the company's receivables, or refuses it
 * with the Korean reason (no account, a sub-account not allowed, suspended, on hold or overdue, over
 * the limit). Runs after the order row is written; a refusal rolls the whole order back (an overdue
 * one then holds the account: `holdAfterRefusal`).
 */
export async function chargeCreditOrder(
  tx: Tx,
  o: { companyId: number; memberId: number; orderId: number; amount: number; now?: Date },
): Promise<void> {
  const account = await findCreditAccount(tx, o.companyId, true);
  if (!account) throw badRequest(MSG_CREDIT.noAccount, 'payWith');
  if (!account.allowSubAccounts) {
    if ((await memberType(tx, o.memberId)) !== MEMBER_TYPE_MAIN)
      throw badRequest(MSG_CREDIT.notForSubAccount, 'payWith');
  }
  if (account.status === 'suspended') throw badRequest(MSG_CREDIT.suspended, 'payWith');
  // The unpaid statements and the unbilled parts in one statement (docs/performance.md).
  const position = await creditPosition(tx, o.companyId);
  const { unpaid } = position;
  if (account.status === 'on_hold') {
    const held = unpaid.find((s) => s.id === account.holdStatementId);
    throw badRequest(held ? MSG_CREDIT.onHold(statementName(held.month)) : MSG_CREDIT.onHoldNoStatement, 'payWith');
  }
  // A statement overdue past the grace days holds the account even before the daily check marks it.
  const now = o.now ?? new Date();
  const overdue = unpaid.find((s) => isHoldingOverdue(s, account, seoulDay(now)));
  if (overdue) throw new OverdueRefusal(MSG_CREDIT.onHold(statementName(overdue.month)), o.companyId, now);
  const used = positionExposure(position);
  if (!creditFits(used, o.amount, account.creditLimit, account.allowExceed))
    throw badRequest(MSG_CREDIT.overLimit(availableOf(account.creditLimit, used)), 'payWith');
  await postLedgerEntry(tx, {
    companyId: o.companyId,
    kind: 'charge',
    amount: o.amount,
    idemKey: `charge:order:${o.orderId}`,
    orderId: o.orderId,
    memberId: o.memberId,
    note: `주문 #${o.orderId}`,
  });
}

/** The idempotency key of a credit order's reversal by a move to `status` (one per move). */
export const reversalKey = (orderId: number, status: number) => `reversal:order:${orderId}:${status}`;

/**
 * Reverses (part of) a credit order's charge when it is cancelled (3, 8) or its return approved (5):
 * the amount a cash refund would have been, as a ledger row, never cash. Once the charge is on a
 * closed statement the reversal is a credit note, billed on the next statement.
 */
export async function reverseCreditOrder(
  tx: Tx,
  o: { companyId: number; orderId: number; amount: number; status: number; memberId: number; returned: boolean },
): Promise<void> {
  if (o.amount <= 0) return;
  const charge = await chargeOfOrder(tx, o.orderId);
  if (!charge) throw new Error(`credit order ${o.orderId} has no charge`);
  const [billed] = await tx
    .select({ month: statements.month })
    .from(statementLines)
    .innerJoin(statements, eq(statements.id, statementLines.statementId))
    .where(eq(statementLines.ledgerId, charge.id));
  await postLedgerEntry(tx, {
    companyId: o.companyId,
    kind: billed ? 'credit_note' : 'reversal',
    amount: -o.amount,
    idemKey: reversalKey(o.orderId, o.status),
    orderId: o.orderId,
    memberId: o.memberId,
    note: `주문 #${o.orderId} ${o.returned ? '반품' : '취소'}${billed ? ` (${statementName(billed.month)} 차감)` : ''}`,
  });
}

/**
 * The 외상 in won a company owes (0 without an account): its unpaid statements and the charges not on a
 * statement yet, less what its statements were overpaid, as the account's exposure counts them. It
 * holds a main account's withdrawal back (docs/requirements.md#withdrawal).
 */
export async function creditOwed(db: Db | Tx, companyId: number): Promise<number> {
  return positionExposure(await creditPosition(db, companyId));
}
