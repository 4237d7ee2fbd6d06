import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT } from '@partsmall/contract';
import { adminAudit, cashLedger, creditAccounts, receivablesLedger } from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { credit } from '../../src/features/wallet/index.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany, staffSession, type TestCompany } from '../member-helpers.js';
import { balanceOf } from '../order-helpers.js';
import {
  closeOfMonthBeforeRun,
  expectStatementsMatchLedger,
  giveCredit,
  makeStatement,
  owed,
  statementOf,
} from '../deposit-helpers.js';

/**
 * A 외상 statement paid from the company's cash (api/payStatement `cash`,
 * docs/requirements.md#credit-deposits): what the cash covers is paid at once, the cash ledger and the
 * receivables ledger move together, and many clicks at once neither pay a statement twice nor spend
 * more cash than there is.
 */
let server: TestServer;
/** The seeded staff member's session, and their member number. */
let staff: { token: string; id: number };

beforeAll(async () => {
  server = await startTestServer();
  await closeOfMonthBeforeRun(server);
  staff = await staffSession(server);
}, 60_000);
afterAll(() => server?.close());

/** A company with credit, `cash` won of cash and a token of its main account (or its sub-account). */
async function buyerWith(label: string, cash: number, opts: { allowSubAccounts?: boolean } = {}) {
  const company = await makeCompany(server, label, 1);
  await giveCredit(server, company.companyId, opts);
  if (cash > 0)
    await server.db.transaction((tx) =>
      credit(tx, { companyId: company.companyId, amount: cash, type: 'point', memberId: null, note: '시험 충전' }),
    );
  const token = (await createSession(server.db, company.main.seq)).token;
  const subToken = (await createSession(server.db, company.subs[0]!.seq)).token;
  return { company, token, subToken };
}

const payFromCash = (token: string, seq: number) => call(server, 'payStatement', { seq, method: 'cash' }, { token });
const staffPays = (companyId: number, seq: number, token = staff.token) =>
  call(server, 'adminPayStatementFromCash', { companyId, seq }, { token });

async function cashRows(company: TestCompany) {
  const rows = await server.db
    .select({ type: cashLedger.type, amount: cashLedger.amount, note: cashLedger.note })
    .from(cashLedger)
    .where(eq(cashLedger.companyId, company.companyId))
    .orderBy(cashLedger.id);
  return rows.map((r) => [r.type, r.amount, r.note]);
}

async function expectBooksAgree() {
  await expectLedgerMatchesBalances(server);
  await expectStatementsMatchLedger(server);
}

