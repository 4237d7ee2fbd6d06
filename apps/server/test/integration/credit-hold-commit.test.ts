import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT } from '@partsmall/contract';
import { creditAccountAudit } from '../../src/db/schema.js';
import { closeMonth } from '../../src/features/credit/index.js';
import { addDays, statementName } from '../../src/features/credit/rules.js';
import { call, type TestServer } from '../helpers.js';
import { seoulToday } from '../order-helpers.js';
import { startOverdueShop, type CreditTokens, type OverdueShop } from '../credit-helpers.js';

/**
 * The hold an overdue statement puts on (docs/requirements.md#overdue) is written when it is found,
 * not only by the 09:00 check: a credit checkout refused for it leaves the account on hold although
 * the order itself rolls back, and a close that makes a statement already overdue holds at once.
 */
let shop: OverdueShop;
let server: TestServer;
let t: CreditTokens;
const month = seoulToday().slice(0, 7);
const today = seoulToday();
const noon = (day: string) => new Date(`${day}T12:00:00+09:00`);

async function auditReasons(companyId: number) {
  const rows = await server.db
    .select({ actorName: creditAccountAudit.actorName, reason: creditAccountAudit.reason })
    .from(creditAccountAudit)
    .where(eq(creditAccountAudit.companyId, companyId))
    .orderBy(sql`${creditAccountAudit.id}`);
  return rows.map((r) => `${r.actorName}: ${r.reason}`);
}

beforeAll(async () => {
  shop = await startOverdueShop('보류기록');
  ({ server, t } = shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('a hold is written when the overdue statement is found', () => {
  it('a credit checkout refused for an overdue statement puts the account on hold, even after staff lifted it', async () => {
    const { company, token, statement } = await shop.billedCompany('결제시보류', 5, addDays(today, -6));
    const name = statementName(statement.month);
    expect(await shop.summaryOf(token)).toMatchObject({ status: 'active' });

    const refused = await shop.pay(token, 1, 'credit');
    expect([refused.status, refused.body.message]).toEqual([400, MSG_CREDIT.onHold(name)]);
    // The order rolled back; the hold did not: the checkout now offers 외상 with its reason.
    expect(await shop.summaryOf(token)).toMatchObject({ status: 'on_hold', holdReason: MSG_CREDIT.onHold(name) });
    // After the account's creation (staff's row), the system's hold.
    expect((await auditReasons(company.companyId)).slice(1)).toEqual([`시스템: ${name} 연체`]);

    // Staff lift it; the next credit checkout finds the statement overdue again and holds again.
    const lifted = await call(
      server,
      'adminLiftCreditHold',
      { companyId: company.companyId, reason: '입금 약속 받음' },
      { token: t.staff },
    );
    expect(lifted.body.code).toBe(201);
    expect((await shop.summaryOf(token)).status).toBe('active');
    const again = await shop.pay(token, 1, 'credit');
    expect([again.status, again.body.message]).toEqual([400, MSG_CREDIT.onHold(name)]);
    expect(await shop.summaryOf(token)).toMatchObject({ status: 'on_hold', holdReason: MSG_CREDIT.onHold(name) });
  });

  it('a late close that makes a statement already overdue holds the account at once', async () => {
    const { company, token } = await shop.shippedCompany('늦은마감', 4);
    // Closed 70 days on: the statement (due the 10th of next month, grace 5 days) is overdue when made.
    const later = noon(addDays(today, 70));
    const closed = await closeMonth(server.db, { month, companyId: company.companyId, now: later });
    expect(closed.closed).toBe(1);
    const name = statementName(month);
    expect(await shop.summaryOf(token)).toMatchObject({ status: 'on_hold', holdReason: MSG_CREDIT.onHold(name) });
    expect((await auditReasons(company.companyId)).at(-1)).toBe(`시스템: ${name} 연체`);
  });

  it('a close whose statement is not yet due leaves the account as it was', async () => {
    const { company, token } = await shop.shippedCompany('제때마감', 2);
    await closeMonth(server.db, { month, companyId: company.companyId, allowOpenMonth: true, now: noon(today) });
    expect(await shop.summaryOf(token)).toMatchObject({ status: 'active', used: 20_000 });
  });
});
