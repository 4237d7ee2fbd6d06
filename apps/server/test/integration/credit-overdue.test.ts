import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { creditAccountAudit, creditAccounts, receivablesLedger, statements } from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { applyStatementPayment, closeMonth, runCreditDay } from '../../src/features/credit/index.js';
import { addDays, statementName } from '../../src/features/credit/rules.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { fund, makeProduct, placeOrder, seoulToday } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';

/**
 * Overdue (docs/requirements.md#overdue): a statement unpaid past its due date, the grace days and the
 * threshold holds the account (credit refused naming it, cash still works); staff lift it with a
 * reason; paying it lifts the hold by itself; the reminders go once each.
 */
let server: TestServer;
let t: CreditTokens;
let productId: number;
const month = seoulToday().slice(0, 7);
const today = seoulToday();
const noon = (day: string) => new Date(`${day}T12:00:00+09:00`);

const pay = (token: string, qty: number, payWith?: 'credit') =>
  placeOrder(server, token, [{ productId, qty }], { payWith });
async function ship(seq: number) {
  for (const extra of [{ status: 1 }, { status: 2, carrier: 'CJ대한통운', waybill: String(600_000_000_000 + seq) }])
    expect((await call(server, 'adminSetOrderStatus', { seq, ...extra }, { token: t.staff })).body.code).toBe(201);
}

/** A company with credit, one shipped credit order of `qty` × 10,000, its month closed, the statement due on `due`. */
async function billedCompany(label: string, qty: number, due: string, fields = {}) {
  const c: TestCompany = await makeCompany(server, label, 0);
  const token = (await createSession(server.db, c.main.seq)).token;
  await giveCredit(server, t.admin, c.companyId, {
    limit: 1_000_000,
    graceDays: 5,
    overdueThreshold: 10_000,
    ...fields,
  });
  const order = await pay(token, qty, 'credit');
  expect(order.body.code, order.body.message).toBe(201);
  await ship(order.body.results!.orderSeq);
  await closeMonth(server.db, { month, companyId: c.companyId, allowOpenMonth: true });
  const [s] = await server.db
    .update(statements)
    .set({ dueDate: due })
    .where(eq(statements.companyId, c.companyId))
    .returning();
  return { company: c, token, statement: s! };
}
/** The company's latest credit-account audit row. */
async function lastAudit(companyId: number) {
  const [audit] = await server.db
    .select()
    .from(creditAccountAudit)
    .where(eq(creditAccountAudit.companyId, companyId))
    .orderBy(sql`${creditAccountAudit.id} desc`)
    .limit(1);
  return audit;
}
const statusOf = async (token: string) => (await call(server, 'getCreditSummary', {}, { token })).body.results!;

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens: t } = await creditBuyers(server, '연체'));
  productId = (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 500 }))
    .id;
});
afterAll(async () => {
  await server?.close();
});

