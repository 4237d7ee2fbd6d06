import { createHmac } from 'node:crypto';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MEMBER } from '@partsmall/contract';
import { cashLedger, companies, members, payments } from '../../src/db/schema.js';
import { createSandboxGateway, virtualAccount } from '../../src/features/payments/sandbox.js';
import { confirmPayment, startPayment } from '../../src/features/payments/service.js';
import { licenseDaysLeft, seoulNow } from '../../src/shared/time.js';
import { call, loginAs, nextEvent, rawCall, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany } from '../member-helpers.js';
import { seoulToday } from '../order-helpers.js';
import { NO_SUBSCRIBERS } from '../../src/shared/events.js';

/**
 * Cash top-ups and licence purchases through the sandbox gateway (docs/requirements.md#payments):
 * amount rules, the gateway page, signed confirmations that credit exactly once, declines and
 * abandoned payments that never credit, licence days, histories.
 */
const SECRET = 'payments-test-secret';

let server: TestServer;
let demo: string;
let sub: string;
let other: string;
let demoCompanyId: number;
let otherCompanyId: number;

const DAY = 86_400_000;
const sign = (paymentId: string, amount: number, status: string) =>
  createHmac('sha256', SECRET).update(`${paymentId}:${amount}:${status}`).digest('hex');

interface Started {
  online_url: string;
  results: { online_url: string; paymentId: string };
}

async function startCash(token: string, amount: unknown, pgcode = 'creditcard') {
  const res = await call<Started['results']>(
    server,
    'POST',
    'payCenter/showCashPaymentWinow',
    { pgcode, amount },
    token,
  );
  return res as typeof res & { body: { online_url?: string } };
}

async function startedId(token: string, amount: number, pgcode = 'creditcard'): Promise<string> {
  const res = await startCash(token, amount, pgcode);
  expect(res.body.code).toBe(200);
  return res.body.results!.paymentId;
}

function callback(body: Record<string, unknown>) {
  return call<{ paymentId: string; status: string; repeated: boolean }>(server, 'POST', 'payCenter/callback', body);
}

/** The key the sandbox page's link carries (HMAC of the payment id with the sandbox secret). */
const pageKey = (paymentId: string) => createHmac('sha256', SECRET).update(`page:${paymentId}`).digest('base64url');
const pagePath = (paymentId: string) => `payCenter/sandbox/${paymentId}?key=${pageKey(paymentId)}`;

const confirmPaid = (paymentId: string, amount: number) =>
  callback({ paymentId, amount, status: 'paid', signature: sign(paymentId, amount, 'paid') });

