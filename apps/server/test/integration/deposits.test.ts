import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_CREDIT, MSG_DEPOSIT, MSG_MEMBER } from '@partsmall/contract';
import { MALL_CONFIG } from '../../src/seed/mall-config.js';
import {
  cashLedger,
  creditAccounts,
  receivablesLedger,
  deposits,
  depositorNames,
  companies,
  members,
  payments,
  smsOutbox,
  statementAccounts,
} from '../../src/db/schema.js';
import { postLedgerEntry } from '../../src/features/credit/index.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { draftStatement } from '../../src/features/credit/close.js';
import { reverseDeposit } from '../../src/features/deposits/apply.js';
import { debit } from '../../src/features/wallet/index.js';
import { call, rawCall, startTestServer, until, type TestServer } from '../helpers.js';
import { encodeEucKr } from '../euc-kr.js';
import { expectLedgerMatchesBalances, makeCompany, withdrawAccount, type TestCompany } from '../member-helpers.js';
import { balanceOf, makeBuyers, type BuyerTokens } from '../order-helpers.js';
import {
  closeOfMonthBeforeRun,
  expectStatementsMatchLedger,
  giveCredit,
  ledgerOfDeposit,
  makeStatement,
  owed,
  statementOf,
} from '../deposit-helpers.js';

/**
 * Money coming in against 외상 on the sandbox provider (docs/requirements.md#credit-deposits): deposits
 * staff enter or import, matched by the ladder and by name, the review queue, a statement paid by card,
 * its virtual account paid and taken back at the demo bank; who may call each.
 */
let server: TestServer;
let buyer: TestCompany;
let other: TestCompany;
let tokens: BuyerTokens & { admin: string };

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENT_SANDBOX_SECRET: 'deposit-test-secret' } });
  await closeOfMonthBeforeRun(server);
  const made = await makeBuyers(server, { buyer: '한빛모터스', other: '대성카센터' });
  buyer = made.buyer;
  other = made.other;
  const [admin] = await server.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.loginId, 'admin@partsmall.kr'));
  tokens = { ...made.tokens, admin: (await createSession(server.db, admin!.id)).token };
  await giveCredit(server, buyer.companyId);
  await giveCredit(server, other.companyId);
}, 60_000);
afterAll(() => server?.close());

async function upload(token: string | undefined, name: string, data: Uint8Array | string) {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const res = await fetch(`${server.base}/api/admin/importDeposits`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; results?: unknown } };
}

const record = (token: string | undefined, body: Record<string, unknown>) =>
  call(server, 'POST', 'api/admin/recordDeposit', body, token);

async function depositCount(): Promise<number> {
  return (await server.db.select({ id: deposits.id }).from(deposits)).length;
}

describe('who may call', () => {
  it('the back office calls: a visitor 401, buyers 403, staff and admin may', async () => {
    const body = { depositorName: '아무개', amount: 1000, depositedAt: '2026-03-05' };
    expect((await record(undefined, body)).status).toBe(401);
    for (const t of [tokens.main, tokens.sub, tokens.other]) {
      expect((await record(t, body)).status).toBe(403);
      expect((await call(server, 'POST', 'api/admin/depositQueue', {}, t)).status).toBe(403);
      expect((await call(server, 'POST', 'api/admin/assignDeposit', { seq: 1, companyId: 1 }, t)).status).toBe(403);
      expect((await upload(t, 'a.csv', '거래일자,입금자명,입금액\n2026-03-05,아무개,1000\n')).status).toBe(403);
    }
    expect((await call(server, 'POST', 'api/admin/depositQueue', {})).status).toBe(401);
    expect((await upload(undefined, 'a.csv', 'x')).status).toBe(401);
    for (const t of [tokens.staff, tokens.admin]) {
      const queue = await call(server, 'adminDepositQueue', {}, { token: t });
      expect(queue.status).toBe(200);
    }
  });

  it('api/payStatement: a visitor 401, staff 403, another company 404, a sub-account only when allowed', async () => {
    const seq = await makeStatement(server, buyer.companyId, '2025-01', 10_000, '2025-02-10');
    const pay = (t: string | undefined) => call(server, 'POST', 'api/payStatement', { seq, method: 'card' }, t);
    expect((await pay(undefined)).status).toBe(401);
    expect((await pay(tokens.staff)).status).toBe(403);
    expect((await pay(tokens.admin)).status).toBe(403);
    const foreign = await pay(tokens.other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MSG_CREDIT.statementNotFound);
    const sub = await pay(tokens.sub);
    expect(sub.status).toBe(403);
    expect(sub.body.message).toBe(MSG_CREDIT.notForSubAccount);
    expect((await pay(tokens.main)).status).toBe(200);
    await giveCredit(server, buyer.companyId, { allowSubAccounts: true });
    expect((await pay(tokens.sub)).status).toBe(200);
    await giveCredit(server, buyer.companyId);
    // Paid in full (by a deposit staff record): nothing left to pay.
    await record(tokens.staff, {
      depositorName: '한빛',
      amount: 10_000,
      depositedAt: '2025-02-01',
      companyId: buyer.companyId,
    });
    const paid = await pay(tokens.main);
    expect(paid.status).toBe(400);
    expect(paid.body.message).toBe(MSG_CREDIT.statementPaid);
  });
});