describe('paying a statement from cash', () => {
  it('the cash covers it: paid in full, the cash and the receivables ledger move together', async () => {
    const { company, token } = await buyerWith('캐시결제정비', 100_000);
    const seq = await makeStatement(server, company.companyId, '2026-04', 55_000, '2026-05-11');
    const res = await payFromCash(token, seq);
    expect([res.status, res.body.message]).toEqual([200, '캐시 55,000원으로 결제를 마쳤습니다.']);
    expect(res.body.results).toEqual({ seq, method: 'cash', amount: 55_000, unpaid: 0 });
    expect(await statementOf(server, seq)).toMatchObject({ paid: 55_000, status: 'paid' });
    expect(await balanceOf(server, company.companyId)).toBe(45_000);
    expect(await owed(server, company.companyId)).toBe(0);
    expect(await cashRows(company)).toEqual([
      ['point', 100_000, '시험 충전'],
      ['statement_payment', -55_000, '2026년 4월 명세서 결제 (캐시)'],
    ]);
    const payments = await server.db
      .select({ kind: receivablesLedger.kind, amount: receivablesLedger.amount, memberId: receivablesLedger.memberId })
      .from(receivablesLedger)
      .where(eq(receivablesLedger.statementId, seq));
    expect(payments).toEqual([{ kind: 'payment', amount: -55_000, memberId: company.main.seq }]);
    // The buyer's 캐시 원장 names it.
    const ledger = await call(server, 'getCashLedger', { page: 1, size: 1 }, { token });
    expect(ledger.body.results!.map((r) => [r.typeLabel, r.amount, r.balanceAfter])).toEqual([
      ['명세서 결제', -55_000, 45_000],
    ]);
    // Clicked again: the statement is paid, nothing moves.
    const again = await payFromCash(token, seq);
    expect([again.status, again.body.message]).toEqual([400, MSG_CREDIT.statementPaid]);
    expect(await balanceOf(server, company.companyId)).toBe(45_000);
    await expectBooksAgree();
  });

  it('the cash covers part: all of it pays, the rest stays unpaid and is said', async () => {
    const { company, token } = await buyerWith('캐시일부정비', 20_000);
    const seq = await makeStatement(server, company.companyId, '2026-04', 55_000, '2026-05-11');
    const res = await payFromCash(token, seq);
    expect([res.status, res.body.message]).toEqual([
      200,
      '캐시 20,000원으로 결제했습니다. 남은 금액 35,000원은 카드 결제나 계좌 입금으로 결제하세요.',
    ]);
    expect(res.body.results).toMatchObject({ amount: 20_000, unpaid: 35_000 });
    expect(await statementOf(server, seq)).toMatchObject({ paid: 20_000, status: 'partial' });
    expect(await balanceOf(server, company.companyId)).toBe(0);
    expect(await owed(server, company.companyId)).toBe(35_000);
    // No cash left: refused in Korean, nothing changes.
    const none = await payFromCash(token, seq);
    expect([none.status, none.body.message]).toEqual([400, MSG_CREDIT.noCashToPay]);
    expect(await statementOf(server, seq)).toMatchObject({ paid: 20_000, status: 'partial' });
    await expectBooksAgree();
  });

  it('an overdue statement paid from cash lifts the hold it caused', async () => {
    const { company, token } = await buyerWith('캐시보류정비', 60_000);
    const seq = await makeStatement(server, company.companyId, '2025-06', 50_000, '2025-07-10');
    await server.db
      .update(creditAccounts)
      .set({ status: 'on_hold', holdStatementId: seq, holdReason: '2025년 6월 명세서 연체' })
      .where(eq(creditAccounts.companyId, company.companyId));
    expect((await payFromCash(token, seq)).status).toBe(200);
    const [account] = await server.db
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.companyId, company.companyId));
    expect(account).toMatchObject({ status: 'active', holdStatementId: null, holdReason: '' });
    expect(await balanceOf(server, company.companyId)).toBe(10_000);
  });

  it("another company's statement is 404, a sub-account without the right 403; nothing moves", async () => {
    const mine = await buyerWith('캐시본사정비', 70_000);
    const theirs = await buyerWith('캐시남의정비', 90_000);
    const seq = await makeStatement(server, theirs.company.companyId, '2026-04', 30_000, '2026-05-11');
    const foreign = await payFromCash(mine.token, seq);
    expect([foreign.status, foreign.body.message]).toEqual([404, MSG_CREDIT.statementNotFound]);
    const own = await makeStatement(server, mine.company.companyId, '2026-04', 30_000, '2026-05-11');
    const sub = await payFromCash(mine.subToken, own);
    expect([sub.status, sub.body.message]).toEqual([403, MSG_CREDIT.notForSubAccount]);
    expect(await statementOf(server, seq)).toMatchObject({ paid: 0 });
    expect(await statementOf(server, own)).toMatchObject({ paid: 0 });
    expect([
      await balanceOf(server, mine.company.companyId),
      await balanceOf(server, theirs.company.companyId),
    ]).toEqual([70_000, 90_000]);
  });

  it('a sub-account pays when the credit account allows sub-accounts', async () => {
    const { company, subToken } = await buyerWith('캐시부계정정비', 40_000, { allowSubAccounts: true });
    const seq = await makeStatement(server, company.companyId, '2026-04', 25_000, '2026-05-11');
    expect((await payFromCash(subToken, seq)).status).toBe(200);
    const [row] = await server.db
      .select({ memberId: receivablesLedger.memberId })
      .from(receivablesLedger)
      .where(eq(receivablesLedger.statementId, seq));
    expect(row!.memberId).toBe(company.subs[0]!.seq);
    expect(await balanceOf(server, company.companyId)).toBe(15_000);
  });
});