async function company(id: number) {
  const [row] = await server.db.select().from(companies).where(eq(companies.id, id));
  return row!;
}
async function ledgerRows(companyId: number) {
  const [row] = await server.db.select({ n: count() }).from(cashLedger).where(eq(cashLedger.companyId, companyId));
  return Number(row!.n);
}
async function paymentRow(paymentId: string) {
  const [row] = await server.db.select().from(payments).where(eq(payments.gatewayId, paymentId));
  return row!;
}
async function paymentCount() {
  const [row] = await server.db.select({ n: count() }).from(payments);
  return Number(row!.n);
}
/** The sandbox page's buttons: a plain form post. */
function press(paymentId: string, action: string) {
  return rawCall(server, 'POST', `payCenter/sandbox/${paymentId}/${action}?key=${pageKey(paymentId)}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
}

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENT_SANDBOX_SECRET: SECRET } });
  [demo, sub, other] = await Promise.all([
    loginAs(server, 'demo@partsmall.kr', 'demo1234'),
    loginAs(server, 'sub@partsmall.kr', 'demo1234'),
    loginAs(server, 'other@partsmall.kr', 'demo1234'),
  ]);
  const [d] = await server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  const [o] = await server.db.select().from(members).where(eq(members.loginId, 'other@partsmall.kr'));
  demoCompanyId = d!.companyId!;
  otherCompanyId = o!.companyId!;
});
afterAll(async () => {
  await server?.close();
});

describe('starting a cash top-up', () => {
  it('refuses every bad amount with its Korean message and stores nothing', async () => {
    const before = await paymentCount();
    const cases: [unknown, string][] = [
      [undefined, MSG_MEMBER.amountRequired],
      ['', MSG_MEMBER.amountRequired],
      [null, MSG_MEMBER.amountRequired],
      [999, MSG_MEMBER.amountMin],
      ['999', MSG_MEMBER.amountMin],
      [0, MSG_MEMBER.amountMin],
      [-5000, MSG_MEMBER.amountMin],
      [10_000_001, MSG_MEMBER.amountMax],
      ['99999999999', MSG_MEMBER.amountMax],
      ['50,000', MSG_MEMBER.amountDigits],
      ['1000.5', MSG_MEMBER.amountDigits],
      [1000.5, MSG_MEMBER.amountDigits],
      ['5만원', MSG_MEMBER.amountDigits],
      ['abc', MSG_MEMBER.amountDigits],
      ['01000', MSG_MEMBER.amountDigits],
      ['1e4', MSG_MEMBER.amountDigits],
      [' 5000', MSG_MEMBER.amountDigits],
      [true, MSG_MEMBER.amountDigits],
      [[5000], MSG_MEMBER.amountDigits],
    ];
    for (const [amount, message] of cases) {
      const res = await startCash(demo, amount);
      expect([res.status, res.body.code, res.body.message, res.body.field], JSON.stringify(amount)).toEqual([
        400,
        400,
        message,
        'amount',
      ]);
    }
    for (const pgcode of ['', 'cash', 'manager', undefined]) {
      const res = await call(server, 'POST', 'payCenter/showCashPaymentWinow', { pgcode, amount: 5000 }, demo);
      expect([res.status, res.body.message]).toEqual([400, MSG_MEMBER.pgcodeRequired]);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('accepts the bounds, as numbers or digit strings, and stores a pending payment with the product name', async () => {
    for (const amount of [1000, '10000000']) expect((await startCash(demo, amount)).body.code).toBe(200);
    const res = await startCash(demo, '50000');
    expect(res.body).toMatchObject({ code: 200, message: MSG_MEMBER.paymentWindowReady });
    const { paymentId, online_url } = res.body.results!;
    expect(res.body.online_url).toBe(online_url);
    expect(online_url).toBe(`${server.base}/${pagePath(paymentId)}`);
    expect(paymentId).toMatch(/^sbx_[0-9a-f]{32}$/);
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({
      companyId: demoCompanyId,
      kind: 'point',
      pgcode: 'creditcard',
      amount: 50_000,
      productName: '캐시 충전 50,000원',
      status: 'pending',
      provider: 'sandbox',
    });
  });

  it('the gateway payment id is UNIQUE in the table', async () => {
    const paymentId = await startedId(demo, 2000);
    const row = await paymentRow(paymentId);
    const { id: _id, ...copy } = row;
    await expect(server.db.insert(payments).values(copy)).rejects.toThrow();
  });
});

describe('the sandbox page', () => {
  it('card: shows the amount with approve and decline buttons, no external script, closes after the result', async () => {
    const paymentId = await startedId(demo, 12_000);
    const page = await rawCall(server, 'GET', pagePath(paymentId));
    expect(page.status).toBe(200);
    expect(page.text).toContain('12,000원');
    expect(page.text).toContain('캐시 충전 12,000원');
    expect(page.text).toContain(`action="/payCenter/sandbox/${paymentId}/approve?key=${pageKey(paymentId)}"`);
    expect(page.text).toContain(`action="/payCenter/sandbox/${paymentId}/decline?key=${pageKey(paymentId)}"`);
    expect(page.text).toContain('>승인<');
    expect(page.text).toContain('>거절<');
    expect(page.text).not.toMatch(/<script[^>]+src=/);
    expect(page.text).not.toMatch(/https?:\/\//);
    const res = await fetch(`${server.base}/${pagePath(paymentId)}`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('unknown page ids answer a Korean 404 page', async () => {
    const page = await rawCall(server, 'GET', pagePath('sbx_nope'));
    expect([page.status, page.text.includes(MSG_MEMBER.paymentNotFound)]).toEqual([404, true]);
    expect((await press('sbx_nope', 'approve')).status).toBe(404);
  });

  it('approving credits the balance once, writes a point ledger row, shows the result and closes in 1.5 s', async () => {
    const before = await company(demoCompanyId);
    const rowsBefore = await ledgerRows(demoCompanyId);
    const paymentId = await startedId(demo, 30_000);
    expect((await company(demoCompanyId)).point).toBe(before.point);
    const done = await press(paymentId, 'approve');
    expect(done.status).toBe(200);
    expect(done.text).toContain('결제가 완료되었습니다.');
    expect(done.text).toContain('window.close()');
    expect(done.text).toContain('1500');
    expect((await company(demoCompanyId)).point).toBe(before.point + 30_000);
    expect(await ledgerRows(demoCompanyId)).toBe(rowsBefore + 1);
    const [ledger] = await server.db
      .select()
      .from(cashLedger)
      .where(like(cashLedger.note, `%결제 #${(await paymentRow(paymentId)).id})`));
    expect(ledger).toMatchObject({ type: 'point', amount: 30_000, balanceAfter: before.point + 30_000 });
    // The row names who paid: the member who opened the window.
    const [payer] = await server.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.loginId, 'demo@partsmall.kr'));
    expect([ledger!.memberId, (await paymentRow(paymentId)).memberId]).toEqual([payer!.id, payer!.id]);
    // Pressing again (a reload, a second tab) changes nothing.
    expect((await press(paymentId, 'approve')).text).toContain('결제가 완료되었습니다.');
    expect((await company(demoCompanyId)).point).toBe(before.point + 30_000);
    const page = await rawCall(server, 'GET', pagePath(paymentId));
    expect(page.text).toContain('결제가 완료되었습니다.');
    expect(page.text).not.toContain('>승인<');
  });

  it('a declined card changes nothing, and a later approval of it is refused', async () => {
    const before = await company(demoCompanyId);
    const rowsBefore = await ledgerRows(demoCompanyId);
    const paymentId = await startedId(demo, 40_000);
    const declined = await press(paymentId, 'decline');
    expect([
      declined.status,
      declined.text.includes('결제가 거절되었습니다.'),
      declined.text.includes('window.close()'),
    ]).toEqual([200, true, true]);
    expect((await paymentRow(paymentId)).status).toBe('declined');
    const late = await confirmPaid(paymentId, 40_000);
    expect([late.status, late.body.message]).toEqual([409, MSG_MEMBER.paymentConflict]);
    expect((await press(paymentId, 'approve')).status).toBe(409);
    expect((await company(demoCompanyId)).point).toBe(before.point);
    expect(await ledgerRows(demoCompanyId)).toBe(rowsBefore);
    expect((await paymentRow(paymentId)).status).toBe('declined');
  });

  it('bank transfer: a virtual account and a deposit button; nothing is credited until the deposit', async () => {
    const before = await company(demoCompanyId);
    const paymentId = await startedId(demo, 70_000, 'banktransfer');
    const page = await rawCall(server, 'GET', pagePath(paymentId));
    expect(page.text).toContain('입금하기');
    expect(page.text).toMatch(/\d{3}-\d{6}-\d{3}/);
    expect(page.text).toMatch(/(신한|국민|우리|하나|농협)은행/);
    expect(page.text).toContain('70,000원');
    expect(page.text).not.toContain('>승인<');
    // The card's button does not exist for a transfer.
    expect((await press(paymentId, 'approve')).status).toBe(400);
    expect((await company(demoCompanyId)).point).toBe(before.point);
    expect((await paymentRow(paymentId)).status).toBe('pending');
    const deposited = await press(paymentId, 'deposit');
    expect(deposited.text).toContain('결제가 완료되었습니다.');
    expect((await company(demoCompanyId)).point).toBe(before.point + 70_000);
    expect((await paymentRow(paymentId)).pgcode).toBe('banktransfer');
  });

  it('an abandoned payment never credits', async () => {
    const before = await company(otherCompanyId);
    const paymentId = await startedId(other, 9000);
    await rawCall(server, 'GET', pagePath(paymentId));
    expect((await paymentRow(paymentId)).status).toBe('pending');
    expect((await company(otherCompanyId)).point).toBe(before.point);
    const history = await call(server, 'mallCashPaymentInfo', { page: 1, size: 15 }, { token: other });
    expect(history.body.results!.some((r) => r.amount === 9000)).toBe(false);
  });
});

