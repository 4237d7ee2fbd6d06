import { and, desc, eq, gte, lt, ne, or } from 'drizzle-orm';
import {
  MSG_DEPOSIT,
  MSG_MEMBER,
  formatWon,
  type GatewayConfirmation,
  type PaymentRecord,
  type PgCode,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { memberNameById, moveLicenseEnd } from '../members/repository.js';
import { paymentsWithPayer, waitingTransfer } from './repository.js';
import { payments } from './schema.js';
import type { EventSink } from '../../shared/events.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { extendLicense, withinSeoulDays } from '../../shared/time.js';
import { credit } from '../wallet/index.js';
import { notifyCashCredited, notifyTransferWaiting } from '../notify/index.js';
import { recordCardPayment, statementLeft } from '../deposits/index.js';
import type { PaymentGateway } from './gateway.js';
import { transferDue, virtualAccount } from './sandbox.js';
import { pageWithTotal } from '../../db/page.js';
import { companyWithdrawnLocked, endedByWithdrawal, endPayment } from './withdrawal.js';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentKind = 'point' | 'license' | 'statement';

export interface NewPayment {
  companyId: number;
  memberId: number;
  memberName: string;
  kind: PaymentKind;
  pgcode: PgCode;
  amount: number;
  days?: number;
  productName: string;
  /** The 외상 statement a card payment pays (kind 'statement'). */
  statementId?: number;
}

/** Product name of a cash top-up: '캐시 충전 50,000원'. */
export const cashProductName = (amount: number) => `캐시 충전 ${formatWon(amount)}`;

/** Starts a payment at the gateway and stores it as pending with the amount the server decided. */
export async function startPayment(
  db: Db,
  gateway: PaymentGateway,
  p: NewPayment,
  base?: string,
): Promise<{ paymentId: string; onlineUrl: string }> {
  const started = await gateway.start({
    pgcode: p.pgcode,
    amount: p.amount,
    productName: p.productName,
    buyerName: p.memberName,
    ...(base ? { base } : {}),
  });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        gatewayId: started.paymentId,
        provider: gateway.name,
        companyId: p.companyId,
        memberId: p.memberId,
        kind: p.kind,
        pgcode: p.pgcode,
        amount: p.amount,
        days: p.kind === 'license' ? (p.days ?? null) : null,
        statementId: p.kind === 'statement' ? (p.statementId ?? null) : null,
        productName: p.productName,
      })
      .returning({ id: payments.id, createdAt: payments.createdAt });
    // The sandbox's transfer account is known now: the member is told where and by when to pay.
    // Toss issues its account only once the buyer finishes its window (docs/requirements.md#notifications).
    if (p.pgcode === 'banktransfer' && gateway.name === 'sandbox' && row) {
      const account = virtualAccount(started.paymentId);
      await notifyTransferWaiting(tx, {
        paymentId: row.id,
        companyId: p.companyId,
        memberId: p.memberId,
        bank: account.bank,
        account: account.account,
        amount: p.amount,
        due: transferDue(row.createdAt),
      });
    }
  });
  return started;
}

/**
 * A bank transfer's account became known after the start (Toss issues it once the buyer finishes its
 * window): the member who asked is told where and by when to pay. The notice is a job of this
 * transaction, written only while the payment is still a pending transfer; its key is the payment's,
 * so the same issuance seen again (the success redirect reloaded, its webhook replayed) writes none.
 */
export async function transferAccountIssued(
  db: Db,
  gatewayName: string,
  gatewayId: string,
  issued: { bank: string; account: string; due: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gatewayId, gatewayId), eq(payments.provider, gatewayName), ...waitingTransfer))
      .for('update');
    if (!row || row.memberId === null || !issued.account) return false;
    await notifyTransferWaiting(tx, {
      paymentId: row.id,
      companyId: row.companyId,
      memberId: row.memberId,
      bank: issued.bank,
      account: issued.account,
      amount: row.amount,
      due: issued.due,
    });
    return true;
  });
}

export async function paymentByGatewayId(
  db: Db,
  gatewayName: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gatewayId, paymentId), eq(payments.provider, gatewayName)));
  return row;
}

export interface ConfirmOutcome {
  payment: PaymentRow;
  /** True when this confirmation repeated one already applied: nothing changed. */
  repeated: boolean;
  /** True when a deposit came after its transfer's due time: the payment was declined instead. */
  expired?: boolean;
  /**
   * A card payment of a statement bigger than what was left of it: what paid the statement, the
   * company's other statements and its cash (the buyer is told: statementPaidWithRest).
   */
  rest?: { own: number; others: number; cash: number };
}

/**
 * A card payment of a statement that had nothing left to pay when its approval came (a second
 * window, or one approved after a deposit paid it): declined, nothing taken, 409 with why
 * (docs/requirements.md#credit-deposits).
 */