describe('deposits staff enter', () => {
  let c: TestCompany;
  let march: number;
  let april: number;
  beforeAll(async () => {
    c = await makeCompany(server, '서울공업사', 0);
    await giveCredit(server, c.companyId);
    march = await makeStatement(server, c.companyId, '2026-03', 120_000, '2026-04-10');
    april = await makeStatement(server, c.companyId, '2026-04', 80_000, '2026-05-11');
  });

  it('an amount equal to one open statement pays that one (not the oldest)', async () => {
    const res = await call(
      server,
      'adminRecordDeposit',
      { depositorName: '서울공업사', amount: 80_000, depositedAt: '2026-05-02T10:00:00+09:00', companyId: c.companyId },
      { token: tokens.staff },
    );
    expect(res.body.code).toBe(201);
    expect(res.body.message).toBe(MSG_DEPOSIT.applied(80_000));
    expect(res.body.results).toMatchObject({
      status: 'applied',
      companyId: c.companyId,
      companyName: '서울공업사상사',
      applications: [{ statementSeq: april, month: '2026-04', amount: 80_000, toCash: false }],
      rule: '금액이 같은 명세서',
    });
    expect(await statementOf(server, april)).toMatchObject({ paid: 80_000, status: 'paid' });
    expect(await statementOf(server, march)).toMatchObject({ paid: 0, status: 'unpaid' });
    expect(await owed(server, c.companyId)).toBe(120_000);
  });

  it('by name, more than is open: the statement, then the rest to cash', async () => {
    const cashBefore = await balanceOf(server, c.companyId);
    const res = await call(
      server,
      'adminRecordDeposit',
      { depositorName: '(주)서울공업사상사', amount: 150_000, depositedAt: '2026-05-03' },
      { token: tokens.staff },
    );
    expect(res.body.code).toBe(201);
    expect(res.body.results).toMatchObject({
      status: 'applied',
      companyId: c.companyId,
      applications: [
        { statementSeq: march, amount: 120_000, toCash: false },
        { statementSeq: null, amount: 30_000, toCash: true },
      ],
      rule: '결제기한이 빠른 명세서부터',
    });
    expect(await statementOf(server, march)).toMatchObject({ paid: 120_000, status: 'paid' });
    expect(await balanceOf(server, c.companyId)).toBe(cashBefore + 30_000);
    expect(await owed(server, c.companyId)).toBe(0);
    // Who entered it, on the deposit and on the cash row of what went to cash.
    const [staff] = await server.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.loginId, 'staff@partsmall.kr'));
    const seq = (res.body.results as { seq: number }).seq;
    const [row] = await server.db
      .select({ recordedBy: deposits.recordedBy })
      .from(deposits)
      .where(eq(deposits.id, seq));
    expect(row!.recordedBy).toBe(staff!.id);
    const cashRows = await server.db
      .select({ memberId: cashLedger.memberId, note: cashLedger.note })
      .from(cashLedger)
      .where(eq(cashLedger.companyId, c.companyId));
    expect(cashRows.filter((r) => r.note.startsWith(`입금 #${seq} `)).map((r) => r.memberId)).toEqual([staff!.id]);
    // And on the receivables ledger's payment row: who applied a payment is on the books.
    const paymentRows = await server.db
      .select({ kind: receivablesLedger.kind, memberId: receivablesLedger.memberId })
      .from(receivablesLedger)
      .where(eq(receivablesLedger.depositId, seq));
    expect(paymentRows).toEqual([{ kind: 'payment', memberId: staff!.id }]);
    await expectLedgerMatchesBalances(server);
    await expectStatementsMatchLedger(server);
  });

  it('one won more than is open: the statement is paid and the one won goes to cash, listed as such', async () => {
    const may = await makeStatement(server, c.companyId, '2026-05', 44_000, '2026-06-10');
    const cashBefore = await balanceOf(server, c.companyId);
    const res = await record(tokens.staff, {
      depositorName: '서울공업사상사',
      amount: 44_001,
      depositedAt: '2026-06-02',
      companyId: c.companyId,
    });
    expect(res.body.results).toMatchObject({
      status: 'applied',
      applications: [
        { statementSeq: may, amount: 44_000, toCash: false },
        { statementSeq: null, amount: 1, toCash: true },
      ],
    });
    expect(await balanceOf(server, c.companyId)).toBe(cashBefore + 1);
    expect(await statementOf(server, may)).toMatchObject({ paid: 44_000, status: 'paid' });
  });

  it('a deposit for a known company goes to it and names no other, even when its name matches several', async () => {
    const [first, second] = [await makeCompany(server, '동명이인', 0), await makeCompany(server, '동명이인', 0)];
    await giveCredit(server, first.companyId);
    await giveCredit(server, second.companyId);
    const byName = await record(tokens.staff, {
      depositorName: '동명이인상사',
      amount: 3_000,
      depositedAt: '2026-06-03',
    });
    expect(byName.body.results).toMatchObject({ status: 'review', companyId: null });
    expect(
      (byName.body.results as { candidates: { companyId: number }[] }).candidates.map((x) => x.companyId).sort(),
    ).toEqual([first.companyId, second.companyId].sort());
    const named = await record(tokens.staff, {
      depositorName: '동명이인상사',
      amount: 3_000,
      depositedAt: '2026-06-03T11:00:00+09:00',
      companyId: first.companyId,
    });
    expect(named.body.results).toMatchObject({ status: 'applied', companyId: first.companyId, candidates: [] });
  });

  it('the same request twice (clientRequestId) records once', async () => {
    const body = {
      depositorName: '서울공업사상사',
      amount: 5_000,
      depositedAt: '2026-05-04',
      companyId: c.companyId,
      clientRequestId: 'same-request-0001',
    };
    const first = await record(tokens.staff, body);
    const again = await record(tokens.staff, body);
    expect(first.body.code).toBe(201);
    expect(again.body.code).toBe(200);
    expect(again.body.message).toBe(MSG_DEPOSIT.repeated);
    expect((again.body.results as { seq: number }).seq).toBe((first.body.results as { seq: number }).seq);
  });

  it.each([
    [{ amount: -1 }, MSG_CREDIT.depositAmountInvalid],
    [{ amount: 1.5 }, MSG_CREDIT.depositAmountInvalid],
    [{ amount: '만원' }, MSG_CREDIT.depositAmountInvalid],
    // Both ends named: 1원 to 1조원 (docs/requirements.md#credit-deposits).
    [{ amount: 0 }, '입금액은 1원 이상 1조원 이하의 정수(원)로 입력하세요.'],
    [{ amount: 1_000_000_000_001 }, '입금액은 1원 이상 1조원 이하의 정수(원)로 입력하세요.'],
    [{ depositedAt: '2026-02-30' }, MSG_CREDIT.depositDateInvalid],
    [{ depositedAt: '어제' }, MSG_CREDIT.depositDateInvalid],
    // Year 0 was a 500 (the database keeps no such date); any year outside 2000-2100 is a typo.
    [{ depositedAt: '0001-01-01' }, MSG_CREDIT.depositDateInvalid],
    [{ depositedAt: '0000-01-01' }, MSG_CREDIT.depositDateInvalid],
    [{ depositedAt: '1999-12-31' }, MSG_CREDIT.depositDateInvalid],
    [{ depositedAt: '2099-01-01' }, MSG_DEPOSIT.depositedAtFuture],
    [{ depositorName: '' }, MSG_CREDIT.depositorInvalid],
    [{ depositorName: '서울\u0007공업사' }, MSG.textInvalid],
    [{ depositorName: '서울\u202e사업공' }, MSG.textInvalid],
    [{ companyId: 99_999_999 }, MSG_CREDIT.companyNotFound],
  ])('bad input %o: a Korean message, nothing recorded', async (change, message) => {
    const before = await depositCount();
    const res = await record(tokens.staff, {
      depositorName: '서울공업사상사',
      amount: 1000,
      depositedAt: '2026-05-04',
      ...change,
    });
    expect([400, 404]).toContain(res.status);
    expect(res.body.message).toBe(message);
    expect(await depositCount()).toBe(before);
  });
});