describe("the sandbox's virtual account past its due date (72 hours after the start)", () => {
  const HOUR = 3_600_000;
  const EXPIRED = '입금 기한이 지나 가상계좌가 만료되었습니다. 결제하려면 다시 신청해 주세요.';
  /** A transfer of `amount` started `age` ms ago (its row written back that far). */
  async function agedTransfer(token: string, amount: number, age: number) {
    const paymentId = await startedId(token, amount, 'banktransfer');
    const createdAt = new Date(Date.now() - age);
    await server.db.update(payments).set({ createdAt }).where(eq(payments.gatewayId, paymentId));
    return { paymentId, createdAt };
  }
  const pending = async (token: string) =>
    (await call(server, 'mallPendingTransfers', {}, { token })).body.results!.map((t) => t.paymentId);

  it('the page offers the deposit until the due time; after it, says the account expired and offers none', async () => {
    const open = await agedTransfer(demo, 8000, 72 * HOUR - 60_000);
    const lapsed = await agedTransfer(demo, 8000, 72 * HOUR + 5_000);
    const openPage = await rawCall(server, 'GET', pagePath(open.paymentId));
    expect([openPage.status, openPage.text.includes('>입금하기<'), openPage.text.includes(EXPIRED)]).toEqual([
      200,
      true,
      false,
    ]);
    const lapsedPage = await rawCall(server, 'GET', pagePath(lapsed.paymentId));
    expect([lapsedPage.status, lapsedPage.text.includes('>입금하기<'), lapsedPage.text.includes(EXPIRED)]).toEqual([
      200,
      false,
      true,
    ]);
    expect(lapsedPage.text).not.toContain('<form');
    // The due time it passed is still shown, as the member area's list had it.
    expect(lapsedPage.text).toContain('입금 기한');
    // The member area lists the same one as waiting, and not the other.
    const listed = await pending(demo);
    expect([listed.includes(open.paymentId), listed.includes(lapsed.paymentId)]).toEqual([true, false]);
  });

  it('pressing deposit after the due time credits nothing and declines the payment; a minute before it, credits once', async () => {
    const before = await company(demoCompanyId);
    const rowsBefore = await ledgerRows(demoCompanyId);
    const lapsed = await agedTransfer(demo, 8000, 72 * HOUR + 5_000);
    const refused = await press(lapsed.paymentId, 'deposit');
    expect([refused.status, refused.text.includes(EXPIRED), refused.text.includes('결제가 완료되었습니다.')]).toEqual([
      409,
      true,
      false,
    ]);
    expect((await paymentRow(lapsed.paymentId)).status).toBe('declined');
    expect((await company(demoCompanyId)).point).toBe(before.point);
    expect(await ledgerRows(demoCompanyId)).toBe(rowsBefore);
    // Pressed again, or a signed confirmation sent for it: still nothing, and it says why.
    expect((await press(lapsed.paymentId, 'deposit')).text).toContain(EXPIRED);
    const signed = await confirmPaid(lapsed.paymentId, 8000);
    expect([signed.status, signed.body.message]).toEqual([409, EXPIRED]);
    // Opened again, its page still shows where and by when it was to be paid, without a button.
    const reopened = await rawCall(server, 'GET', pagePath(lapsed.paymentId));
    const { bank, account } = virtualAccount(lapsed.paymentId);
    const due = seoulNow(new Date(lapsed.createdAt.getTime() + 72 * HOUR)).format('YYYY-MM-DD HH:mm');
    for (const shown of [EXPIRED, bank, account, '8,000원', '입금 기한', due])
      expect(reopened.text, shown).toContain(shown);
    expect(reopened.text).not.toContain('<form');
    expect(reopened.text).not.toContain('잠시 후 창이 닫힙니다.');
    expect((await company(demoCompanyId)).point).toBe(before.point);
    expect(await ledgerRows(demoCompanyId)).toBe(rowsBefore);

    // A signed confirmation of another lapsed transfer, without its page: declined, nothing credited,
    // answered 409 with why; its page then shows its account as expired.
    const other = await agedTransfer(demo, 9000, 100 * HOUR);
    const declined = await confirmPaid(other.paymentId, 9000);
    expect([declined.status, declined.body.message]).toEqual([409, EXPIRED]);
    expect((await paymentRow(other.paymentId)).status).toBe('declined');
    expect((await company(demoCompanyId)).point).toBe(before.point);
    const otherPage = await rawCall(server, 'GET', pagePath(other.paymentId));
    expect([otherPage.status, otherPage.text.includes(EXPIRED), otherPage.text.includes('9,000원')]).toEqual([
      200,
      true,
      true,
    ]);

    const open = await agedTransfer(demo, 8000, 72 * HOUR - 60_000);
    const paid = await press(open.paymentId, 'deposit');
    expect([paid.status, paid.text.includes('결제가 완료되었습니다.')]).toEqual([200, true]);
    expect((await paymentRow(open.paymentId)).status).toBe('paid');
    expect((await company(demoCompanyId)).point).toBe(before.point + 8000);
    expect(await ledgerRows(demoCompanyId)).toBe(rowsBefore + 1);
  });

  it('a deposit made at the due time racing the refusals after it credits at most once', async () => {
    const gateway = createSandboxGateway(SECRET, { publicUrl: server.base });
    for (let round = 0; round < 3; round++) {
      const before = await company(otherCompanyId);
      const rowsBefore = await ledgerRows(otherCompanyId);
      const { paymentId, createdAt } = await agedTransfer(other, 8000, 72 * HOUR + 5_000);
      const body = { paymentId, amount: 8000, status: 'paid' } as const;
      const atDue = new Date(createdAt.getTime() + 72 * HOUR);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? press(paymentId, 'deposit')
            : confirmPayment(
                server.db,
                NO_SUBSCRIBERS,
                gateway,
                { ...body, signature: gateway.sign(body) },
                atDue,
              ).catch((err: unknown) => err),
        ),
      );
      const status = (await paymentRow(paymentId)).status;
      expect(['paid', 'declined']).toContain(status);
      const credited = status === 'paid' ? 8000 : 0;
      expect((await company(otherCompanyId)).point).toBe(before.point + credited);
      expect(await ledgerRows(otherCompanyId)).toBe(rowsBefore + (credited ? 1 : 0));
    }
    // One moment past the due time the same confirmation is refused: nothing credited, declined.
    const before = await company(otherCompanyId);
    const { paymentId, createdAt } = await agedTransfer(other, 8000, 72 * HOUR + 5_000);
    const body = { paymentId, amount: 8000, status: 'paid' } as const;
    const late = await confirmPayment(
      server.db,
      NO_SUBSCRIBERS,
      gateway,
      { ...body, signature: gateway.sign(body) },
      new Date(createdAt.getTime() + 72 * HOUR + 1),
    );
    expect([late.payment.status, late.expired]).toEqual(['declined', true]);
    expect((await company(otherCompanyId)).point).toBe(before.point);
    await expectLedgerMatchesBalances(server);
  });
});

