import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { creditAccounts, deposits, receivablesLedger, statementLines, statements } from '../src/db/schema.js';
import { postLedgerEntry } from '../src/features/credit/index.js';
import { enqueue, jobId } from '../src/shared/job-queue.js';
import { seoulNow } from '../src/shared/time.js';
import { until, type TestServer } from './helpers.js';

/** Gives a company a credit account (active, 월말 마감 익월 10일) as setCreditAccount would. */
export async function giveCredit(server: TestServer, companyId: number, opts: { allowSubAccounts?: boolean } = {}) {
  await server.db
    .insert(creditAccounts)
    .values({
      companyId,
      creditLimit: 100_000_000,
      termCode: 'EOM_NEXT_10',
      allowSubAccounts: opts.allowSubAccounts ?? false,
    })
    .onConflictDoUpdate({
      target: creditAccounts.companyId,
      set: { allowSubAccounts: opts.allowSubAccounts ?? false },
    });
}

/**
 * A closed statement of `month` billing `amountDue` won, due on `dueDate`, with the line it bills
 * posted to the receivables ledger and on the statement (as the close leaves a company: the ledger
 * owes what it bills, and nothing of it is left unbilled for the next statement).
 */
export async function makeStatement(
  server: TestServer,
  companyId: number,
  month: string,
  amountDue: number,
  dueDate: string,
): Promise<number> {
  return server.db.transaction(async (tx) => {
    const note = `${month} 외상 (시험)`;
    const { entry } = await postLedgerEntry(tx, {
      companyId,
      kind: 'adjustment',
      amount: amountDue,
      idemKey: `test:charge:${companyId}:${month}`,
      note,
    });
    const [row] = await tx
      .insert(statements)
      .values({
        companyId,
        month,
        opening: 0,
        charges: 0,
        credits: 0,
        payments: 0,
        adjustments: amountDue,
        closing: amountDue,
        amountDue,
        termCode: 'EOM_NEXT_10',
        termLabel: '월말 마감 익월 10일',
        dueDate,
      })
      .returning({ id: statements.id });
    await tx.insert(statementLines).values({
      statementId: row!.id,
      ledgerId: entry.id,
      kind: 'adjustment',
      lineDate: `${month}-01`,
      description: note,
      amount: amountDue,
    });
    return row!.id;
  });
}

export async function statementOf(server: TestServer, id: number) {
  const [row] = await server.db
    .select({ paid: statements.paid, status: statements.status, vaAccountNumber: statements.vaAccountNumber })
    .from(statements)
    .where(eq(statements.id, id));
  return row!;
}

/** The sum of a company's receivables ledger rows (what it owes). */
export async function owed(server: TestServer, companyId: number): Promise<number> {
  const [row] = await server.db
    .select({ sum: sql<string>`coalesce(sum(${receivablesLedger.amount}), 0)` })
    .from(receivablesLedger)
    .where(eq(receivablesLedger.companyId, companyId));
  return Number(row!.sum);
}

/** The payments (and their reversals) the ledger holds for a deposit, by statement. */
export async function ledgerOfDeposit(server: TestServer, depositId: number) {
  return server.db
    .select({
      kind: receivablesLedger.kind,
      statementId: receivablesLedger.statementId,
      amount: receivablesLedger.amount,
    })
    .from(receivablesLedger)
    .where(eq(receivablesLedger.depositId, depositId))
    .orderBy(receivablesLedger.id);
}

export async function depositsOf(server: TestServer, companyId: number) {
  return server.db
    .select()
    .from(deposits)
    .where(and(eq(deposits.companyId, companyId)))
    .orderBy(deposits.id);
}

/**
 * For every company with statements: what its statements were paid equals the ledger's payments
 * (net of their reversals) that name them, and each statement's status follows its paid amount.
 */
export async function expectStatementsMatchLedger(server: TestServer): Promise<void> {
  const rows = await queryRows<{ id: number; paid: string; ledger: string; due: string; status: string }>(
    server.db,
    sql`select s.id, s.paid::text as paid, s.amount_due::text as due, s.status,
      coalesce((select -sum(amount) from receivables_ledger l where l.statement_id = s.id and l.kind in ('payment','payment_reversal')), 0)::text as ledger
      from statements s order by s.id`,
  );
  for (const r of rows) {
    expect(`${r.id}:${r.paid}`).toBe(`${r.id}:${r.ledger}`);
    const paid = Number(r.paid);
    const status = paid >= Number(r.due) ? 'paid' : paid <= 0 ? 'unpaid' : 'partial';
    expect(`${r.id}:${r.status}`).toBe(`${r.id}:${status}`);
  }
}

/**
 * Has the close of the month before run (docs/requirements.md#monthly-close) before a file furnishes
 * its books: the server writes that close at its start and it closes what exists when it runs, so a
 * book whose payments fall in that month (the fixtures' 2026-11 in December 2026) got a second
 * statement when the close ran mid-test. Written here too (one job by its key, so the schedule's is
 * the same job) and waited for, it has run before any of the file's companies exists.
 */
export async function closeOfMonthBeforeRun(server: TestServer): Promise<void> {
  const month = seoulNow().subtract(1, 'month').format('YYYY-MM');
  const key = `month:${month}`;
  await enqueue(server.db, 'credit.close', { month }, { key });
  await until(
    `the close of ${month}`,
    async () => {
      const [job] = await queryRows<{ state: string }>(
        server.db,
        sql`select state::text as state from pgboss.job where id = ${jobId('credit.close', key)}::uuid`,
      );
      return job?.state === 'completed';
    },
    60_000,
  );
}