describe('the review queue', () => {
  it('a company without a 외상 account is never matched by its own name: anyone may register a customer’s name', async () => {
    const customer = await makeCompany(server, '청솔모터스', 0);
    await giveCredit(server, customer.companyId);
    const lookalike = await makeCompany(server, '청솔 모터스', 0);
    const newcomer = await makeCompany(server, '바른부품', 0);
    const customerCash = await balanceOf(server, customer.companyId);
    const lookalikeCash = await balanceOf(server, lookalike.companyId);
    const newcomerCash = await balanceOf(server, newcomer.companyId);

    // The customer's name, also registered by a company without credit: the customer's deposit.
    const paid = await record(tokens.staff, {
      depositorName: '(주)청솔모터스상사',
      amount: 41_000,
      depositedAt: '2026-05-06',
    });
    expect(paid.body.results).toMatchObject({ status: 'applied', companyId: customer.companyId, candidates: [] });
    expect(await balanceOf(server, customer.companyId)).toBe(customerCash + 41_000);
    expect(await balanceOf(server, lookalike.companyId)).toBe(lookalikeCash);

    // Only a company without credit has the name: staff decide, the company named, its cash unchanged.
    const waits = await record(tokens.staff, {
      depositorName: '바른부품상사',
      amount: 52_000,
      depositedAt: '2026-05-06',
    });
    expect(waits.body.message).toBe(MSG_DEPOSIT.queued);
    expect(waits.body.results).toMatchObject({
      status: 'review',
      companyId: null,
      reviewReason: '외상 거래처가 아닌 업체와 입금자명이 같습니다.',
      candidates: [{ companyId: newcomer.companyId, companyName: '바른부품상사' }],
    });
    expect(await balanceOf(server, newcomer.companyId)).toBe(newcomerCash);

    // Assigned by staff, the name is taught: the next deposit of it is the newcomer's by itself.
    const seq = (waits.body.results as { seq: number }).seq;
    const assigned = await call(
      server,
      'adminAssignDeposit',
      { seq, companyId: newcomer.companyId },
      { token: tokens.staff },
    );
    expect(assigned.body.results).toMatchObject({ status: 'applied', companyId: newcomer.companyId });
    const next = await record(tokens.staff, {
      depositorName: '바른부품상사',
      amount: 3_500,
      depositedAt: '2026-05-07',
    });
    expect(next.body.results).toMatchObject({ status: 'applied', companyId: newcomer.companyId });
    expect(await balanceOf(server, newcomer.companyId)).toBe(newcomerCash + 52_000 + 3_500);
  });

  it('a name matching no company or two waits; staff assign it, and the name then matches by itself', async () => {
    const twinA = await makeCompany(server, '제일모터', 0);
    const twinB = await makeCompany(server, '제일 모터', 0);
    const loner = await makeCompany(server, '동해정비', 0);
    for (const company of [twinA, twinB, loner]) await giveCredit(server, company.companyId);
    const st = await makeStatement(server, loner.companyId, '2026-04', 33_000, '2026-05-11');

    const none = await record(tokens.staff, { depositorName: '김동해', amount: 33_000, depositedAt: '2026-05-05' });
    expect(none.body.code).toBe(201);
    expect(none.body.message).toBe(MSG_DEPOSIT.queued);
    // A deposit waiting for staff was placed by no rule.
    expect(none.body.results).not.toHaveProperty('rule');
    expect(none.body.results).toMatchObject({
      status: 'review',
      companyId: null,
      reviewReason: '입금자명과 일치하는 업체가 없습니다.',
    });
    const two = await record(tokens.staff, { depositorName: '제일모터상사', amount: 7_000, depositedAt: '2026-05-05' });
    expect(two.body.results).toMatchObject({
      status: 'review',
      reviewReason: '입금자명과 일치하는 업체가 둘 이상입니다.',
      candidates: [
        { companyId: twinA.companyId, companyName: '제일모터상사' },
        { companyId: twinB.companyId, companyName: '제일 모터상사' },
      ],
    });

    const queue = await call(server, 'adminDepositQueue', {}, { token: tokens.staff });
    const seqs = queue.body.results!.map((d) => d.seq);
    const noneSeq = (none.body.results as { seq: number }).seq;
    expect(seqs).toContain(noneSeq);

    const assigned = await call(
      server,
      'adminAssignDeposit',
      { seq: noneSeq, companyId: loner.companyId },
      { token: tokens.staff },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body.results).toMatchObject({
      status: 'applied',
      companyId: loner.companyId,
      applications: [{ statementSeq: st, amount: 33_000 }],
    });
    expect(await statementOf(server, st)).toMatchObject({ paid: 33_000, status: 'paid' });
    const again = await call(
      server,
      'adminAssignDeposit',
      { seq: noneSeq, companyId: loner.companyId },
      { token: tokens.staff },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG_CREDIT.depositResolved);
    expect(
      (await call(server, 'adminDepositQueue', {}, { token: tokens.staff })).body.results!.map((d) => d.seq),
    ).not.toContain(noneSeq);
    expect(
      await server.db
        .select({ name: depositorNames.name })
        .from(depositorNames)
        .where(eq(depositorNames.companyId, loner.companyId)),
    ).toEqual([{ name: '김동해' }]);

    // Taught: the next deposit of that name goes to the company by itself (to its cash: nothing open).
    const next = await record(tokens.staff, { depositorName: '김 동해', amount: 1_000, depositedAt: '2026-05-06' });
    expect(next.body.results).toMatchObject({
      status: 'applied',
      companyId: loner.companyId,
      rule: '남은 명세서가 없어 캐시로',
    });

    const unknown = await call(
      server,
      'adminAssignDeposit',
      { seq: 99_999_999, companyId: loner.companyId },
      { token: tokens.staff },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MSG_CREDIT.depositNotFound);
    const noCompany = await call(
      server,
      'adminAssignDeposit',
      { seq: noneSeq, companyId: 99_999_999 },
      { token: tokens.staff },
    );
    expect(noCompany.status).toBe(404);
    expect(noCompany.body.message).toBe(MSG_CREDIT.companyNotFound);
  });
  it('a queue longer than one answer shows its oldest 500 and counts them all', async () => {
    const queue = () => call(server, 'adminDepositQueue', {}, { token: tokens.staff });
    const before = await queue();
    const waiting = before.body.total!;
    expect(waiting).toBe(before.body.results!.length);
    // 501 unmatched lines, older than anything queued so far, each a minute after the last.
    const start = Date.UTC(2020, 0, 1);
    const rows = await server.db
      .insert(deposits)
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          source: 'import',
          sourceKey: `import:queue-cap-${i}`,
          depositorName: `대기열${i}`,
          amount: 1_000 + i,
          depositedAt: new Date(start + i * 60_000),
          status: 'review',
          reviewReason: 'noMatch',
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: deposits.id });
    try {
      const long = await queue();
      expect(long.status).toBe(200);
      expect(long.body.total).toBe(waiting + 501);
      expect(long.body.results!.map((d) => d.seq)).toEqual(rows.slice(0, 500).map((r) => r.id));
      expect(long.body.results![499]).toMatchObject({ depositorName: '대기열499', amount: 1_499 });
    } finally {
      await server.db.delete(deposits).where(
        inArray(
          deposits.id,
          rows.map((r) => r.id),
        ),
      );
    }
    expect((await queue()).body.total).toBe(waiting);
  });
});