export class StatementAlreadyPaid extends AppError {
  constructor() {
    super(409, MSG_DEPOSIT.statementAlreadyPaid, 409, 'status');
  }
}

/** True when the payment pays a statement that has nothing left to pay now. */
export async function statementNothingLeft(db: Db | Tx, p: PaymentRow): Promise<boolean> {
  return p.kind === 'statement' && p.statementId !== null && (await statementLeft(db, p.companyId, p.statementId)) <= 0;
}

/** The page's text of a confirmation that paid: the plain outcome, or where a statement's remainder went. */
export const paidText = (outcome: ConfirmOutcome): string | undefined =>
  outcome.rest
    ? MSG_DEPOSIT.statementPaidWithRest(outcome.rest.own, outcome.rest.others, outcome.rest.cash)
    : undefined;

/** The company withdrew while this confirmation was crediting it: everything it wrote is rolled back. */
class WithdrewMeanwhile extends Error {}

/** A payment the company's withdrawal ended (or would have): 409, the page says why (docs/requirements.md#payments). */
const endedAnswer = () => new AppError(409, MSG_MEMBER.paymentEnded, 409, 'status');

/**
 * Applies a gateway confirmation: the only way a payment credits anything.
 * - the signature must check out (400), the payment must exist at this gateway (404) and the
 *   amount must be the one stored when it started (400);
 * - the payment row moves pending → paid or pending → declined by a conditional update, and a
 *   'paid' credits in the same transaction: cash (balance and ledger row) or licence days. A
 *   second delivery of the same confirmation, at once or later, finds the row no longer pending
 *   and changes nothing (docs/requirements.md#payments);
 * - at a gateway that times its transfers' accounts itself (`transferHours`, the sandbox's), a
 *   deposit after the due time credits nothing: the payment is declined (`expired`);
 * - a payment of a company that withdrew is never paid (409 '회원 탈퇴로 취소된 결제입니다. …'): the
 *   withdrawal declined it, or, stored by a session the withdrawal had not ended yet, it is declined
 *   now. Its company's row is read last, under the lock the withdrawal holds until it commits, so a
 *   withdrawal and a confirmation at once either credit before the withdrawal or take nothing;
 * - a card payment of a 외상 statement that has nothing left to pay when it comes is declined (409
 *   StatementAlreadyPaid): read under the credit account's lock, so of two windows approved at once
 *   one pays. One bigger than what is left pays it, the rest placed by the ladder (`rest`).
 */
export async function confirmPayment(
  db: Db,
  events: EventSink,
  gateway: PaymentGateway,
  c: GatewayConfirmation,
  now: Date = new Date(),
): Promise<ConfirmOutcome> {
  if (!gateway.verify(c)) throw badRequest(MSG_MEMBER.paymentSignature, 'signature');
  const outcome = await applyConfirmation(db, gateway, c, now).catch(async (err: unknown) => {
    if (err instanceof StatementAlreadyPaid) {
      // Rolled back: the window is declined on its own (a pending one only), so nothing is taken for it.
      const row = await paymentByGatewayId(db, gateway.name, c.paymentId);
      if (row) await endPayment(db, row, now);
      throw err;
    }
    if (!(err instanceof WithdrewMeanwhile)) throw err;
    const row = await paymentByGatewayId(db, gateway.name, c.paymentId);
    if (row) await endPayment(db, row, now);
    throw endedAnswer();
  });
  // A repeated confirmation changed nothing and tells nothing.
  if (!outcome.repeated && outcome.payment.status === 'paid') {
    const { companyId } = outcome.payment;
    if (outcome.payment.kind !== 'statement')
      await events.publish(
        outcome.payment.kind === 'point'
          ? { type: 'walletChanged', companyId, reason: 'topUp' }
          : { type: 'licenceChanged', companyId },
      );
  }
  return outcome;
}

