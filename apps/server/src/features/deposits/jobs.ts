import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { setStatementAccount, statementWithCompany } from '../credit/repository.js';
import { enqueue } from '../../shared/job-queue.js';
import type { JobHandler } from '../../shared/job-types.js';
import { notifyStatementAccount } from '../notify/index.js';
import { shopAccountHolder } from '../mall/index.js';
import type { VirtualAccountProvider } from '../deposits/types.js';
import { placeCashOfDeposit, reverseDeposit } from './apply.js';
import { recordDeposit } from './record.js';
import { depositEvents, deposits, statementAccounts } from './schema.js';
import type { StatementAccountRow } from './accounts.js';

/** Toss keeps a virtual account open at most 30 days from its issue; a little less leaves room for the clock. */
const ACCOUNT_MAX_MS = 30 * 86400_000 - 10 * 60_000;
/** A statement already due (paid late) gets an account open this long. */
const ACCOUNT_MIN_MS = 3 * 86400_000;

/**
 * When a statement's account stops taking deposits: the end of its due day (Asia/Seoul), at least
 * three days from now, at most Toss's 30 days from now.
 */
export function accountDue(dueDate: string, now: Date): Date {
  const [y, m, d] = dueDate.split('-').map(Number);
  const endOfDay = Date.UTC(y!, m! - 1, d!, 23 - 9, 59, 59);
  return new Date(Math.min(Math.max(endOfDay, now.getTime() + ACCOUNT_MIN_MS), now.getTime() + ACCOUNT_MAX_MS));
}

/**
 * How long an ask waits for another ask's issue of the same account: a little more than one call to
 * Toss may take (TOSS_TIMEOUT_MS, 10 s by default) and the write after it.
 */
const IN_FLIGHT_WAIT_MS = 12_000;

/** The account once another ask has opened it; undefined when that ask failed or did not finish in time. */
async function settledAccount(live: () => Promise<StatementAccountRow | undefined>, waitMs: number) {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await live();
    if (row?.status !== 'issuing') return row?.status === 'open' ? row : undefined;
  }
  return undefined;
}

/** '2026-03' as the buyer reads it: '2026년 3월'. */
const monthLabel = (month: string) => `${month.slice(0, 4)}년 ${Number(month.slice(5, 7))}월`;

/**
 * Issues the virtual account of a statement (docs/requirements.md#credit-deposits), once: the account
 * row is written with its orderId before the provider is asked, so a retry asks for the same orderId
 * (Toss answers the account it issued); the issued account is written on the row and on the
 * statement (its va_* fields), and the company told by 알림톡, in one transaction. A statement with
 * nothing left to pay gets none; an open account past its due time is replaced. Answers the open
 * account, or null. A refusal marks the row failed
 * and throws (the job retries with a new orderId, then parks for staff); no answer throws and the
 * retry asks again; while another ask is still issuing the same account, this one waits for it.
 */
export async function issueStatementAccount(
  db: Db,
  provider: VirtualAccountProvider,
  statementId: number,
  now: Date = new Date(),
  inFlightWaitMs = IN_FLIGHT_WAIT_MS,
): Promise<StatementAccountRow | null> {
  const statement = await statementWithCompany(db, statementId);
  if (!statement) return null;
  const unpaid = statement.amountDue - statement.paid;
  const live = async () => {
    const [row] = await db
      .select()
      .from(statementAccounts)
      .where(
        and(eq(statementAccounts.statementId, statementId), inArray(statementAccounts.status, ['issuing', 'open'])),
      );
    return row;
  };
  let account = await live();
  if (account?.status === 'open' && account.dueAt.getTime() <= now.getTime()) {
    // The bank takes no deposit into it any more: it gives way to a new one for what is unpaid, open
    // at least three days (a deposit made before its end still arrives by its orderId).
    await db
      .update(statementAccounts)
      .set({ status: 'expired' })
      .where(and(eq(statementAccounts.id, account.id), eq(statementAccounts.status, 'open')));
    account = await live();
  }
  if (account?.status === 'open') return account;
  if (!account) {
    if (unpaid <= 0) return null;
    await db
      .insert(statementAccounts)
      .values({
        statementId,
        companyId: statement.companyId,
        provider: provider.name,
        orderId: `stm-${statementId}-${randomBytes(6).toString('hex')}`,
        amount: unpaid,
        dueAt: accountDue(statement.dueDate, now),
      })
      .onConflictDoNothing();
    account = await live();
    if (!account) return null;
    if (account.status === 'open') return account;
  }
  if (account.provider !== provider.name) {
    // PAYMENT_PROVIDER changed while it was being issued: the next try asks the provider in use.
    await db
      .update(statementAccounts)
      .set({ status: 'failed', failure: 'provider changed' })
      .where(eq(statementAccounts.id, account.id));
    throw new Error(`가상계좌 발급처가 바뀌었습니다 (${account.provider} → ${provider.name}). 다시 발급합니다.`);
  }
  const issued = await provider.issue({
    orderId: account.orderId,
    amount: account.amount,
    orderName: `${monthLabel(statement.month)} 외상 대금`,
    customerName: statement.companyName,
    holder: await shopAccountHolder(db),
    due: account.dueAt,
  });
  if (issued.kind === 'unanswered' && issued.inFlight) {
    // Another ask is issuing this very account (a double click, the click beside the close's job):
    // wait for its outcome rather than answer 'try again' while the account is being opened.
    const settled = await settledAccount(live, inFlightWaitMs);
    if (settled) return settled;
  }
  if (issued.kind === 'unanswered') throw new Error(`가상계좌 발급 응답 없음: ${issued.reason}`);
  if (issued.kind === 'refused') {
    await db
      .update(statementAccounts)
      .set({ status: 'failed', failure: `${issued.code} ${issued.message}`.slice(0, 500) })
      .where(eq(statementAccounts.id, account.id));
    throw new Error(`가상계좌 발급 거절: ${issued.code} ${issued.message}`);
  }
  const a = issued.account;
  const opened = account;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(statementAccounts)
      .set({
        status: 'open',
        bank: a.bank,
        accountNumber: a.accountNumber,
        holder: a.holder,
        dueAt: a.dueAt,
        secret: a.secret,
        paymentKey: a.paymentKey,
        issuedAt: now,
      })
      .where(and(eq(statementAccounts.id, opened.id), eq(statementAccounts.status, 'issuing')))
      .returning();
    if (!row) return (await live()) ?? null;
    await setStatementAccount(
      tx,
      statementId,
      { bank: a.bank, accountNumber: a.accountNumber, holder: a.holder, expiresAt: a.dueAt, providerKey: row.orderId },
      now,
    );
    await notifyStatementAccount(tx, {
      accountId: row.id,
      companyId: row.companyId,
      month: monthLabel(statement.month),
      amount: row.amount,
      bank: a.bank,
      account: a.accountNumber,
      holder: a.holder,
      due: a.dueAt,
    });
    return row;
  });
}

