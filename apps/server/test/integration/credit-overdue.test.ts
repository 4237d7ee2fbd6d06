import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { creditAccountAudit, creditAccounts, receivablesLedger, statements } from '../../src/db/schema.js';
import { applyStatementPayment, runCreditDay } from '../../src/features/credit/index.js';
import { addDays, statementName } from '../../src/features/credit/rules.js';
import { call, type TestServer } from '../helpers.js';
import { fund, seoulToday } from '../order-helpers.js';
import { giveCredit, startOverdueShop, type CreditTokens, type OverdueShop } from '../credit-helpers.js';

/**
 * Overdue (docs/requirements.md#overdue): a statement unpaid past its due date, the grace days and the
 * threshold holds the account (credit refused naming it, cash still works); staff lift it with a
 * reason; paying it lifts the hold by itself; the reminders go once each.
 */
let shop: OverdueShop;
let server: TestServer;
let t: CreditTokens;
const today = seoulToday();
const noon = (day: string) => new Date(`${day}T12:00:00+09:00`);

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

beforeAll(async () => {
  shop = await startOverdueShop('연체');
  ({ server, t } = shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('holds', () => {
  it('a statement unpaid past due + grace and above the threshold holds the account; credit is refused naming it, cash works', async () => {
    const { company, token, statement } = await shop.billedCompany('연체보류', 5, addDays(today, -6));
    const name = statementName(statement.month);
    // Even before the daily check, the checkout sees the overdue statement, and its refusal holds the
    // account (credit-hold-commit.test.ts); the daily check then keeps it held.
    const early = await shop.pay(token, 1, 'credit');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MSG_CREDIT.onHold(name));

    await runCreditDay(server.db, noon(today));
    expect(await shop.summaryOf(token)).toMatchObject({ status: 'on_hold', holdReason: MSG_CREDIT.onHold(name) });
    const refused = await shop.pay(token, 1, 'credit');
    expect(refused.body.message).toBe(
      `연체된 명세서(${name})가 있어 외상 주문이 보류되었습니다. 명세서를 결제하시거나 현금(캐시)으로 결제하세요.`,
    );
    await fund(server, company.companyId, 10_000);
    expect((await shop.pay(token, 1)).body.code).toBe(201);
    const audit = await lastAudit(company.companyId);
    expect(audit).toMatchObject({ actorName: '시스템', memberId: null, reason: `${name} 연체` });
  });

  it('within the grace days, or at or under the threshold, nothing is held', async () => {
    const graced = await shop.billedCompany('유예중', 5, addDays(today, -5));
    const small = await shop.billedCompany('소액연체', 1, addDays(today, -30));
    await runCreditDay(server.db, noon(today));
    expect((await shop.summaryOf(graced.token)).status).toBe('active');
    expect((await shop.summaryOf(small.token)).status).toBe('active');
    expect((await shop.pay(graced.token, 1, 'credit')).body.code).toBe(201);
  });

  it('staff lift a hold with a reason (audited); the next check holds again while it is still overdue', async () => {
    const { company, token } = await shop.billedCompany('해제', 3, addDays(today, -20));
    await runCreditDay(server.db, noon(today));
    const lifted = await call(
      server,
      'adminLiftCreditHold',
      { companyId: company.companyId, reason: '이번 주 입금 약속' },
      { token: t.staff },
    );
    expect(lifted.body.code).toBe(201);
    expect(lifted.body.results!.audit[0]).toMatchObject({ reason: '이번 주 입금 약속', after: { status: 'active' } });
    expect((await shop.summaryOf(token)).status).toBe('active');
    await runCreditDay(server.db, noon(today));
    expect((await shop.summaryOf(token)).status).toBe('on_hold');
  });

  it('paying the overdue amount lifts the hold by itself; a payment applied twice counts once; ledger = balance', async () => {
    const { company, token, statement } = await shop.billedCompany('입금해제', 4, addDays(today, -10));
    await runCreditDay(server.db, noon(today));
    expect((await shop.summaryOf(token)).status).toBe('on_hold');
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
    expect(await shop.summaryOf(token)).toMatchObject({ status: 'active', used: 5_000, available: 995_000 });
    expect((await shop.pay(token, 1, 'credit')).body.code).toBe(201);
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
    const { company, token, statement: later } = await shop.billedCompany('두달연체', 3, addDays(today, -10));
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
    expect(await shop.summaryOf(token)).toMatchObject({
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
    expect(await shop.summaryOf(token)).toMatchObject({
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
    expect((await shop.summaryOf(token)).status).toBe('active');
  });

  it('a hold staff set stays: the daily check neither makes it an overdue hold nor lifts it', async () => {
    const late = await shop.billedCompany('직원보류연체', 3, addDays(today, -20));
    const current = await shop.billedCompany('직원보류정상', 3, addDays(today, 20));
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
    expect((await shop.summaryOf(late.token)).status).toBe('on_hold');
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
    const { statement } = await shop.billedCompany('안내', 2, due, { graceDays: 30 });
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
    const { statement } = await shop.billedCompany('완납안내', 2, due, { graceDays: 30 });
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
    const { statement } = await shop.billedCompany('늦은안내', 2, due, { graceDays: 30 });
    const s = statement.id;
    await server.db
      .update(statements)
      .set({ reminders: ['d-3', 'due'] })
      .where(eq(statements.id, s));
    await runCreditDay(server.db, noon(addDays(due, 14)));
    expect(await keysOf(s)).toEqual([`statement:${s}:d+7`, `statement:${s}:issued`]);
  });
});