/** confirmPayment's transaction: moves the row and credits what it bought, or finds why not. */
async function applyConfirmation(
  db: Db,
  gateway: PaymentGateway,
  c: GatewayConfirmation,
  now: Date,
): Promise<ConfirmOutcome> {
  // A transfer whose account the shop times (the sandbox's) takes its deposit until the due time
  // only: the same conditional update checks it, so a deposit racing the due time credits at most once.
  const dueFrom =
    gateway.transferHours === undefined ? undefined : new Date(now.getTime() - gateway.transferHours * 3_600_000);
  const payment = and(
    eq(payments.gatewayId, c.paymentId),
    eq(payments.provider, gateway.name),
    eq(payments.status, 'pending'),
    eq(payments.amount, c.amount),
  );
  return db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const [moved] = await tx
      .update(payments)
      .set(c.status === 'paid' ? { status: 'paid', paidAt: now } : { status: 'declined', declinedAt: now })
      .where(
        c.status === 'paid' && dueFrom
          ? and(payment, or(ne(payments.pgcode, 'banktransfer'), gte(payments.createdAt, dueFrom)))
          : payment,
      )
      .returning();
    if (!moved && c.status === 'paid' && dueFrom) {
      // Its account lapsed unpaid: declined, as Toss's EXPIRED declines it (docs/requirements.md#payments).
      const [lapsed] = await tx
        .update(payments)
        .set({ status: 'declined', declinedAt: now })
        .where(and(payment, eq(payments.pgcode, 'banktransfer'), lt(payments.createdAt, dueFrom)))
        .returning();
      if (lapsed) return { payment: lapsed, repeated: false, expired: true };
    }
    if (!moved) {
      const row = await paymentByGatewayId(tx, gateway.name, c.paymentId);
      if (!row) throw notFound(MSG_MEMBER.paymentNotFound);
      if (row.amount !== c.amount) throw badRequest(MSG_MEMBER.paymentAmountMismatch, 'amount');
      if (row.status === c.status) return { payment: row, repeated: true };
      if (c.status === 'paid' && (await endedByWithdrawal(tx, row))) throw new WithdrewMeanwhile();
      // Declined because its statement was paid (the provider confirmed it anyway): the same answer again.
      if (c.status === 'paid' && (await statementNothingLeft(tx, row))) throw new StatementAlreadyPaid();
      throw new AppError(409, MSG_MEMBER.paymentConflict, 409, 'status');
    }
    if (moved.status !== 'paid') return { payment: moved, repeated: false };
    let rest: ConfirmOutcome['rest'];

    if (moved.kind === 'point') {
      const balanceAfter = await credit(tx, {
        companyId: moved.companyId,
        amount: moved.amount,
        type: 'point',
        memberId: moved.memberId,
        note: `${moved.productName} (결제 #${moved.id})`,
      });
      // The 알림톡 is a job of this transaction: credited and told, or neither.
      await notifyCashCredited(tx, {
        paymentId: moved.id,
        companyId: moved.companyId,
        amount: moved.amount,
        balanceAfter,
        at: now,
      });
    } else if (moved.kind === 'statement' && moved.statementId !== null) {
      // A statement paid by card is a deposit applied to it (docs/requirements.md#credit-deposits).
      // Its statement paid meanwhile (another window, a deposit): declined, nothing taken.
      const payer = moved.memberId ? await memberNameById(tx, moved.memberId) : undefined;
      const placed = await recordCardPayment(tx, { ...moved, statementId: moved.statementId }, payer ?? '', now);
      if (placed.kind === 'nothingLeft') throw new StatementAlreadyPaid();
      if (placed.own < moved.amount) rest = { own: placed.own, others: placed.others, cash: placed.cash };
    } else {
      // Licence purchases are paid by card or transfer, not from cash: no ledger row.
      await moveLicenseEnd(tx, moved.companyId, (current) => extendLicense(current, moved.days ?? 0, now));
    }
    // Last, after every lock the credit took: the withdrawal locks the payments, then the company.
    if (await companyWithdrawnLocked(tx, moved.companyId)) throw new WithdrewMeanwhile();
    return { payment: moved, repeated: false, ...(rest ? { rest } : {}) };
  });
}

export interface HistoryQuery {
  startDate?: string | undefined;
  endDate?: string | undefined;
  searchType?: 'date' | '' | undefined;
  page: number;
  size: number;
}

/** Paid records of a company of one kind, newest first; with searchType 'date', the Seoul days in range. */
export async function listPaidPayments(
  db: Db,
  companyId: number,
  kind: PaymentKind,
  q: HistoryQuery,
): Promise<{ results: PaymentRecord[]; total: number }> {
  const conditions = [eq(payments.companyId, companyId), eq(payments.kind, kind), eq(payments.status, 'paid')];
  if (q.searchType === 'date' && q.startDate && q.endDate) {
    conditions.push(withinSeoulDays(payments.paidAt, q.startDate, q.endDate));
  }
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(db, payments, where, q, (limit, offset) =>
    paymentsWithPayer(db, where, limit, offset),
  );
  return {
    total,
    results: rows.map(({ payment, userName }) => ({
      seq: payment.id,
      transaction_date: (payment.paidAt ?? payment.createdAt).toISOString(),
      pgcode: payment.pgcode as PaymentRecord['pgcode'],
      product_name: payment.productName,
      user_name: userName ?? '',
      amount: payment.amount,
    })),
  };
}

/** The company's bank transfers of a kind still waiting for their deposit, newest first. */
export async function pendingTransfers(
  db: Db,
  companyId: number,
  kind: PaymentKind,
  provider: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.kind, kind),
        ...waitingTransfer,
        eq(payments.provider, provider),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(20);
}