/**
 * Asks for a statement's virtual account on the caller's transaction (the close's): the
 * `statement.account` job issues it after the statement commits, retried until the provider answers.
 */
export function requestStatementAccount(tx: Parameters<typeof enqueue>[0], statementId: number) {
  return enqueue(tx, 'statement.account', { statementId }, { key: `statement:${statementId}` });
}

export const statementAccountJob: JobHandler<
  'statement.account',
  { virtualAccounts?: VirtualAccountProvider }
> = async (job, deps) => {
  if (!deps.virtualAccounts) throw new Error('가상계좌 발급 수단이 설정되지 않았습니다.');
  await issueStatementAccount(deps.db, deps.virtualAccounts, job.data.statementId);
};

/**
 * The transactions that stand after an account's callbacks, replayed in the provider's order (its
 * time, then arrival): DONE adds its transaction; anything else (the bank took a deposit back:
 * WAITING_FOR_DEPOSIT, CANCELED) undoes every deposit before it. Each standing key with the time of its DONE.
 */
export function standingTransactions(
  events: readonly { transactionKey: string; status: string; eventAt: Date }[],
): Map<string, Date> {
  const stands = new Map<string, Date>();
  for (const e of events) {
    if (e.status !== 'DONE') stands.clear();
    else if (!stands.has(e.transactionKey)) stands.set(e.transactionKey, e.eventAt);
  }
  return stands;
}

/**
 * Applies a virtual account's deposit callbacks (docs/requirements.md#credit-deposits): under the
 * account's row lock, all its events replayed in the provider's order decide (standingTransactions).
 * A standing deposit whose transaction no longer stands is undone first, then each standing
 * transaction without its deposit is recorded (once, by its key) and applied to the statement first.
 * Deciding by the latest event alone kept a deposit the bank took back when a later deposit's
 * callback arrived before the take-back's: both counted for one payment. Replays change nothing.
 */
export async function applyAccountEvents(db: Db, accountId: number, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(statementAccounts)
      .where(eq(statementAccounts.id, accountId))
      .for('update');
    if (!account) return;
    const events = await tx
      .select({
        transactionKey: depositEvents.transactionKey,
        status: depositEvents.status,
        eventAt: depositEvents.eventAt,
      })
      .from(depositEvents)
      .where(eq(depositEvents.accountId, accountId))
      .orderBy(asc(depositEvents.eventAt), asc(depositEvents.id));
    if (events.length === 0) return;
    await tx
      .update(depositEvents)
      .set({ processedAt: now })
      .where(and(eq(depositEvents.accountId, accountId), isNull(depositEvents.processedAt)));
    const stands = standingTransactions(events);
    const standing = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.accountId, accountId), eq(deposits.status, 'applied')))
      .orderBy(asc(deposits.depositedAt), asc(deposits.id));
    const keyOf = (transactionKey: string) => `${account.provider}:${transactionKey}`;
    const standingKeys = new Set([...stands.keys()].map(keyOf));
    const takenBack = standing.filter((d) => !standingKeys.has(d.sourceKey));
    for (const d of takenBack) await reverseDeposit(tx, d, now);
    // What the take-back reopened is paid by the account's other deposits that went to cash, oldest first.
    if (takenBack.length > 0)
      for (const d of standing.filter((s) => standingKeys.has(s.sourceKey)))
        await placeCashOfDeposit(tx, d, { ownStatementId: account.statementId, after: takenBack[0]!.id, now });
    // The account is in the shop's name and the callback names no depositor: the company it was
    // issued to paid in (named as the company is named now, as its statements are).
    let depositor: string | undefined;
    for (const [transactionKey, eventAt] of stands) {
      const sourceKey = keyOf(transactionKey);
      if (standing.some((d) => d.sourceKey === sourceKey)) continue;
      depositor ??= (await statementWithCompany(tx, account.statementId))?.companyName ?? account.holder;
      await recordDeposit(
        tx,
        {
          source: 'virtual_account',
          sourceKey,
          depositorName: depositor,
          amount: account.amount,
          depositedAt: eventAt,
          companyId: account.companyId,
          accountId,
          ownStatementId: account.statementId,
        },
        null,
        now,
      );
    }
  });
}

export const depositCallbackJob: JobHandler<'deposit.callback'> = async (job, deps) => {
  await applyAccountEvents(deps.db, job.data.accountId);
};