describe('many clicks at once', () => {
  it('12 payments of one statement at once: paid once, the cash spent once', async () => {
    const { company, token } = await buyerWith('캐시동시정비', 100_000);
    const seq = await makeStatement(server, company.companyId, '2026-04', 55_000, '2026-05-11');
    const answers = await Promise.all(Array.from({ length: 12 }, () => payFromCash(token, seq)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.message)).toEqual(
      Array(11).fill(MSG_CREDIT.statementPaid),
    );
    expect(await statementOf(server, seq)).toMatchObject({ paid: 55_000, status: 'paid' });
    expect(await balanceOf(server, company.companyId)).toBe(45_000);
    await expectBooksAgree();
  });

  it('three statements paid at once from cash that covers less than all: never more than the cash', async () => {
    const { company, token } = await buyerWith('캐시부족정비', 60_000);
    const seqs = [
      await makeStatement(server, company.companyId, '2026-03', 40_000, '2026-04-10'),
      await makeStatement(server, company.companyId, '2026-04', 40_000, '2026-05-11'),
      await makeStatement(server, company.companyId, '2026-05', 40_000, '2026-06-10'),
    ];
    const answers = await Promise.all(seqs.flatMap((seq) => [payFromCash(token, seq), payFromCash(token, seq)]));
    const paidAmounts = answers.filter((a) => a.status === 200).map((a) => a.body.results!.amount);
    expect(paidAmounts.reduce((s, a) => s + a, 0)).toBe(60_000);
    const statements = await Promise.all(seqs.map((seq) => statementOf(server, seq)));
    expect(statements.reduce((s, st) => s + st.paid, 0)).toBe(60_000);
    expect(await balanceOf(server, company.companyId)).toBe(0);
    expect(await owed(server, company.companyId)).toBe(60_000);
    // Every refusal says why: the cash is gone, or the statement was paid by the first click.
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, [MSG_CREDIT.noCashToPay, MSG_CREDIT.statementPaid]]).toEqual([
        400,
        expect.arrayContaining([a.body.message]),
      ]);
    await expectBooksAgree();
  });
});