describe('holds', () => {
  it('a statement unpaid past due + grace and above the threshold holds the account; credit is refused naming it, cash works', async () => {
    const { company, token, statement } = await billedCompany('연체보류', 5, addDays(today, -6));
    const name = statementName(statement.month);
    // Even before the daily check, the checkout sees the overdue statement, and its refusal holds the
    // account (credit-hold-commit.test.ts); the daily check then keeps it held.
    const early = await pay(token, 1, 'credit');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MSG_CREDIT.onHold(name));

    await runCreditDay(server.db, noon(today));
    expect(await statusOf(token)).toMatchObject({ status: 'on_hold', holdReason: MSG_CREDIT.onHold(name) });
    const refused = await pay(token, 1, 'credit');
    expect(refused.body.message).toBe(
      `연체된 명세서(${name})가 있어 외상 주문이 보류되었습니다. 명세서를 결제하시거나 현금(캐시)으로 결제하세요.`,
    );
    await fund(server, company.companyId, 10_000);
    expect((await pay(token, 1)).body.code).toBe(201);
    const audit = await lastAudit(company.companyId);
    expect(audit).toMatchObject({ actorName: '시스템', memberId: null, reason: `${name} 연체` });
  });

  it('within the grace days, or at or under the threshold, nothing is held', async () => {
    const graced = await billedCompany('유예중', 5, addDays(today, -5));
    const small = await billedCompany('소액연체', 1, addDays(today, -30));
    await runCreditDay(server.db, noon(today));
    expect((await statusOf(graced.token)).status).toBe('active');
    expect((await statusOf(small.token)).status).toBe('active');
    expect((await pay(graced.token, 1, 'credit')).body.code).toBe(201);
  });

  it('staff lift a hold with a reason (audited); the next check holds again while it is still overdue', async () => {
    const { company, token } = await billedCompany('해제', 3, addDays(today, -20));
    await runCreditDay(server.db, noon(today));
    const lifted = await call(
      server,
      'adminLiftCreditHold',
      { companyId: company.companyId, reason: '이번 주 입금 약속' },
      { token: t.staff },
    );
    expect(lifted.body.code).toBe(201);
    expect(lifted.body.results!.audit[0]).toMatchObject({ reason: '이번 주 입금 약속', after: { status: 'active' } });
    expect((await statusOf(token)).status).toBe('active');
    await runCreditDay(server.db, noon(today));
    expect((await statusOf(token)).status).toBe('on_hold');
  });

  it('paying the overdue amount lifts the hold by itself; a payment applied twice counts once; ledger = balance', async () => {
    const { company, token, statement } = await billedCompany('입금해제', 4, addDays(today, -10));
    await runCreditDay(server.db, noon(today));
    expect((await statusOf(token)).status).toBe('on_hold');
    // 35,000 of 40,000: 5,000 left, under the 10,000 threshold.
    const part = {
      statementId: statement.id,
      amount: 35_000,
      idemKey: `payment:test:${statement.id}:1`,
      via: 'transfer' as const,
      now: noon(today),
    };
    expect(await server.db.transaction((tx) => applyStatementPayment(tx, part))).toBe(true);
    expect(await server.db.transaction((tx) => applyStatementPayment(tx, part))).toBe(false);
    const [paid] = await server.db.select().from(statements).where(eq(statements.id, statement.id));
    expect(paid).toMatchObject({ paid: 35_000, status: 'partial' });
    expect(await statusOf(token)).toMatchObject({ status: 'active', used: 5_000, available: 995_000 });
    expect((await pay(token, 1, 'credit')).body.code).toBe(201);
    const [ledger] = await queryRows<{ sum: string }>(
      server.db,
      sql`select sum(amount) as sum from receivables_ledger where company_id = ${company.companyId}`,
    );
    expect(Number(ledger!.sum)).toBe(40_000 - 35_000 + 10_000);
    const payments = await server.db
      .select()
      .from(receivablesLedger)
      .where(and(eq(receivablesLedger.companyId, company.companyId), eq(receivablesLedger.kind, 'payment')));
    expect(payments.map((p) => [p.amount, p.statementId])).toEqual([[-35_000, statement.id]]);
  });

  it('paying the statement a hold names, while another is still overdue, keeps the hold and names the other', async () => {
    const { company, token, statement: later } = await billedCompany('두달연체', 3, addDays(today, -10));
    // An earlier month's statement of 20,000, due 40 days ago: the oldest due, so the check names it.
    const [y, m] = later.month.split('-').map(Number) as [number, number];
    const earlierMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const [earlier] = await server.db
      .insert(statements)
      .values({
        companyId: company.companyId,
        month: earlierMonth,
        opening: 0,
        charges: 20_000,
        credits: 0,
        payments: 0,
        adjustments: 0,
        closing: 20_000,
        amountDue: 20_000,
        termCode: later.termCode,
        termLabel: later.termLabel,
        dueDate: addDays(today, -40),
      })
      .returning();
    await runCreditDay(server.db, noon(today));
    expect(await statusOf(token)).toMatchObject({
      status: 'on_hold',
      holdReason: MSG_CREDIT.onHold(statementName(earlierMonth)),
    });

    const payWhole = (s: { id: number }, amount: number) =>
      server.db.transaction((tx) =>
        applyStatementPayment(tx, {
          statementId: s.id,
          amount,
          idemKey: `payment:test:${s.id}:whole`,
          via: 'transfer',
          now: noon(today),
        }),
      );
    expect(await payWhole(earlier!, 20_000)).toBe(true);
    // The paid statement no longer holds the account; the later one, 30,000 past its grace, does.
    expect(await statusOf(token)).toMatchObject({
      status: 'on_hold',
      holdReason: MSG_CREDIT.onHold(statementName(later.month)),
    });
    const [account] = await server.db
      .select({ holdStatementId: creditAccounts.holdStatementId })
      .from(creditAccounts)
      .where(eq(creditAccounts.companyId, company.companyId));
    expect(account).toEqual({ holdStatementId: later.id });
    const audit = await lastAudit(company.companyId);
    expect(audit).toMatchObject({ actorName: '시스템', reason: `${statementName(later.month)} 연체` });

    expect(await payWhole(later, 30_000)).toBe(true);
    expect((await statusOf(token)).status).toBe('active');
  });

  it('a hold staff set stays: the daily check neither makes it an overdue hold nor lifts it', async () => {
    const late = await billedCompany('직원보류연체', 3, addDays(today, -20));
    const current = await billedCompany('직원보류정상', 3, addDays(today, 20));
    for (const c of [late, current])
      await giveCredit(server, t.admin, c.company.companyId, { status: 'on_hold', reason: '서류 확인 중' });
    await runCreditDay(server.db, noon(today));
    for (const c of [late, current]) {
      const [account] = await server.db
        .select({ status: creditAccounts.status, holdStatementId: creditAccounts.holdStatementId })
        .from(creditAccounts)
        .where(eq(creditAccounts.companyId, c.company.companyId));
      expect(account).toEqual({ status: 'on_hold', holdStatementId: null });
    }
    // Paying the overdue statement in full does not lift the staff's hold either.
    const whole = {
      statementId: late.statement.id,
      amount: 30_000,
      idemKey: `payment:test:${late.statement.id}:staff`,
      via: 'transfer' as const,
    };
    expect(await server.db.transaction((tx) => applyStatementPayment(tx, { ...whole, now: noon(today) }))).toBe(true);
    expect((await statusOf(late.token)).status).toBe('on_hold');
  });

  it('the ledger refuses to change a row', async () => {
    await expect(server.db.execute(sql`update receivables_ledger set amount = 1`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from receivables_ledger`)).rejects.toThrow();
  });
});

describe('reminders', () => {
  const keysOf = async (statementId: number) =>
    (
      await queryRows<{ key: string }>(
        server.db,
        sql`select singleton_key as key from pgboss.job where name = 'notify.send' and singleton_key like ${`statement:${statementId}:%`} order by singleton_key`,
      )
    ).map((r) => r.key);

  it('D-3, the due day and D+7 go once each', async () => {
    const due = addDays(today, 3);
    const { statement } = await billedCompany('안내', 2, due, { graceDays: 30 });
    const s = statement.id;
    await runCreditDay(server.db, noon(addDays(due, -4)));
    expect(await keysOf(s)).toEqual([`statement:${s}:issued`]);
    await runCreditDay(server.db, noon(addDays(due, -3)));
    await runCreditDay(server.db, noon(addDays(due, -2)));
    expect(await keysOf(s)).toEqual([`statement:${s}:d-3`, `statement:${s}:issued`]);
    await runCreditDay(server.db, noon(due));
    await runCreditDay(server.db, noon(addDays(due, 7)));
    await runCreditDay(server.db, noon(addDays(due, 8)));
    expect(await keysOf(s)).toEqual([
      `statement:${s}:d+7`,
      `statement:${s}:d-3`,
      `statement:${s}:due`,
      `statement:${s}:issued`,
    ]);
    const [row] = await server.db.select().from(statements).where(eq(statements.id, s));
    expect(row!.reminders).toEqual(['d-3', 'due', 'd+7']);
  });

  it('a paid statement is reminded of nothing', async () => {
    const due = addDays(today, 3);
    const { statement } = await billedCompany('완납안내', 2, due, { graceDays: 30 });
    const s = statement.id;
    const whole = {
      statementId: s,
      amount: 20_000,
      idemKey: `payment:test:${s}:whole`,
      via: 'transfer' as const,
      now: noon(today),
    };
    expect(await server.db.transaction((tx) => applyStatementPayment(tx, whole))).toBe(true);
    for (const day of [addDays(due, -3), due, addDays(due, 7)]) await runCreditDay(server.db, noon(day));
    expect(await keysOf(s)).toEqual([`statement:${s}:issued`]);
  });

  it('D+7 missed is still sent on the 14th day after the due date', async () => {
    const due = addDays(today, 3);
    const { statement } = await billedCompany('늦은안내', 2, due, { graceDays: 30 });
    const s = statement.id;
    await server.db
      .update(statements)
      .set({ reminders: ['d-3', 'due'] })
      .where(eq(statements.id, s));
    await runCreditDay(server.db, noon(addDays(due, 14)));
    expect(await keysOf(s)).toEqual([`statement:${s}:d+7`, `statement:${s}:issued`]);
  });
});