describe('the gateway callback', () => {
  it('the same confirmation delivered 20 times at once credits exactly once', async () => {
    const before = await company(demoCompanyId);
    const rowsBefore = await ledgerRows(demoCompanyId);
    const paymentId = await startedId(demo, 55_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirmPaid(paymentId, 55_000)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.body.results!.repeated)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === MSG_MEMBER.paymentAlreadyDone)).toHaveLength(19);
    expect((await company(demoCompanyId)).point).toBe(before.point + 55_000);
    expect(await ledgerRows(demoCompanyId)).toBe(rowsBefore + 1);
    // And once more, much later.
    expect((await confirmPaid(paymentId, 55_000)).body.results!.repeated).toBe(true);
    expect((await company(demoCompanyId)).point).toBe(before.point + 55_000);
  });

  it('20 sandbox approvals and callbacks mixed at once credit exactly once', async () => {
    const before = await company(otherCompanyId);
    const paymentId = await startedId(other, 8000);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? press(paymentId, 'approve') : confirmPaid(paymentId, 8000))),
    );
    expect((await company(otherCompanyId)).point).toBe(before.point + 8000);
    const notes = await server.db
      .select()
      .from(cashLedger)
      .where(like(cashLedger.note, `%결제 #${(await paymentRow(paymentId)).id})`));
    expect(notes).toHaveLength(1);
  });

  it('a forged signature, a different amount and an unknown id change nothing', async () => {
    const before = await company(demoCompanyId);
    const rowsBefore = await ledgerRows(demoCompanyId);
    const paymentId = await startedId(demo, 60_000);
    const forged = [
      {
        paymentId,
        amount: 60_000,
        status: 'paid',
        signature: sign(paymentId, 60_000, 'paid').replace(/^./, (c) => (c === '0' ? '1' : '0')),
      },
      {
        paymentId,
        amount: 60_000,
        status: 'paid',
        signature: createHmac('sha256', 'guess').update(`${paymentId}:60000:paid`).digest('hex'),
      },
      { paymentId, amount: 60_000, status: 'paid', signature: sign(paymentId, 60_000, 'declined') },
      { paymentId, amount: 60_000, status: 'paid', signature: 'not-hex' },
      { paymentId, amount: 60_000, status: 'paid', signature: '' },
    ];
    for (const body of forged) {
      const res = await callback(body);
      expect(res.status).toBe(400);
    }
    expect((await callback(forged[0]!)).body.message).toBe(MSG_MEMBER.paymentSignature);
    // Correctly signed, but not the amount the payment started with.
    for (const amount of [600_000, 59_999, 1]) {
      const res = await callback({ paymentId, amount, status: 'paid', signature: sign(paymentId, amount, 'paid') });
      expect([res.status, res.body.message]).toEqual([400, MSG_MEMBER.paymentAmountMismatch]);
    }
    const unknown = await confirmPaid('sbx_00000000000000000000000000000000', 60_000);
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG_MEMBER.paymentNotFound]);
    for (const bad of [
      {},
      { paymentId, amount: '6만', status: 'paid', signature: 'x' },
      { paymentId, amount: 60_000, status: 'refunded', signature: 'x' },
    ]) {
      expect((await callback(bad)).status).toBe(400);
    }
    expect((await paymentRow(paymentId)).status).toBe('pending');
    expect((await company(demoCompanyId)).point).toBe(before.point);
    expect(await ledgerRows(demoCompanyId)).toBe(rowsBefore);
    // The real confirmation still works afterwards.
    expect((await confirmPaid(paymentId, 60_000)).body.results).toMatchObject({ status: 'paid', repeated: false });
    expect((await company(demoCompanyId)).point).toBe(before.point + 60_000);
  });

  it("a confirmation vouched for by another provider does not move this provider's payment", async () => {
    // Two gateways (a shop moving from one to another, or the sandbox switched on by name beside a
    // real one) each vouch only for the payments they started: the same id at another provider is unknown.
    const before = await company(demoCompanyId);
    const paymentId = await startedId(demo, 45_000);
    const elsewhere = { name: 'toss', start: () => Promise.reject(new Error('not used')), verify: () => true };
    await expect(
      confirmPayment(server.db, NO_SUBSCRIBERS, elsewhere, {
        paymentId,
        amount: 45_000,
        status: 'paid',
        signature: 'x',
      }),
    ).rejects.toMatchObject({ status: 404, message: MSG_MEMBER.paymentNotFound });
    expect((await paymentRow(paymentId)).status).toBe('pending');
    expect((await company(demoCompanyId)).point).toBe(before.point);
  });

  it('a declined confirmation marks the payment declined and nothing else', async () => {
    const before = await company(demoCompanyId);
    const paymentId = await startedId(demo, 5000);
    const res = await callback({
      paymentId,
      amount: 5000,
      status: 'declined',
      signature: sign(paymentId, 5000, 'declined'),
    });
    expect([res.status, res.body.message, res.body.results!.status]).toEqual([
      200,
      MSG_MEMBER.paymentDeclined,
      'declined',
    ]);
    expect((await paymentRow(paymentId)).declinedAt).not.toBeNull();
    expect((await company(demoCompanyId)).point).toBe(before.point);
  });

  it("pushes fresh base info to the company's open tabs after a credit", async () => {
    const socket = tradeSocket(server, sub);
    const first = nextEvent<{ result: { memberPoint: number } }>(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    const start = (await first).result.memberPoint;
    const paymentId = await startedId(demo, 3000);
    const pushed = nextEvent<{ result: { memberPoint: number } }>(socket, 'toClientBaseInfo');
    await confirmPaid(paymentId, 3000);
    expect((await pushed).result.memberPoint).toBe(start + 3000);
    socket.close();
  });
});