describe('a company that withdrew', () => {
  it('its taught depositor name matches nothing, and no deposit can be assigned to it', async () => {
    const leaving = await makeCompany(server, '서해부품', 0);
    const queued = await record(tokens.staff, { depositorName: '박서해', amount: 12_000, depositedAt: '2026-05-07' });
    const queuedSeq = (queued.body.results as { seq: number }).seq;
    const taught = await call(
      server,
      'adminAssignDeposit',
      { seq: queuedSeq, companyId: leaving.companyId },
      { token: tokens.staff },
    );
    expect(taught.body.results).toMatchObject({ status: 'applied', companyId: leaving.companyId });
    const matched = await record(tokens.staff, { depositorName: '박 서해', amount: 2_000, depositedAt: '2026-05-08' });
    expect(matched.body.results).toMatchObject({ status: 'applied', companyId: leaving.companyId });

    const withdrawn = await withdrawAccount(server, leaving.main);
    expect([withdrawn.status, withdrawn.body.code]).toEqual([200, 201]);

    // The same name now waits for staff, and the company is no longer one to choose.
    const after = await record(tokens.staff, { depositorName: '박서해', amount: 3_000, depositedAt: '2026-05-09' });
    expect(after.body.results).toMatchObject({
      status: 'review',
      companyId: null,
      reviewReason: '입금자명과 일치하는 업체가 없습니다.',
    });
    const assign = await call(
      server,
      'adminAssignDeposit',
      { seq: (after.body.results as { seq: number }).seq, companyId: leaving.companyId },
      { token: tokens.staff },
    );
    expect([assign.status, assign.body.message]).toEqual([404, MSG_CREDIT.companyNotFound]);
    const named = await record(tokens.staff, {
      depositorName: '박서해',
      amount: 3_000,
      depositedAt: '2026-05-09',
      companyId: leaving.companyId,
    });
    expect([named.status, named.body.message]).toEqual([404, MSG_CREDIT.companyNotFound]);
  });
});