describe("staff pay a statement from the company's cash (back office)", () => {
  it('paid for the company: both ledgers move, the payment and the audit name the staff member', async () => {
    const { company, token } = await buyerWith('직원캐시정비', 80_000);
    const seq = await makeStatement(server, company.companyId, '2026-04', 55_000, '2026-05-11');
    const before = await call(
      server,
      'adminGetCreditAccount',
      { companyId: company.companyId },
      { token: staff.token },
    );
    expect(before.body.results!.cash).toBe(80_000);
    const res = await staffPays(company.companyId, seq);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      200,
      201,
      '업체 캐시 55,000원으로 결제를 마쳤습니다.',
    ]);
    // The answer is the company's page as it is now: its cash, the statement paid, nothing owed.
    const page = res.body.results!;
    expect([page.cash, page.balance]).toEqual([25_000, 0]);
    expect(page.statements.map((r) => [r.seq, r.paid, r.status])).toEqual([[seq, 55_000, 'paid']]);
    expect(await cashRows(company)).toEqual([
      ['point', 80_000, '시험 충전'],
      ['statement_payment', -55_000, '2026년 4월 명세서 결제 (캐시)'],
    ]);
    const payments = await server.db
      .select({ amount: receivablesLedger.amount, memberId: receivablesLedger.memberId, note: receivablesLedger.note })
      .from(receivablesLedger)
      .where(eq(receivablesLedger.statementId, seq));
    expect(payments.filter((p) => p.amount < 0)).toEqual([
      { amount: -55_000, memberId: staff.id, note: '업체 요청으로 직원이 캐시로 결제' },
    ]);
    const audit = await server.db
      .select({ memberId: adminAudit.memberId, action: adminAudit.action, after: adminAudit.after })
      .from(adminAudit)
      .where(eq(adminAudit.target, `statement:${seq}`));
    expect(audit).toEqual([
      {
        memberId: staff.id,
        action: 'payStatementFromCash',
        after: { companyId: company.companyId, amount: 55_000, unpaid: 0 },
      },
    ]);
    // The buyer's own 캐시 원장 shows it as the buyer's payment would be.
    const ledger = await call(server, 'getCashLedger', { page: 1, size: 1 }, { token });
    expect(ledger.body.results!.map((r) => [r.typeLabel, r.amount, r.balanceAfter])).toEqual([
      ['명세서 결제', -55_000, 25_000],
    ]);
    await expectBooksAgree();
  });

  it('part covered: the rest stays unpaid and is said; with no cash left, refused and nothing moves', async () => {
    const { company } = await buyerWith('직원캐시일부', 15_000);
    const seq = await makeStatement(server, company.companyId, '2026-04', 42_000, '2026-05-11');
    const res = await staffPays(company.companyId, seq);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      200,
      201,
      '업체 캐시 15,000원으로 결제했습니다. 남은 미결제 금액은 27,000원입니다.',
    ]);
    expect(await statementOf(server, seq)).toMatchObject({ paid: 15_000, status: 'partial' });
    const none = await staffPays(company.companyId, seq);
    expect([none.status, none.body.message, none.body.field]).toEqual([400, MSG_CREDIT.companyNoCash, 'seq']);
    expect(await statementOf(server, seq)).toMatchObject({ paid: 15_000 });
    expect(await owed(server, company.companyId)).toBe(27_000);
    await expectBooksAgree();
  });

  it('a statement of another company, an unknown one, a buyer or no session: refused, nothing moves', async () => {
    const a = await buyerWith('직원캐시갑', 50_000);
    const b = await buyerWith('직원캐시을', 60_000);
    const seqOfB = await makeStatement(server, b.company.companyId, '2026-04', 30_000, '2026-05-11');
    // The company named is A, the statement is B's: A's cash never pays B's statement.
    const crossed = await staffPays(a.company.companyId, seqOfB);
    expect([crossed.status, crossed.body.message]).toEqual([404, MSG_CREDIT.statementNotFound]);
    const unknown = await staffPays(a.company.companyId, 2_000_000_000);
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG_CREDIT.statementNotFound]);
    expect((await staffPays(b.company.companyId, seqOfB, b.token)).status).toBe(403);
    expect(
      (await call(server, 'adminPayStatementFromCash', { companyId: b.company.companyId, seq: seqOfB })).status,
    ).toBe(401);
    const wrongType = await call(
      server,
      'adminPayStatementFromCash',
      { companyId: b.company.companyId, seq: 'x' } as never,
      {
        token: staff.token,
      },
    );
    expect([wrongType.status, wrongType.body.field]).toEqual([400, 'seq']);
    expect(await statementOf(server, seqOfB)).toMatchObject({ paid: 0 });
    expect([await balanceOf(server, a.company.companyId), await balanceOf(server, b.company.companyId)]).toEqual([
      50_000, 60_000,
    ]);
  });

  it('staff and the buyer pay one statement at once, six clicks each: paid once, the cash spent once', async () => {
    const { company, token } = await buyerWith('직원캐시동시', 100_000);
    const seq = await makeStatement(server, company.companyId, '2026-04', 64_000, '2026-05-11');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => [staffPays(company.companyId, seq), payFromCash(token, seq)]).flat(),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.message)).toEqual(
      Array(11).fill(MSG_CREDIT.statementPaid),
    );
    expect(await statementOf(server, seq)).toMatchObject({ paid: 64_000, status: 'paid' });
    expect(await balanceOf(server, company.companyId)).toBe(36_000);
    await expectBooksAgree();
  });
});