describe('licence purchase', () => {
  it("only the shop configuration's packages can be bought", async () => {
    const before = await paymentCount();
    for (const body of [
      { pgcode: 'creditcard', amount: 31_000 },
      { pgcode: 'creditcard', amount: 30_000, days: 90 },
      { pgcode: 'creditcard', amount: 1000 },
      { pgcode: 'banktransfer', amount: 200_000, days: 366 },
    ]) {
      const res = await call(server, 'POST', 'payCenter/showLicensePaymentWinow', body, demo);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, MSG_MEMBER.licenseOption]);
    }
    for (const body of [
      { pgcode: 'creditcard' },
      { pgcode: 'creditcard', amount: '30,000' },
      { pgcode: 'x', amount: 30_000 },
      { pgcode: 'creditcard', amount: 30_000, days: 1.5 },
    ]) {
      expect((await call(server, 'POST', 'payCenter/showLicensePaymentWinow', body, demo)).status).toBe(400);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('extends a running licence by the package days, without touching cash or the ledger', async () => {
    const before = await company(demoCompanyId);
    const rowsBefore = await ledgerRows(demoCompanyId);
    const res = await call(
      server,
      'showLicensePaymentWinow',
      { pgcode: 'creditcard', amount: 90_000, days: 90 },
      { token: demo },
    );
    expect(res.body.code).toBe(200);
    const paymentId = res.body.results!.paymentId;
    expect(await paymentRow(paymentId)).toMatchObject({
      kind: 'license',
      days: 90,
      amount: 90_000,
      productName: '라이선스 90일 이용권',
    });
    await press(paymentId, 'approve');
    const after = await company(demoCompanyId);
    expect(after.licenseEnd!.getTime() - before.licenseEnd!.getTime()).toBe(90 * DAY);
    expect(after.point).toBe(before.point);
    expect(await ledgerRows(demoCompanyId)).toBe(rowsBefore);
    // Confirmed again: no second extension.
    await confirmPaid(paymentId, 90_000);
    expect((await company(demoCompanyId)).licenseEnd!.getTime()).toBe(after.licenseEnd!.getTime());
  });

  it('a company without a licence gets the package days counted from the end of today (Seoul)', async () => {
    expect((await company(otherCompanyId)).licenseEnd).toBeNull();
    const res = await call(
      server,
      'showLicensePaymentWinow',
      { pgcode: 'banktransfer', amount: 30_000 },
      { token: other },
    );
    await press(res.body.results!.paymentId, 'deposit');
    const end = (await company(otherCompanyId)).licenseEnd!;
    expect(licenseDaysLeft(end)).toBe(30);
    // The end is a Seoul midnight.
    expect(new Date(end.getTime() + 9 * 3600_000).toISOString().slice(11, 19)).toBe('00:00:00');
  });

  it('the Seoul midnight decides the end: bought at 23:59 or at 00:01 two minutes later', async () => {
    const gateway = createSandboxGateway(SECRET, { publicUrl: server.base });
    const shop = await makeCompany(server, '자정', 0);
    const ends: string[] = [];
    for (const at of ['2026-11-21T23:59:00+09:00', '2026-11-22T00:01:00+09:00']) {
      await server.db.update(companies).set({ licenseEnd: null }).where(eq(companies.id, shop.companyId));
      const { paymentId } = await startPayment(server.db, gateway, {
        companyId: shop.companyId,
        memberId: shop.main.seq,
        memberName: shop.main.name,
        kind: 'license',
        pgcode: 'creditcard',
        amount: 30_000,
        days: 30,
        productName: '라이선스 30일 이용권',
      });
      const body = { paymentId, amount: 30_000, status: 'paid' as const };
      await confirmPayment(
        server.db,
        NO_SUBSCRIBERS,
        gateway,
        { ...body, signature: gateway.sign(body) },
        new Date(at),
      );
      ends.push((await company(shop.companyId)).licenseEnd!.toISOString());
    }
    expect(ends).toEqual([
      new Date('2026-12-21T00:00:00+09:00').toISOString(),
      new Date('2026-12-22T00:00:00+09:00').toISOString(),
    ]);
    // A repeat purchase while running adds exactly N days, whatever the hour.
    const { paymentId } = await startPayment(server.db, gateway, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      memberName: shop.main.name,
      kind: 'license',
      pgcode: 'creditcard',
      amount: 3000,
      days: 1,
      productName: '라이선스 1+1 하루 추가',
    });
    const body = { paymentId, amount: 3000, status: 'paid' as const };
    await confirmPayment(
      server.db,
      NO_SUBSCRIBERS,
      gateway,
      { ...body, signature: gateway.sign(body) },
      new Date('2026-11-22T23:59:59+09:00'),
    );
    expect((await company(shop.companyId)).licenseEnd!.toISOString()).toBe(
      new Date('2026-12-23T00:00:00+09:00').toISOString(),
    );
  });
});