describe("a withdrawn company's statement account", () => {
  it('stays open on purpose: a deposit into it after the withdrawal still pays the statement it owes', async () => {
    const c = await makeCompany(server, '탈퇴가상', 0);
    await giveCredit(server, c.companyId);
    const st = await makeStatement(server, c.companyId, '2026-04', 48_000, '2026-05-11');
    const token = (await createSession(server.db, c.main.seq)).token;
    const va = (await call(server, 'payStatement', { seq: st, method: 'virtualAccount' }, { token })).body.results!;
    // Owing, the company may no longer withdraw (docs/requirements.md#withdrawal); one that withdrew
    // before that rule, as written here, still has its account open.
    const refused = await withdrawAccount(server, c.main);
    expect([refused.status, refused.body.message]).toEqual([400, MSG_MEMBER.withdrawCreditOwed(48_000)]);
    const at = new Date();
    await server.db.update(companies).set({ withdrawnAt: at }).where(eq(companies.id, c.companyId));
    await server.db
      .update(members)
      .set({ status: 'withdrawn', withdrawnAt: at })
      .where(eq(members.companyId, c.companyId));
    const [account] = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, st));
    expect(account).toMatchObject({ status: 'open', amount: 48_000, companyId: c.companyId });

    const bank = new URL(va.demoBankUrl!);
    const deposit = await rawCall(server, 'POST', `${bank.pathname}/deposit${bank.search}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(deposit.status).toBe(200);
    await until('deposit applied', async () => (await statementOf(server, st)).status === 'paid');
    expect(await statementOf(server, st)).toMatchObject({ paid: 48_000, status: 'paid' });
    expect(await owed(server, c.companyId)).toBe(0);
    const [row] = await server.db.select().from(deposits).where(eq(deposits.companyId, c.companyId));
    expect(row).toMatchObject({ source: 'virtual_account', status: 'applied', amount: 48_000 });
    await expectStatementsMatchLedger(server);
  });
});

describe('a bank 입금내역 file', () => {
  it('a deposit staff typed and the same line of the bank file later: the line waits for staff; a second equal deposit applies', async () => {
    const c = await makeCompany(server, '쌍둥이정비', 0);
    await giveCredit(server, c.companyId);
    const st = await makeStatement(server, c.companyId, '2026-04', 40_000, '2026-05-11');
    const typed = await record(tokens.staff, {
      depositorName: '쌍둥이정비상사',
      amount: 40_000,
      depositedAt: '2026-05-12',
    });
    expect(typed.body.results).toMatchObject({ status: 'applied', companyId: c.companyId });
    const cashBefore = await balanceOf(server, c.companyId);
    const csv = [
      '거래일시,입금자명,입금액',
      '2026-05-12 10:20:00,(주)쌍둥이정비상사,40000',
      '2026-05-12 16:05:00,쌍둥이정비상사,40000',
      '2026-05-13 09:00:00,쌍둥이정비상사,12000',
    ].join('\n');
    const imported = await upload(tokens.staff, '입금내역.csv', csv);
    expect(imported.body.results).toMatchObject({ rows: 3, applied: 2, review: 1, duplicates: 0 });
    const held = await server.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.source, 'import'), eq(deposits.status, 'review'), eq(deposits.amount, 40_000)));
    expect(held.map((d) => [d.depositorName, d.reviewReason])).toEqual([['(주)쌍둥이정비상사', 'twin']]);
    // The statement paid once; the second 40,000 and the 12,000 went to cash.
    expect(await statementOf(server, st)).toMatchObject({ paid: 40_000, status: 'paid' });
    expect(await balanceOf(server, c.companyId)).toBe(cashBefore + 52_000);

    // The other way round: staff type a deposit the file brought already.
    const late = await record(tokens.staff, {
      depositorName: '쌍둥이 정비상사',
      amount: 12_000,
      depositedAt: '2026-05-13',
      companyId: c.companyId,
    });
    expect(late.body.message).toBe(MSG_DEPOSIT.twinQueued);
    expect(late.body.results).toMatchObject({
      status: 'review',
      reviewReason: '같은 날 입금자명·금액이 같은 입금이 이미 있습니다. 같은 입금이면 제외하세요.',
    });
    expect(await balanceOf(server, c.companyId)).toBe(cashBefore + 52_000);
  });

  it('two typed deposits and three equal lines of the file: two lines wait as twins, the third applies', async () => {
    const c = await makeCompany(server, '삼중정비', 0);
    await giveCredit(server, c.companyId);
    for (const depositorName of ['삼중정비상사', '(주)삼중 정비상사']) {
      const typed = await record(tokens.staff, { depositorName, amount: 9_000, depositedAt: '2026-05-20' });
      expect(typed.body.results).toMatchObject({ status: 'applied', companyId: c.companyId });
    }
    const cashBefore = await balanceOf(server, c.companyId);
    const csv = [
      '거래일시,입금자명,입금액',
      ...['09:00', '11:30', '15:45'].map((t) => `2026-05-20 ${t}:00,삼중정비상사,9000`),
    ];
    const imported = await upload(tokens.staff, '입금내역.csv', csv.join('\n'));
    expect(imported.body.results).toMatchObject({ rows: 3, applied: 1, review: 2, duplicates: 0 });
    const held = await server.db
      .select({ reason: deposits.reviewReason, at: deposits.depositedAt })
      .from(deposits)
      .where(and(eq(deposits.source, 'import'), eq(deposits.amount, 9_000), eq(deposits.status, 'review')));
    expect(held.map((d) => [d.reason, d.at.toISOString()]).sort()).toEqual([
      ['twin', '2026-05-20T00:00:00.000Z'],
      ['twin', '2026-05-20T02:30:00.000Z'],
    ]);
    expect(await balanceOf(server, c.companyId)).toBe(cashBefore + 9_000);
  });

  it('EUC-KR CSV: matched lines applied, the rest queued; the same file again changes nothing', async () => {
    const c = await makeCompany(server, '남부카센터', 0);
    await giveCredit(server, c.companyId);
    const st = await makeStatement(server, c.companyId, '2026-04', 44_000, '2026-05-11');
    const csv = [
      '거래일시,적요,입금자명,출금액,입금액(원),잔액',
      '2026-05-07 09:10:00,타행이체,남부카센터상사,0,"44,000","1,000,000"',
      '2026-05-07 09:12:00,타행이체,모르는사람,0,"12,000","1,012,000"',
      '2026-05-07 09:15:00,인터넷,,"5,000",,"1,007,000"',
    ].join('\r\n');
    const data = encodeEucKr(csv);
    const first = await upload(tokens.staff, '입금내역.csv', data);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual({ rows: 2, applied: 1, review: 1, duplicates: 0, errors: [] });
    expect(first.body.message).toBe(MSG_DEPOSIT.imported(1, 1, 0));
    expect(await statementOf(server, st)).toMatchObject({ paid: 44_000, status: 'paid' });
    const again = await upload(tokens.admin, '입금내역.csv', data);
    expect(again.body.results).toEqual({ rows: 2, applied: 0, review: 0, duplicates: 2, errors: [] });
    expect(await statementOf(server, st)).toMatchObject({ paid: 44_000, status: 'paid' });
  });

  it.each([
    ['a wrong column', 'a.csv', '날짜,이름,금액\n2026-05-07,남부,1000\n', MSG_DEPOSIT.columns(['입금자명'])],
    [
      'a formula as an amount',
      'a.csv',
      '거래일자,입금자명,입금액\n2026-05-07,남부,=1+2\n',
      MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowAmount(2, '=1+2')], 0),
    ],
    ['a PDF', 'a.pdf', '%PDF-1.4', MSG_DEPOSIT.fileType],
  ])('%s: a Korean message, nothing recorded', async (_what, name, text, message) => {
    const before = await depositCount();
    const res = await upload(tokens.staff, name, text);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await depositCount()).toBe(before);
  });

  it('50,000 rows: refused at once with its message, nothing recorded', async () => {
    const lines = ['거래일자,입금자명,입금액'];
    for (let i = 0; i < 50_000; i++) lines.push(`2026-05-07 10:00:00,업체${i},${1000 + i}`);
    const before = await depositCount();
    const started = Date.now();
    const res = await upload(tokens.staff, 'big.csv', lines.join('\n'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_DEPOSIT.fileTooManyRows);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await depositCount()).toBe(before);
  });

  it('a file over 5 MB: 413 with its message', async () => {
    const res = await upload(tokens.staff, 'huge.csv', new Uint8Array(5 * 1024 * 1024 + 10).fill(0x41));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MSG_DEPOSIT.fileTooLarge);
  });
});

describe('a statement paid by card (sandbox gateway)', () => {
  it('the slip names the invoiced statement; approved, the statement is paid once', async () => {
    const c = await makeCompany(server, '카드정비', 0);
    await giveCredit(server, c.companyId);
    const st = await makeStatement(server, c.companyId, '2026-04', 66_000, '2026-05-11');
    const token = (await createSession(server.db, c.main.seq)).token;
    const res = await call(server, 'payStatement', { seq: st, method: 'card' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject({ seq: st, method: 'card', amount: 66_000 });
    const paymentId = res.body.results!.paymentId!;
    const [payment] = await server.db.select().from(payments).where(eq(payments.gatewayId, paymentId));
    expect(payment).toMatchObject({
      kind: 'statement',
      statementId: st,
      amount: 66_000,
      pgcode: 'creditcard',
      productName: '외상 명세서 결제 (2026년 4월, 세금계산서 발행분)',
    });
    const url = new URL(res.body.results!.online_url!);
    const press = () =>
      rawCall(server, 'POST', `${url.pathname}/approve${url.search}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
    expect((await press()).status).toBe(200);
    expect((await press()).status).toBe(200);
    expect(await statementOf(server, st)).toMatchObject({ paid: 66_000, status: 'paid' });
    const [deposit] = await server.db.select().from(deposits).where(eq(deposits.paymentId, payment!.id));
    expect(deposit).toMatchObject({ source: 'card', status: 'applied', amount: 66_000, companyId: c.companyId });
    expect(await ledgerOfDeposit(server, deposit!.id)).toEqual([{ kind: 'payment', statementId: st, amount: -66_000 }]);
    // No cash moved: the card paid the statement, not a top-up.
    expect(await server.db.select().from(cashLedger).where(eq(cashLedger.companyId, c.companyId))).toEqual([]);
  });
});

