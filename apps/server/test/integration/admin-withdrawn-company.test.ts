import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ADMIN } from '@partsmall/contract';
import { adminAudit, cashLedger, companies, payments } from '../../src/db/schema.js';
import { creditBuyers } from '../credit-helpers.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { withdrawAccount, type TestCompany } from '../member-helpers.js';

/**
 * A withdrawn company's cash, licence and level stay as the withdrawal left them
 * (docs/requirements.md#back-office): an admin's adjustment of one is refused with 409 and writes
 * nothing — no ledger row, no 'manager' payment, no audit — as assigning it a deposit is refused.
 * A company still active is adjusted as before.
 */
let server: TestServer;
let leaving: TestCompany;
let staying: TestCompany;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  const made = await creditBuyers(server, '떠난');
  leaving = made.buyer;
  staying = made.other;
  admin = made.tokens.admin;
  const withdrawn = await withdrawAccount(server, leaving.main);
  expect([withdrawn.status, withdrawn.body.code]).toEqual([200, 201]);
}, 60_000);
afterAll(() => server?.close());

async function companyNow(companyId: number) {
  const [row] = await server.db
    .select({
      point: companies.point,
      licenseEnd: companies.licenseEnd,
      level: companies.level,
      gone: companies.withdrawnAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!;
}

async function writesFor(companyId: number) {
  const target = `company:${companyId}`;
  return {
    ledger: (await server.db.select().from(cashLedger).where(eq(cashLedger.companyId, companyId))).length,
    manager: (
      await server.db
        .select()
        .from(payments)
        .where(and(eq(payments.companyId, companyId), eq(payments.provider, 'manager')))
    ).length,
    audit: (await server.db.select().from(adminAudit).where(eq(adminAudit.target, target))).length,
  };
}

/** An admin gives the company 50,000원 of cash, 30 days of licence and level a, one after another. */
async function adjustAll(companyId: number) {
  return [
    await call(server, 'adminAdjustCash', { companyId, amount: 50_000, reason: '보상 지급' }, { token: admin }),
    await call(server, 'adminAdjustLicense', { companyId, days: 30, reason: '보상 연장' }, { token: admin }),
    await call(server, 'adminSetCompanyLevel', { companyId, level: 'a' }, { token: admin }),
  ];
}

describe("a withdrawn company's cash, licence and level", () => {
  it('are refused with 409 and the message, and nothing is written', async () => {
    const before = await companyNow(leaving.companyId);
    expect(before.gone).not.toBeNull();
    const writes = await writesFor(leaving.companyId);
    const answers = await adjustAll(leaving.companyId);
    expect(answers.map((a) => [a.status, a.body.code, a.body.message])).toEqual([
      [409, 409, '탈퇴한 업체입니다. 캐시·이용권·등급을 바꿀 수 없습니다.'],
      [409, 409, '탈퇴한 업체입니다. 캐시·이용권·등급을 바꿀 수 없습니다.'],
      [409, 409, '탈퇴한 업체입니다. 캐시·이용권·등급을 바꿀 수 없습니다.'],
    ]);
    expect(await companyNow(leaving.companyId)).toEqual(before);
    expect(await writesFor(leaving.companyId)).toEqual(writes);
  });

  it('a company still active: the same three are made', async () => {
    const answers = await adjustAll(staying.companyId);
    expect(answers.map((a) => [a.body.code, a.body.message])).toEqual([
      [201, MSG_ADMIN.cashAdjusted],
      [201, MSG_ADMIN.licenseAdjusted],
      [201, MSG_ADMIN.levelChanged],
    ]);
    expect(await companyNow(staying.companyId)).toMatchObject({ point: 50_000, level: 'a', gone: null });
  });
});