describe('payment histories', () => {
  it("list the company's paid records only, newest first, with the original fields", async () => {
    const paymentId = await startedId(demo, 4000);
    // Asked for yesterday, paid now: the record's date is when it was paid.
    await server.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - DAY) })
      .where(eq(payments.gatewayId, paymentId));
    await confirmPaid(paymentId, 4000);
    const res = await call(
      server,
      'mallCashPaymentInfo',
      { startDate: '', endDate: '', searchType: '', page: 1, size: 15 },
      { token: demo },
    );
    expect(res.body.code).toBe(200);
    const rows = res.body.results!;
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'amount',
      'pgcode',
      'product_name',
      'seq',
      'transaction_date',
      'user_name',
    ]);
    expect(rows[0]).toMatchObject({
      pgcode: 'creditcard',
      product_name: '캐시 충전 4,000원',
      user_name: '박준호',
      amount: 4000,
    });
    expect(rows[0]!.transaction_date).toBe((await paymentRow(paymentId)).paidAt!.toISOString());
    const [paidCount] = await server.db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.companyId, demoCompanyId), eq(payments.kind, 'point'), eq(payments.status, 'paid')));
    expect(res.body.total).toBe(Number(paidCount!.n));
    // The opening cash of the demo shows as a charge the shop made.
    const all = await call(server, 'mallCashPaymentInfo', { page: 1, size: 100 }, { token: demo });
    expect(all.body.results!.at(-1)).toMatchObject({ pgcode: 'manager', amount: 5_000_000 });
    const times = all.body.results!.map((r) => r.transaction_date);
    expect([...times].sort().reverse()).toEqual(times);
    const statuses = await server.db
      .select({ status: payments.status })
      .from(payments)
      .where(
        inArray(
          payments.id,
          all.body.results!.map((r) => r.seq),
        ),
      );
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['paid']));
    // Pages of 15 by default.
    const page = await call(server, 'mallCashPaymentInfo', { page: 1 }, { token: demo });
    expect(page.body.results!.length).toBe(Math.min(15, res.body.total!));
  });

  it('filters by Seoul days when searchType is date, and needs both dates', async () => {
    const today = seoulToday();
    const todays = await call(
      server,
      'mallCashPaymentInfo',
      { startDate: today, endDate: today, searchType: 'date', page: 1, size: 100 },
      { token: demo },
    );
    expect(todays.body.results!.length).toBeGreaterThan(0);
    const past = await call(
      server,
      'mallCashPaymentInfo',
      { startDate: '2020-01-01', endDate: '2020-12-31', searchType: 'date', page: 1 },
      { token: demo },
    );
    expect([past.body.results, past.body.total]).toEqual([[], 0]);
    // The same dates without searchType 'date' filter nothing (the original API's 전체).
    const unfiltered = await call(
      server,
      'mallCashPaymentInfo',
      { startDate: '2020-01-01', endDate: '2020-12-31', searchType: '', page: 1, size: 100 },
      { token: demo },
    );
    const [paidCount] = await server.db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.companyId, demoCompanyId), eq(payments.kind, 'point'), eq(payments.status, 'paid')));
    expect(unfiltered.body.total).toBe(Number(paidCount!.n));
    expect(unfiltered.body.total).toBeGreaterThan(0);
    for (const body of [
      { startDate: today, searchType: 'date' },
      { endDate: today, searchType: 'date' },
      { startDate: '', endDate: '', searchType: 'date' },
    ]) {
      const res = await call(server, 'POST', 'api/mallCashPaymentInfo', body, demo);
      expect([res.status, res.body.message]).toEqual([400, MSG_MEMBER.dateRangeRequired]);
    }
    const reversed = await call(
      server,
      'mallLicensePaymentInfo',
      { startDate: '2026-02-01', endDate: '2026-01-01', searchType: 'date' },
      { token: demo },
    );
    expect([reversed.status, reversed.body.message]).toEqual([400, MSG_MEMBER.dateRangeOrder]);
    const badDate = await call(
      server,
      'mallLicensePaymentInfo',
      { startDate: '2026-02-30', endDate: '2026-03-01', searchType: 'date' },
      { token: demo },
    );
    expect([badDate.status, badDate.body.message]).toEqual([400, MSG_MEMBER.dateImpossible]);
  });

  it('the licence history holds the licence payments only; each company sees its own', async () => {
    const lic = await call(server, 'mallLicensePaymentInfo', { page: 1, size: 100 }, { token: demo });
    expect(lic.body.results!.map((r) => r.product_name)).toContain('라이선스 90일 이용권');
    expect(lic.body.results!.every((r) => r.product_name.startsWith('라이선스'))).toBe(true);
    const otherCash = await call(server, 'mallCashPaymentInfo', { page: 1, size: 100 }, { token: other });
    const demoIds = new Set(
      (await server.db.select({ id: payments.id }).from(payments).where(eq(payments.companyId, demoCompanyId))).map(
        (r) => r.id,
      ),
    );
    expect(otherCash.body.results!.some((r) => demoIds.has(r.seq))).toBe(false);
    expect(otherCash.body.results!.map((r) => r.amount)).toContain(8000);
  });

  it('the ledger sums to the balance for every company', async () => {
    await expectLedgerMatchesBalances(server);
  });
});