describe("a statement's virtual account at the demo bank", () => {
  it('issued once; deposited, it pays the statement; taken back, it is undone', async () => {
    const c = await makeCompany(server, '가상정비', 0);
    await giveCredit(server, c.companyId);
    const st = await makeStatement(server, c.companyId, '2026-04', 77_000, '2026-05-11');
    const token = (await createSession(server.db, c.main.seq)).token;
    const res = await call(server, 'payStatement', { seq: st, method: 'virtualAccount' }, { token });
    expect(res.status).toBe(200);
    const va = res.body.results!;
    expect(va).toMatchObject({ seq: st, method: 'virtualAccount', amount: 77_000 });
    // The 예금주 the buyer pays is the shop (its settings' name), never the buyer itself.
    expect(va.virtualAccount!.holder).toBe(MALL_CONFIG.mallBottom.companyName);
    const again = await call(server, 'payStatement', { seq: st, method: 'virtualAccount' }, { token });
    expect(again.body.results!.virtualAccount).toEqual(va.virtualAccount);
    expect((await statementOf(server, st)).vaAccountNumber).toBe(va.virtualAccount!.accountNumber);

    const bank = new URL(va.demoBankUrl!);
    const page = await rawCall(server, 'GET', `${bank.pathname}${bank.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(va.virtualAccount!.accountNumber);
    const wrongKey = await rawCall(server, 'GET', `${bank.pathname}?key=wrong`);
    expect(wrongKey.status).toBe(404);
    const press = (action: string) =>
      rawCall(server, 'POST', `${bank.pathname}/${action}${bank.search}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
    expect((await press('deposit')).status).toBe(200);
    await until('deposit applied', async () => (await statementOf(server, st)).status === 'paid');
    expect(await owed(server, c.companyId)).toBe(0);
    // Pressed again while deposited: nothing to deposit.
    expect((await press('deposit')).status).toBe(400);

    expect((await press('reverse')).status).toBe(200);
    await until('deposit undone', async () => (await statementOf(server, st)).status === 'unpaid');
    expect(await owed(server, c.companyId)).toBe(77_000);
    const [deposit] = await server.db.select().from(deposits).where(eq(deposits.companyId, c.companyId));
    expect(deposit).toMatchObject({ source: 'virtual_account', status: 'reversed' });
    expect(await ledgerOfDeposit(server, deposit!.id)).toEqual([
      { kind: 'payment', statementId: st, amount: -77_000 },
      { kind: 'payment_reversal', statementId: st, amount: 77_000 },
    ]);
    await expectStatementsMatchLedger(server);
  });
});

describe("each statement's account is told on its own", () => {
  it('two months asked for: two 알림톡, each with its month, account and amount', async () => {
    const c = await makeCompany(server, '가상두달', 0);
    await giveCredit(server, c.companyId);
    const march = await makeStatement(server, c.companyId, '2026-03', 31_000, '2026-04-10');
    const april = await makeStatement(server, c.companyId, '2026-04', 42_000, '2026-05-11');
    const token = (await createSession(server.db, c.main.seq)).token;
    const accounts: string[] = [];
    for (const seq of [march, april]) {
      const res = await call(server, 'payStatement', { seq, method: 'virtualAccount' }, { token });
      expect(res.status).toBe(200);
      accounts.push(res.body.results!.virtualAccount!.accountNumber);
    }
    expect(new Set(accounts).size).toBe(2);
    const texts = async () =>
      (await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, c.main.phone))).map((m) => m.text);
    await until('both notices', async () => {
      const told = await texts();
      return accounts.every((a) => told.some((t) => t.includes(a)));
    });
    const told = await texts();
    const toldOf = (account: string) => told.filter((t) => t.includes(`계좌번호: ${account}\n`));
    expect(toldOf(accounts[0]!).map((t) => t.split('\n').slice(0, 3))).toEqual([
      ['[파츠몰] 2026년 3월 외상 명세서의 입금 계좌를 알려 드립니다.', '', '입금금액: 31,000원'],
    ]);
    expect(toldOf(accounts[1]!).map((t) => t.split('\n').slice(0, 3))).toEqual([
      ['[파츠몰] 2026년 4월 외상 명세서의 입금 계좌를 알려 드립니다.', '', '입금금액: 42,000원'],
    ]);
  });
});

