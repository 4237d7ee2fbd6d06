import { MSG_ORDER, type CashLedgerType } from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { movePoint } from '../members/repository.js';
import { cashLedger } from './schema.js';
import { AppError } from '../../shared/http.js';

/**
 * The company's cash (docs/requirements.md#wallet): the balance and its append-only ledger change together, on the
 * caller's transaction, and the balance never goes below zero. Every change of
 * cash goes through here: payments of orders, refunds of cancels and returns, top-ups through the
 * gateway, and (later) staff adjustments.
 */

export interface WalletMove {
  companyId: number;
  /** Won, a whole number (0 for a free order, recorded all the same): credit adds it, debit takes it. */
  amount: number;
  /** The ledger row's type: the contract's, which the cash_ledger check constraint names too. */
  type: CashLedgerType;
  /** Who caused the move (null for the shop itself). */
  memberId: number | null;
  /** What the ledger row says, e.g. '주문 #12'. */
  note: string;
}

/** The balance after a debit that would go below zero: nothing was written. */
export class InsufficientBalance extends AppError {
  constructor() {
    super(400, MSG_ORDER.insufficientBalance, 400, 'point');
  }
}

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new Error(`wallet: amount must be a whole number of won, not negative, got ${amount}`);
}

/**
 * Moves the balance by `delta` and writes the ledger row with the balance after it, on the
 * caller's transaction; a debit only happens while the balance covers it (a conditional update, so
 * two debits racing on one company are applied one after the other and the second sees the first:
 * the update holds the company's row lock until the transaction ends, so the ledger row written
 * next carries the balance no other move can change in between).
 * Returns the balance after, or null when the debit was not covered.
 */
async function move(tx: Tx, m: WalletMove, delta: number): Promise<number | null> {
  const point = await movePoint(tx, m.companyId, delta);
  if (point === null) return null;
  await tx.insert(cashLedger).values({
    companyId: m.companyId,
    type: m.type,
    amount: delta,
    balanceAfter: point,
    memberId: m.memberId,
    note: m.note,
  });
  return point;
}

/** Adds cash to a company (top-up, refund, adjustment). Returns the balance after. */
export async function credit(tx: Tx, m: WalletMove): Promise<number> {
  checkAmount(m.amount);
  const after = await move(tx, m, m.amount);
  if (after === null) throw new Error(`wallet: company ${m.companyId} not found`);
  return after;
}

/** Takes cash from a company; refuses (InsufficientBalance, nothing written) below zero. Returns the balance after. */
export async function debit(tx: Tx, m: WalletMove): Promise<number> {
  checkAmount(m.amount);
  const after = await move(tx, m, -m.amount);
  if (after === null) throw new InsufficientBalance();
  return after;
}
