import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG_DEPOSIT } from '@partsmall/contract';
import { MALL_CONFIG } from '../../src/seed/mall-config.js';
import { depositEvents, deposits, statementAccounts, statements } from '../../src/db/schema.js';
import { setStatementAccount } from '../../src/features/credit/repository.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { applyStatementPayment } from '../../src/features/credit/index.js';
import { issueStatementAccount } from '../../src/features/deposits/index.js';
import { virtualAccountsFromConfig } from '../../src/features/payments/index.js';
import { call, rawCall, until, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { balanceOf, makeProduct, placeOrder } from '../order-helpers.js';
import type { TossStandIn } from '../stand-ins.js';
import { startTossServer } from '../toss-server.js';
import {
  closeOfMonthBeforeRun,
  depositsOf,
  expectStatementsMatchLedger,
  giveCredit,
  ledgerOfDeposit,
  makeStatement,
  owed,
  statementOf,
} from '../deposit-helpers.js';

/**
 * Statements' virtual accounts at Toss (PAYMENT_PROVIDER=toss) against the local stand-in of the
 * Toss API, and the DEPOSIT_CALLBACK webhook: issued once with the due date as expiry; a deposit
 * applied once however often Toss sends it; forged, late and reversed callbacks
 * (docs/requirements.md#credit-deposits).
 */
const SECRET_KEY = 'test_sk_deposit_standin';
let toss: TossStandIn;
let server: TestServer;

beforeAll(async () => {
  ({ toss, server } = await startTossServer(SECRET_KEY, {
    // Long enough that a first issue held at the stand-in outlives a loaded machine's slowest second
    // ask (askTwiceAtOnce); the tests of a late answer use their own impatient provider.
    TOSS_TIMEOUT_MS: '10000',
    TOSS_VIRTUAL_ACCOUNT_BANK: '20',
  }));
  await closeOfMonthBeforeRun(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await toss?.close();
});
beforeEach(() => toss.onIssue({ kind: 'normal' }));

const webhook = (body: unknown) =>
  rawCall(server, 'POST', 'payCenter/toss/webhook', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Toss's createdAt `seconds` after `from` (ms): Seoul's wall clock with microseconds, no offset. Events
 * are stamped after their account was opened and before they reach the shop (a time outside that is
 * read as the moment it arrived: docs/requirements.md#credit-deposits).
 */
const tossTime = (from: number, seconds = 0) =>
  new Date(from + seconds * 1000 + 9 * 3600_000).toISOString().replace('Z', '000');

/** The server's provider as it would be with a 500 ms Toss timeout: a late answer (1.5 s) is lost to it. */
const impatientProvider = () =>
  virtualAccountsFromConfig({ ...server.ctx!.config, toss: { ...server.ctx!.config.toss!, timeoutMs: 500 } });

/** A company with credit and a statement of 55,000 won, its account issued through the API call. */
async function statementWithAccount(label: string, amount = 55_000) {
  const c = await makeCompany(server, label, 0);
  await giveCredit(server, c.companyId);
  const seq = await makeStatement(server, c.companyId, '2026-10', amount, '2026-11-10');
  const token = (await createSession(server.db, c.main.seq)).token;
  const res = await call(server, 'payStatement', { seq, method: 'virtualAccount' }, { token });
  expect(res.status).toBe(200);
  const [account] = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
  return { company: c, seq, account: account!, answer: res.body.results! };
}

/**
 * A statement whose account Toss issued but whose answer was lost (the row still `issuing`), and
 * Toss's memory of the key gone: the next ask meets DUPLICATED_ORDER_ID.
 */
async function issueLostThenForgotten(label: string, amount: number) {
  const c = await makeCompany(server, label, 0);
  await giveCredit(server, c.companyId);
  const seq = await makeStatement(server, c.companyId, '2026-10', amount, '2026-11-10');
  const provider = impatientProvider();
  toss.onIssue({ kind: 'late', afterMs: 1500 });
  await expect(issueStatementAccount(server.db, provider, seq)).rejects.toThrow(/응답 없음/);
  toss.onIssue({ kind: 'normal' });
  toss.forgetIdempotencyKeys();
  const [row] = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
  expect(row).toMatchObject({ status: 'issuing', secret: null });
  return { seq, row: row!, provider };
}

describe('issuing a statement account at Toss', () => {
  it("POST /v1/virtual-accounts as Toss's reference asks, once, with the due date as expiry", async () => {
    const before = toss.calls.length;
    const askedFrom = Date.now();
    const { seq, account, answer } = await statementWithAccount('토스정비');
    const askedUntil = Date.now();
    const issued = toss.calls.slice(before).filter((c) => c.path === '/v1/virtual-accounts');
    expect(issued).toHaveLength(1);
    const body = issued[0]!.body as Record<string, unknown>;
    expect(issued[0]!.authorization).toBe(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`);
    expect(issued[0]!.idempotencyKey).toBe(`va-${account.orderId}`);
    expect(body).toMatchObject({
      amount: 55_000,
      orderId: account.orderId,
      orderName: '2026년 10월 외상 대금',
      customerName: '토스정비상사',
      bank: '20',
      cashReceipt: { type: '미발행' },
      virtualAccountCallbackUrl: `${server.base}/payCenter/toss/webhook`,
    });
    expect(account.orderId).toMatch(/^stm-\d+-[0-9a-f]{12}$/);
    // The statement's due day is past here, so three days from the ask, written as Seoul's wall clock
    // (Toss's own form, whole seconds).
    expect(body.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    const due = Date.parse(String(body.dueDate));
    expect(due).toBeGreaterThanOrEqual(askedFrom + 3 * 86400_000 - 1000);
    expect(due).toBeLessThanOrEqual(askedUntil + 3 * 86400_000);
    // Toss's customerName is the buyer who had it issued; the 예금주 the buyer pays is the shop.
    expect(answer.virtualAccount).toMatchObject({
      accountNumber: account.accountNumber,
      holder: MALL_CONFIG.mallBottom.companyName,
    });
    expect(answer.demoBankUrl).toBeUndefined();
    expect(account).toMatchObject({ status: 'open', provider: 'toss', amount: 55_000 });
    expect(account.secret).toMatch(/^ps_/);
    expect((await statementOf(server, seq)).vaAccountNumber).toBe(account.accountNumber);
  });

  it('an account number an older statement still shows (banks reuse expired numbers) is written on the new one', async () => {
    const older = await statementWithAccount('번호재사용');
    const seq = await makeStatement(server, older.company.companyId, '2026-11', 12_000, '2026-12-10');
    const number = older.answer.virtualAccount!.accountNumber;
    await server.db.transaction((tx) =>
      setStatementAccount(
        tx,
        seq,
        {
          bank: '20',
          accountNumber: number,
          holder: '파츠몰',
          expiresAt: new Date('2026-12-10T14:59:59Z'),
          providerKey: 'k',
        },
        new Date(),
      ),
    );
    const rows = await server.db
      .select({ id: statements.id, number: statements.vaAccountNumber })
      .from(statements)
      .where(eq(statements.vaAccountNumber, number));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([older.seq, seq]);
  });

  it('an answer lost in a timeout: the retry asks for the same orderId and Toss answers the first account', async () => {
    const c = await makeCompany(server, '지연정비', 0);
    await giveCredit(server, c.companyId);
    const seq = await makeStatement(server, c.companyId, '2026-10', 12_000, '2026-11-10');
    const provider = impatientProvider();
    toss.onIssue({ kind: 'late', afterMs: 1500 });
    await expect(issueStatementAccount(server.db, provider, seq)).rejects.toThrow(/응답 없음/);
    toss.onIssue({ kind: 'normal' });
    const opened = await issueStatementAccount(server.db, provider, seq);
    const accounts = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
    expect(accounts).toHaveLength(1);
    expect(opened).toMatchObject({ status: 'open', orderId: accounts[0]!.orderId });
    const atToss = [...toss.payments.values()].filter((p) => p.orderId === accounts[0]!.orderId);
    expect(atToss).toHaveLength(1);
    expect(opened!.accountNumber).toBe(atToss[0]!.virtualAccount!.accountNumber);
  });

  it('refused by Toss: the payer is told in Korean, the statement keeps no account', async () => {
    const c = await makeCompany(server, '거절정비', 0);
    await giveCredit(server, c.companyId);
    const seq = await makeStatement(server, c.companyId, '2026-10', 9_000, '2026-11-10');
    toss.onIssue({ kind: 'refuse', status: 400, code: 'INVALID_BANK', message: '유효하지 않은 은행입니다.' });
    const token = (await createSession(server.db, c.main.seq)).token;
    const res = await call(server, 'payStatement', { seq, method: 'virtualAccount' }, { token });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(MSG_DEPOSIT.accountUnavailable);
    expect((await statementOf(server, seq)).vaAccountNumber).toBeNull();
    const rows = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
    expect(rows.map((r) => [r.status, r.failure])).toEqual([['failed', 'INVALID_BANK 유효하지 않은 은행입니다.']]);
  });
  it('a statement due in ten days: Toss keeps its account open to the end of that day, Seoul time', async () => {
    const seoulDay = (ms: number) => new Date(ms + 9 * 3600_000).toISOString().slice(0, 10);
    const dueDay = seoulDay(Date.now() + 10 * 86400_000);
    const c = await makeCompany(server, '기한정비', 0);
    await giveCredit(server, c.companyId);
    const seq = await makeStatement(server, c.companyId, '2026-10', 14_000, dueDay);
    const before = toss.calls.length;
    const opened = await issueStatementAccount(server.db, virtualAccountsFromConfig(server.ctx!.config), seq);
    const issued = toss.calls.slice(before).find((x) => x.path === '/v1/virtual-accounts')!;
    expect((issued.body as { dueDate: string }).dueDate).toBe(`${dueDay}T23:59:59+09:00`);
    expect(opened!.dueAt.toISOString()).toBe(new Date(`${dueDay}T23:59:59+09:00`).toISOString());
  });

  it('an account past its due time gives way to a new one for what is unpaid; before it, the same account and Toss asked nothing', async () => {
    const { seq, account } = await statementWithAccount('만기정비', 23_000);
    const provider = virtualAccountsFromConfig(server.ctx!.config);
    const before = toss.calls.length;
    const justBefore = new Date(account.dueAt.getTime() - 1_000);
    expect(await issueStatementAccount(server.db, provider, seq, justBefore)).toMatchObject({ id: account.id });
    expect(toss.calls.length).toBe(before);

    const past = new Date(account.dueAt.getTime() + 1_000);
    const renewed = (await issueStatementAccount(server.db, provider, seq, past))!;
    expect(renewed.orderId).not.toBe(account.orderId);
    expect(renewed).toMatchObject({ status: 'open', amount: 23_000 });
    // At least three days from when it was asked for (the statement is overdue).
    expect(renewed.dueAt.getTime()).toBeGreaterThanOrEqual(past.getTime() + 3 * 86400_000 - 1_000);
    const rows = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
    expect(rows.map((r) => [r.orderId, r.status]).sort()).toEqual(
      [
        [account.orderId, 'expired'],
        [renewed.orderId, 'open'],
      ].sort(),
    );
    expect((await statementOf(server, seq)).vaAccountNumber).toBe(renewed.accountNumber);
    expect(renewed.accountNumber).not.toBe(account.accountNumber);
  });

  it('a statement with nothing left to pay gets no account, and Toss is asked nothing', async () => {
    const c = await makeCompany(server, '완납정비', 0);
    await giveCredit(server, c.companyId);
    const seq = await makeStatement(server, c.companyId, '2026-10', 15_000, '2026-11-10');
    await server.db.transaction((tx) =>
      applyStatementPayment(tx, {
        statementId: seq,
        amount: 15_000,
        idemKey: `test:paid:${seq}`,
        via: 'transfer',
        note: '현금 입금 (시험)',
      }),
    );
    expect((await statementOf(server, seq)).status).toBe('paid');
    const before = toss.calls.length;
    expect(await issueStatementAccount(server.db, virtualAccountsFromConfig(server.ctx!.config), seq)).toBeNull();
    expect(await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq))).toEqual([]);
    expect(toss.calls.length).toBe(before);
  });

  it("issued before and the key's answer forgotten (15 days on): DUPLICATED_ORDER_ID, and the account is read back", async () => {
    const { seq, row, provider } = await issueLostThenForgotten('재조회정비', 13_000);
    const before = toss.calls.length;
    const opened = await issueStatementAccount(server.db, provider, seq);
    const atToss = [...toss.payments.values()].filter((p) => p.orderId === row.orderId);
    expect(atToss).toHaveLength(1);
    expect(opened).toMatchObject({
      status: 'open',
      orderId: row.orderId,
      accountNumber: atToss[0]!.virtualAccount!.accountNumber,
      secret: atToss[0]!.secret,
    });
    expect(toss.calls.slice(before).map((x) => `${x.method} ${x.path}`)).toEqual([
      'POST /v1/virtual-accounts',
      `GET /v1/payments/orders/${row.orderId}`,
    ]);
  });

  it.each([
    ['of another amount', 0, { totalAmount: 17_001 }],
    ['cancelled', 1, { status: 'CANCELED' }],
    ['without its deposit secret', 2, { secret: null }],
  ])("an account read back %s is not taken as the statement's: the try is marked failed", async (_, i, change) => {
    const { seq, row, provider } = await issueLostThenForgotten(`재조회거절${i}`, 17_000);
    Object.assign(
      [...toss.payments.values()].find((p) => p.orderId === row.orderId)!,
      change,
    );
    await expect(issueStatementAccount(server.db, provider, seq)).rejects.toThrow(/UNEXPECTED_ANSWER/);
    const rows = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
    expect(rows.map((r) => [r.status, r.failure?.split(' ')[0]])).toEqual([['failed', 'UNEXPECTED_ANSWER']]);
    expect((await statementOf(server, seq)).vaAccountNumber).toBeNull();
  });

  /** Two payStatement asks at once, the first held at Toss until the second has been answered 409 there. */
  const askTwiceAtOnce = async (name: string, amount: number) => {
    const c = await makeCompany(server, name, 0);
    await giveCredit(server, c.companyId);
    const seq = await makeStatement(server, c.companyId, '2026-10', amount, '2026-11-10');
    const token = (await createSession(server.db, c.main.seq)).token;
    const pay = () => call(server, 'payStatement', { seq, method: 'virtualAccount' }, { token });
    const issues = () => toss.calls.filter((x) => x.path === '/v1/virtual-accounts').length;
    const issuesBefore = issues();
    const held = toss.holdIssues();
    let first: ReturnType<typeof pay>;
    let second: ReturnType<typeof pay>;
    try {
      first = pay();
      await until('the first issue at Toss', async () => held.arrived() === 1);
      // Toss is still working on the first: the same orderId and key answer 409 IDEMPOTENT_REQUEST_PROCESSING.
      second = pay();
      await until('the second issue answered 409', async () => issues() === issuesBefore + 2);
    } finally {
      held.release();
    }
    return { seq, pay, first: await first, second: await second };
  };
  const accountNumberOf = (answer: { body: { results?: unknown } }) =>
    (answer.body.results as { virtualAccount: { accountNumber: string } }).virtualAccount.accountNumber;

  it("asked twice at once (a double click, or the click beside the close's job): one account at Toss, both asks shown it", async () => {
    const { seq, pay, first, second } = await askTwiceAtOnce('동시발급정비', 16_000);
    // The second waited for the first instead of answering 'try again' while the account was being issued.
    expect([first.status, first.body.message]).toEqual([200, MSG_DEPOSIT.accountIssued]);
    expect([second.status, second.body.message]).toEqual([200, MSG_DEPOSIT.accountIssued]);
    const rows = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
    expect(rows.map((r) => r.status)).toEqual(['open']);
    const atToss = [...toss.payments.values()].filter((p) => p.orderId.startsWith(`stm-${seq}-`));
    expect(atToss.map((p) => p.virtualAccount!.accountNumber)).toEqual([rows[0]!.accountNumber]);
    expect(accountNumberOf(first)).toBe(rows[0]!.accountNumber);
    expect(accountNumberOf(second)).toBe(rows[0]!.accountNumber);
    expect((await statementOf(server, seq)).vaAccountNumber).toBe(rows[0]!.accountNumber);
    // Asked again once open: the same account, and Toss is asked nothing.
    const callsBefore = toss.calls.length;
    const third = await pay();
    expect(accountNumberOf(third)).toBe(rows[0]!.accountNumber);
    expect(toss.calls.length).toBe(callsBefore);
  });

  it('waits only so long: the first ask still unanswered at Toss, the second gives up and changes nothing', async () => {
    const c = await makeCompany(server, '발급대기정비', 0);
    await giveCredit(server, c.companyId);
    const seq = await makeStatement(server, c.companyId, '2026-10', 16_200, '2026-11-10');
    const token = (await createSession(server.db, c.main.seq)).token;
    const provider = virtualAccountsFromConfig(server.ctx!.config);
    const pay = () => call(server, 'payStatement', { seq, method: 'virtualAccount' }, { token });
    const held = toss.holdIssues();
    let first: ReturnType<typeof pay>;
    try {
      first = pay();
      await until('the first issue at Toss', async () => held.arrived() === 1);
      await expect(issueStatementAccount(server.db, provider, seq, new Date(), 100)).rejects.toThrow(
        /IDEMPOTENT_REQUEST_PROCESSING/,
      );
      const rows = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
      expect(rows.map((r) => [r.status, r.accountNumber])).toEqual([['issuing', '']]);
    } finally {
      held.release();
    }
    // Whatever the first came to (answered, or past this server's Toss timeout), the next ask
    // shows the one account Toss issued for the orderId.
    await first;
    const again = await pay();
    expect([again.status, again.body.message]).toEqual([200, MSG_DEPOSIT.accountIssued]);
    const rows = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
    expect(rows.map((r) => r.status)).toEqual(['open']);
    const atToss = [...toss.payments.values()].filter((p) => p.orderId.startsWith(`stm-${seq}-`));
    expect(atToss.map((p) => p.virtualAccount!.accountNumber)).toEqual([rows[0]!.accountNumber]);
  });

  it('asked twice at once and Toss refuses the first: the waiting second stops waiting, neither opens an account', async () => {
    toss.onIssue({ kind: 'refuse', status: 400, code: 'INVALID_BANK', message: '유효하지 않은 은행입니다.' });
    const { seq, first, second } = await askTwiceAtOnce('동시발급거절정비', 16_500);
    expect([first.status, first.body.message]).toEqual([503, MSG_DEPOSIT.accountUnavailable]);
    expect([second.status, second.body.message]).toEqual([503, MSG_DEPOSIT.accountUnavailable]);
    const rows = await server.db.select().from(statementAccounts).where(eq(statementAccounts.statementId, seq));
    expect(rows.map((r) => [r.status, r.failure?.split(' ')[0]])).toEqual([['failed', 'INVALID_BANK']]);
    expect((await statementOf(server, seq)).vaAccountNumber).toBeNull();
  });
});

describe('the DEPOSIT_CALLBACK webhook', () => {
  it('sent seven times (Toss retries), the deposit is stored and applied once', async () => {
    const { company, seq, account } = await statementWithAccount('재전송정비');
    const body = toss.depositInto(account.orderId);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await webhook(body));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(answers[0]!.body).toMatchObject({
      message: MSG_DEPOSIT.webhookStored,
      results: { orderId: account.orderId, status: 'received', repeated: false },
    });
    expect(answers[6]!.body).toMatchObject({ message: MSG_DEPOSIT.webhookRepeated, results: { repeated: true } });
    await until('applied', async () => (await statementOf(server, seq)).status === 'paid');
    expect(await server.db.select().from(depositEvents).where(eq(depositEvents.accountId, account.id))).toHaveLength(1);
    const rows = await server.db.select().from(deposits).where(eq(deposits.companyId, company.companyId));
    // The company paid in: the account is in the shop's name, its depositor is the company's.
    expect(rows.map((d) => [d.source, d.status, d.amount, d.sourceKey, d.depositorName])).toEqual([
      ['virtual_account', 'applied', 55_000, `toss:${body.transactionKey}`, '재전송정비상사'],
    ]);
    expect(await owed(server, company.companyId)).toBe(0);
  });

  it('a forged secret: 400 in Korean, nothing stored', async () => {
    const { seq, account } = await statementWithAccount('위조정비');
    const body = { ...toss.depositInto(account.orderId), secret: 'ps_forged_secret_of_the_right_len' };
    const res = await webhook(body);
    expect(res.status).toBe(400);
    expect(res.body!.message).toBe(MSG_DEPOSIT.webhookSecret);
    const noSecret = await webhook({ ...body, secret: '' });
    expect(noSecret.status).toBe(400);
    expect(await server.db.select().from(depositEvents).where(eq(depositEvents.accountId, account.id))).toEqual([]);
    expect((await statementOf(server, seq)).status).toBe('unpaid');
  });

  it('for an account whose issue was never answered (no secret stored yet): refused until the account is opened', async () => {
    const { seq, row, provider } = await issueLostThenForgotten('미발급입금정비', 18_000);
    const body = toss.depositInto(row.orderId); // Toss's own secret, which the shop has not heard yet
    const early = await webhook(body);
    expect([early.status, early.body!.message]).toEqual([400, MSG_DEPOSIT.webhookSecret]);
    expect(await server.db.select().from(depositEvents).where(eq(depositEvents.accountId, row.id))).toEqual([]);
    // The job's retry reads the account back; Toss's next delivery of the same callback is then taken.
    await issueStatementAccount(server.db, provider, seq);
    const retried = await webhook(body);
    expect([retried.status, retried.body!.message]).toEqual([200, MSG_DEPOSIT.webhookStored]);
    await until('applied', async () => (await statementOf(server, seq)).status === 'paid');
  });

  it("a callback without a secret is no statement's deposit: nothing stored, nothing applied", async () => {
    const { seq, account } = await statementWithAccount('무비밀정비');
    const { secret: _secret, ...withoutSecret } = toss.depositInto(account.orderId);
    const res = await webhook(withoutSecret);
    expect(res.status).toBe(200);
    expect((res.body!.results as { status: string }).status).toBe('unknown');
    expect(await server.db.select().from(depositEvents).where(eq(depositEvents.accountId, account.id))).toEqual([]);
    expect((await statementOf(server, seq)).status).toBe('unpaid');
  });

  it('taken back (DONE → WAITING_FOR_DEPOSIT): un-applied; a late DONE changes nothing; a new deposit applies again', async () => {
    const { company, seq, account } = await statementWithAccount('취소정비');
    const t0 = Date.now();
    const done = toss.depositInto(account.orderId, { createdAt: tossTime(t0) });
    expect((await webhook(done)).status).toBe(200);
    await until('applied', async () => (await statementOf(server, seq)).status === 'paid');

    const back = toss.depositInto(account.orderId, {
      back: true,
      createdAt: tossTime(t0, 60),
      transactionKey: done.transactionKey,
    });
    expect((await webhook(back)).status).toBe(200);
    await until('un-applied', async () => (await statementOf(server, seq)).status === 'unpaid');
    expect(await owed(server, company.companyId)).toBe(55_000);

    // The DONE of t0 delivered again after the reversal of a minute later (a retry arriving late): repeated.
    const late = await webhook(done);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ results: { repeated: true } });
    // A DONE of another transaction stamped before the reversal: stored, changes nothing.
    const stale = { ...done, transactionKey: 'tx_stale_before_reversal', createdAt: tossTime(t0, 10) };
    const staleAnswer = await webhook(stale);
    expect(staleAnswer.status).toBe(200);
    expect(staleAnswer.body).toMatchObject({ message: MSG_DEPOSIT.webhookLate, results: { repeated: false } });
    expect((await statementOf(server, seq)).status).toBe('unpaid');

    const again = toss.depositInto(account.orderId, { createdAt: tossTime(t0, 120) });
    expect((await webhook(again)).status).toBe(200);
    await until('applied again', async () => (await statementOf(server, seq)).status === 'paid');
    const rows = await server.db.select().from(deposits).where(eq(deposits.companyId, company.companyId));
    expect(rows.map((d) => [d.sourceKey, d.status])).toEqual([
      [`toss:${done.transactionKey}`, 'reversed'],
      [`toss:${again.transactionKey}`, 'applied'],
    ]);
    expect(await ledgerOfDeposit(server, rows[0]!.id)).toEqual([
      { kind: 'payment', statementId: seq, amount: -55_000 },
      { kind: 'payment_reversal', statementId: seq, amount: 55_000 },
    ]);
    expect(await owed(server, company.companyId)).toBe(0);
    await expectStatementsMatchLedger(server);
  });

  it("a createdAt that is no possible time of the account's event is stored as the moment it arrived, never a 500", async () => {
    const { seq, account } = await statementWithAccount('시각오류정비');
    const inputs = [
      '-271821-04-20T00:00:00Z', // JavaScript's first day: a year the database cannot keep
      '+275760-09-13T00:00:00Z', // and its last
      '0001-01-01T00:00:00+14:00', // the database's own range left by the offset
      '2026-02-30T25:61:61', // off the calendar and the clock (JavaScript rolled it into March)
      '0000-01-01T00:00:00', // year 0 (Date.UTC read it as 1900)
      '2026-01-01T09:00:00', // a real time, before the account was opened
      tossTime(Date.now(), 3600), // an hour ahead of the shop's clock
    ];
    for (const [i, createdAt] of inputs.entries()) {
      const transactionKey = `tx_time_${i}_${account.id}`;
      const before = Date.now();
      const res = await webhook(toss.depositInto(account.orderId, { createdAt, transactionKey }));
      const after = Date.now();
      expect([createdAt, res.status, res.body!.message]).toEqual([createdAt, 200, MSG_DEPOSIT.webhookStored]);
      const [event] = await server.db
        .select()
        .from(depositEvents)
        .where(and(eq(depositEvents.accountId, account.id), eq(depositEvents.transactionKey, transactionKey)));
      expect(event!.eventAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(event!.eventAt.getTime()).toBeLessThanOrEqual(after);
    }
    await until('applied', async () => (await statementOf(server, seq)).status === 'paid');
    // Five minutes of clock skew either way is Toss's own time, kept as stamped.
    const skewed = toss.depositInto(account.orderId, { createdAt: tossTime(Date.now(), 4 * 60) });
    expect((await webhook(skewed)).status).toBe(200);
    const [kept] = await server.db
      .select()
      .from(depositEvents)
      .where(and(eq(depositEvents.accountId, account.id), eq(depositEvents.transactionKey, skewed.transactionKey)));
    expect(kept!.eventAt.toISOString()).toBe(new Date(`${skewed.createdAt.slice(0, 23)}+09:00`).toISOString());
  });

  it('a take-back stamped 9999-12-31 is placed at its arrival: the next real deposit is not late, and stands', async () => {
    const { company, seq, account } = await statementWithAccount('먼미래정비');
    const done = toss.depositInto(account.orderId, { createdAt: tossTime(Date.now()) });
    expect((await webhook(done)).status).toBe(200);
    await until('applied', async () => (await statementOf(server, seq)).status === 'paid');
    const back = toss.depositInto(account.orderId, {
      back: true,
      createdAt: '9999-12-31T00:00:00',
      transactionKey: done.transactionKey,
    });
    const backAnswer = await webhook(back);
    expect([backAnswer.status, backAnswer.body!.message]).toEqual([200, MSG_DEPOSIT.webhookStored]);
    await until('un-applied', async () => (await statementOf(server, seq)).status === 'unpaid');
    const again = toss.depositInto(account.orderId, { createdAt: tossTime(Date.now(), 1) });
    const answer = await webhook(again);
    expect([answer.status, answer.body!.message]).toEqual([200, MSG_DEPOSIT.webhookStored]);
    await until('applied again', async () => (await statementOf(server, seq)).status === 'paid');
    const rows = await server.db.select().from(deposits).where(eq(deposits.companyId, company.companyId));
    expect(rows.map((d) => [d.sourceKey, d.status])).toEqual([
      [`toss:${done.transactionKey}`, 'reversed'],
      [`toss:${again.transactionKey}`, 'applied'],
    ]);
    expect(await owed(server, company.companyId)).toBe(0);
    await expectStatementsMatchLedger(server);
  });

  /**
   * The bank took the first deposit (t0) back a minute later and the buyer paid again two minutes
   * after t0; Toss's take-back callback failed once and its retry arrives after the second deposit's,
   * which went to cash (the statement was paid then). `spend` won of the cash is spent on an order before the take-back arrives.
   */
  async function takeBackAfterNextDeposit(label: string, spend: number) {
    const { company, seq, account } = await statementWithAccount(label);
    const t0 = Date.now();
    const first = toss.depositInto(account.orderId, { createdAt: tossTime(t0) });
    expect((await webhook(first)).status).toBe(200);
    await until('applied', async () => (await statementOf(server, seq)).status === 'paid');
    const cashBefore = await balanceOf(server, company.companyId);
    const second = toss.depositInto(account.orderId, { createdAt: tossTime(t0, 120) });
    const back = toss.depositInto(account.orderId, {
      back: true,
      createdAt: tossTime(t0, 60),
      transactionKey: first.transactionKey,
    });
    expect((await webhook(second)).status).toBe(200);
    const byKey = async () => new Map((await depositsOf(server, company.companyId)).map((d) => [d.sourceKey, d]));
    await until('second recorded', async () => (await byKey()).has(`toss:${second.transactionKey}`));
    expect((await byKey()).get(`toss:${second.transactionKey}`)).toMatchObject({ toCash: 55_000, rung: 'none' });
    if (spend > 0) {
      const token = (await createSession(server.db, company.main.seq)).token;
      const product = await makeProduct(server, { tiers: [spend, spend, spend, spend], salePrice: spend, stock: 1 });
      expect((await placeOrder(server, token, [{ productId: product.id, qty: 1 }])).body.code).toBe(201);
    }
    const late = await webhook(back);
    expect([late.status, late.body]).toMatchObject([
      200,
      { message: MSG_DEPOSIT.webhookLate, results: { repeated: false } },
    ]);
    await until('first undone', async () => (await byKey()).get(`toss:${first.transactionKey}`)?.status === 'reversed');
    const rows = await byKey();
    return {
      t0,
      company,
      seq,
      account,
      cashBefore,
      first: rows.get(`toss:${first.transactionKey}`)!,
      second: rows.get(`toss:${second.transactionKey}`)!,
    };
  }

  it('a take-back that reaches the shop after the next deposit: the first is undone, the next one pays the statement from cash', async () => {
    const { t0, company, seq, account, cashBefore, first, second } = await takeBackAfterNextDeposit('역순정비', 0);
    expect([first.status, second.status]).toEqual(['reversed', 'applied']);
    // The buyer paid once: the second deposit, meant for this statement, pays it; its cash is moved.
    expect(await statementOf(server, seq)).toMatchObject({ status: 'paid', paid: 55_000 });
    expect(await owed(server, company.companyId)).toBe(0);
    expect(await balanceOf(server, company.companyId)).toBe(cashBefore);
    expect([second.toCash, second.rung]).toEqual([0, 'ownAccount']);
    expect(await ledgerOfDeposit(server, second.id)).toEqual([{ kind: 'payment', statementId: seq, amount: -55_000 }]);
    await expectStatementsMatchLedger(server);
    // The buyer's 캐시 원장: the deposit's top-up, then its move onto the statement, named as such.
    const token = (await createSession(server.db, company.main.seq)).token;
    const ledger = await call(server, 'getCashLedger', { page: 1, size: 2 }, { token });
    expect(ledger.body.results!.map((r) => [r.type, r.typeLabel, r.amount, r.note])).toEqual([
      [
        'statement_payment',
        '명세서 결제',
        -55_000,
        `입금 #${second.id}: 취소된 입금 #${first.id} 대신 명세서 결제로 옮긴 55,000원`,
      ],
      ['point', '캐시 충전', 55_000, expect.stringContaining(`입금 #${second.id}`)],
    ]);

    // The bank takes the second back too: its payment is undone, and no cash is taken (none is left of it).
    const secondBack = toss.depositInto(account.orderId, {
      back: true,
      createdAt: tossTime(t0, 180),
      transactionKey: second.sourceKey.replace(/^toss:/, ''),
    });
    expect((await webhook(secondBack)).status).toBe(200);
    await until('second undone', async () => (await statementOf(server, seq)).status === 'unpaid');
    expect(await owed(server, company.companyId)).toBe(55_000);
    expect(await balanceOf(server, company.companyId)).toBe(cashBefore);
    expect(await ledgerOfDeposit(server, second.id)).toEqual([
      { kind: 'payment', statementId: seq, amount: -55_000 },
      { kind: 'payment_reversal', statementId: seq, amount: 55_000 },
    ]);
    await expectStatementsMatchLedger(server);
  });

  it("the next deposit's cash partly spent before the take-back arrives: what is left pays, the rest stays owed", async () => {
    const { company, seq, cashBefore, second } = await takeBackAfterNextDeposit('역순지출정비', 20_000);
    // 55,000 in cash, 20,000 spent on an order: 35,000 moves onto the statement, 20,000 is owed again.
    expect(await statementOf(server, seq)).toMatchObject({ status: 'partial', paid: 35_000 });
    expect(await owed(server, company.companyId)).toBe(20_000);
    expect(await balanceOf(server, company.companyId)).toBe(cashBefore);
    expect([second.toCash, second.rung]).toEqual([20_000, 'ownAccount']);
    expect(await ledgerOfDeposit(server, second.id)).toEqual([{ kind: 'payment', statementId: seq, amount: -35_000 }]);
    await expectStatementsMatchLedger(server);
  });

  // Acknowledged at once: the answer waits for nothing outside the shop (the 50 ms p95 is a benchmark's
  // figure, not a test's on a shared machine): with the Toss API down, every callback is still stored.
  it('answers without asking Toss anything: 30 callbacks stored while the Toss API is down', async () => {
    const accounts = await Promise.all(Array.from({ length: 3 }, (_, i) => statementWithAccount(`빠른응답${i}`)));
    toss.onFetch({ kind: 'down' });
    toss.onIssue({ kind: 'down' });
    const callsBefore = toss.calls.length;
    try {
      for (let i = 0; i < 30; i++) {
        const { account } = accounts[i % 3]!;
        const res = await webhook(toss.depositInto(account.orderId, { transactionKey: `tx_speed_${i}` }));
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ message: MSG_DEPOSIT.webhookStored, results: { repeated: false } });
      }
    } finally {
      toss.onFetch({ kind: 'normal' });
    }
    expect(toss.calls.length).toBe(callsBefore);
    for (const { account } of accounts)
      expect(await server.db.select().from(depositEvents).where(eq(depositEvents.accountId, account.id))).toHaveLength(
        10,
      );
  });
});