describe('a virtual account keeps its amount', () => {
  it('paid partly since, its deposit pays what is open, then the older statement, and the rest goes to cash', async () => {
    const c = await makeCompany(server, '가상초과', 0);
    await giveCredit(server, c.companyId);
    const april = await makeStatement(server, c.companyId, '2026-04', 77_000, '2026-05-11');
    const token = (await createSession(server.db, c.main.seq)).token;
    const va = (await call(server, 'payStatement', { seq: april, method: 'virtualAccount' }, { token })).body.results!;
    expect(va.amount).toBe(77_000);
    // Staff record 20,000 of it by hand before the bank's deposit arrives.
    const byHand = await record(tokens.staff, {
      depositorName: '가상초과상사',
      amount: 20_000,
      depositedAt: '2026-05-02',
      companyId: c.companyId,
    });
    expect(byHand.body.code).toBe(201);
    expect(await statementOf(server, april)).toMatchObject({ paid: 20_000, status: 'partial' });
    const march = await makeStatement(server, c.companyId, '2026-03', 10_000, '2026-04-10');
    const cashBefore = await balanceOf(server, c.companyId);

    const bank = new URL(va.demoBankUrl!);
    const deposited = await rawCall(server, 'POST', `${bank.pathname}/deposit${bank.search}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(deposited.status).toBe(200);
    await until('deposit applied', async () => (await statementOf(server, march)).status === 'paid');
    // 77,000 in: April's 57,000 left first (its own account, never paid twice), March's 10,000, 10,000 to cash.
    expect(await statementOf(server, april)).toMatchObject({ paid: 77_000, status: 'paid' });
    expect(await statementOf(server, march)).toMatchObject({ paid: 10_000, status: 'paid' });
    expect(await balanceOf(server, c.companyId)).toBe(cashBefore + 10_000);
    expect(await owed(server, c.companyId)).toBe(0);
    const [bankDeposit] = await server.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.companyId, c.companyId), eq(deposits.source, 'virtual_account')));
    expect(await ledgerOfDeposit(server, bankDeposit!.id)).toEqual([
      { kind: 'payment', statementId: april, amount: -57_000 },
      { kind: 'payment', statementId: march, amount: -10_000 },
    ]);
    await expectLedgerMatchesBalances(server);
    await expectStatementsMatchLedger(server);
  });
});

describe('at the close and after', () => {
  it("the close asks for the statement's account: issued by the job, written on the statement, told by 알림톡", async () => {
    const c = await makeCompany(server, '마감정비', 0);
    await giveCredit(server, c.companyId);
    await server.db.transaction((tx) =>
      postLedgerEntry(tx, {
        companyId: c.companyId,
        kind: 'adjustment',
        amount: 21_000,
        idemKey: `test:close:${c.companyId}`,
      }),
    );
    const month = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7);
    const closed = await call(server, 'adminCloseMonth', { month, companyId: c.companyId }, { token: tokens.admin });
    expect(closed.body.code).toBe(201);
    const seq = closed.body.results!.statements[0]!.seq;
    await until('account issued', async () => (await statementOf(server, seq)).vaAccountNumber !== null);
    const [account] = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
    expect(account).toMatchObject({ status: 'open', provider: 'sandbox', amount: 21_000, companyId: c.companyId });
    expect((await statementOf(server, seq)).vaAccountNumber).toBe(account!.accountNumber);
    await until('알림톡 written', async () =>
      (await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, c.main.phone))).some((m) =>
        m.text.includes(account!.accountNumber),
      ),
    );
  });

  it('paying the overdue statement lifts the hold it caused', async () => {
    const c = await makeCompany(server, '보류정비', 0);
    await giveCredit(server, c.companyId);
    const st = await makeStatement(server, c.companyId, '2025-06', 50_000, '2025-07-10');
    await server.db
      .update(creditAccounts)
      .set({ status: 'on_hold', holdStatementId: st, holdReason: '2025년 6월 명세서 연체' })
      .where(eq(creditAccounts.companyId, c.companyId));
    const res = await record(tokens.staff, {
      depositorName: '보류정비',
      amount: 50_000,
      depositedAt: '2025-08-01',
      companyId: c.companyId,
    });
    expect(res.body.code).toBe(201);
    const [account] = await server.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, c.companyId));
    expect(account).toMatchObject({ status: 'active', holdStatementId: null, holdReason: '' });
  });
});

describe('undoing a deposit whose cash was spent', () => {
  it('the statement owes again, the cash left is taken back, and what was spent is owed', async () => {
    const c = await makeCompany(server, '환수정비', 0);
    await giveCredit(server, c.companyId);
    const st = await makeStatement(server, c.companyId, '2026-04', 40_000, '2026-05-11');
    const res = await record(tokens.staff, {
      depositorName: '환수정비',
      amount: 100_000,
      depositedAt: '2026-05-08',
      companyId: c.companyId,
    });
    const seq = (res.body.results as { seq: number }).seq;
    expect(await balanceOf(server, c.companyId)).toBe(60_000);
    // The company spends 45,000 of the 60,000 before the bank takes the deposit back.
    await server.db.transaction((tx) =>
      debit(tx, { companyId: c.companyId, amount: 45_000, type: 'order', memberId: null, note: '주문 (시험)' }),
    );
    const token = (await createSession(server.db, c.main.seq)).token;
    const used = async () =>
      ((await call(server, 'getCreditSummary', {}, { token })).body.results as { used: number }).used;
    const nextDraft = async () => {
      const { figures } = (await draftStatement(server.db, c.companyId, '2026-12', new Date(Date.now() + 86400_000)))!;
      return { amountDue: figures.amountDue, adjustments: figures.adjustments };
    };
    const [usedBefore, draftBefore] = [await used(), await nextDraft()];
    await server.db.transaction(async (tx) => {
      const [row] = await tx.select().from(deposits).where(eq(deposits.id, seq));
      await reverseDeposit(tx, row!);
      // Twice: the second finds it reversed and changes nothing.
      const [again] = await tx.select().from(deposits).where(eq(deposits.id, seq));
      await reverseDeposit(tx, again!);
    });
    expect(await statementOf(server, st)).toMatchObject({ paid: 0, status: 'unpaid' });
    expect(await balanceOf(server, c.companyId)).toBe(0);
    // The buyer's 캐시 원장 names the row for what happened, not as staff's doing.
    const ledger = await call(server, 'getCashLedger', { page: 1, size: 1 }, { token });
    expect(ledger.body.results!.map((r) => [r.type, r.typeLabel, r.amount, r.balanceAfter, r.note])).toEqual([
      ['deposit_reversal', '입금 취소', -15_000, 0, `입금 #${seq} 취소: 캐시로 넣은 금액을 되돌림`],
    ]);
    expect(await ledgerOfDeposit(server, seq)).toEqual([
      { kind: 'payment', statementId: st, amount: -40_000 },
      { kind: 'payment_reversal', statementId: st, amount: 40_000 },
      { kind: 'adjustment', statementId: null, amount: 45_000 },
    ]);
    // Owed: the statement's 40,000 again and the 45,000 spent from a deposit that never came.
    expect(await owed(server, c.companyId)).toBe(85_000);
    // The 45,000 is billed by the next statement, and uses the limit until then (with the statement's
    // 40,000 owed again): as it stood before the reversal and after.
    expect(await nextDraft()).toEqual({
      amountDue: draftBefore.amountDue + 45_000,
      adjustments: draftBefore.adjustments + 45_000,
    });
    expect(await used()).toBe(usedBefore + 85_000);
    await expectLedgerMatchesBalances(server);
    await expectStatementsMatchLedger(server);
  });
});

describe('50 deposits at once on one company', () => {
  it('each applied exactly once; statements, ledger and cash agree', async () => {
    const c = await makeCompany(server, '동시상회', 0);
    await giveCredit(server, c.companyId);
    const ids = [
      await makeStatement(server, c.companyId, '2026-01', 100_000, '2026-02-10'),
      await makeStatement(server, c.companyId, '2026-02', 100_000, '2026-03-10'),
      await makeStatement(server, c.companyId, '2026-03', 100_000, '2026-04-10'),
    ];
    const amounts = Array.from({ length: 50 }, (_, i) => 3_000 + i * 500);
    const total = amounts.reduce((s, a) => s + a, 0);
    const results = await Promise.all(
      amounts.map((amount, i) =>
        record(tokens.staff, {
          depositorName: '동시상회',
          amount,
          depositedAt: '2026-04-20',
          companyId: c.companyId,
          clientRequestId: `race-${c.companyId}-${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(amounts.map(() => 201));
    const rows = await server.db.select().from(deposits).where(eq(deposits.companyId, c.companyId));
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.status === 'applied')).toBe(true);
    // 50 deposits of 3,000..27,500: 762,500 in all, 300,000 owed: the statements paid, the rest cash.
    expect(total).toBe(762_500);
    for (const id of ids) expect(await statementOf(server, id)).toMatchObject({ paid: 100_000, status: 'paid' });
    expect(await owed(server, c.companyId)).toBe(0);
    expect(await balanceOf(server, c.companyId)).toBe(total - 300_000);
    expect(rows.reduce((s, r) => s + r.toCash, 0)).toBe(total - 300_000);
    await expectLedgerMatchesBalances(server);
    await expectStatementsMatchLedger(server);
  });
});
