import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MSG_MEMBER, MSG_PROVIDER } from '@partsmall/contract';
import { call, rawCall, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances } from '../member-helpers.js';
import type { TossStandIn } from '../stand-ins.js';
import { startTossTopUps, successPath, type TossTopUps } from '../toss-server.js';

/**
 * A top-up whose read-back Toss refuses (docs/operations.md#payments-toss-payments): a wrong or
 * rotated secret key (401 UNAUTHORIZED_KEY) or a request Toss does not allow (403
 * FORBIDDEN_REQUEST). The webhook is answered 503 so that Toss resends it, and logged for staff;
 * once the key is mended, the payment link, the pending transfers list or the resent webhook
 * applies what Toss holds, crediting the deposit exactly once. A confirm on the success redirect that
 * Toss refuses for the shop's own key is logged as an error for staff (the order and Toss's code,
 * never the key), the buyer told in Korean that nothing was paid, not Toss's words about keys; the
 * top-up stays pending, nothing credited.
 */
const CLIENT_KEY = 'test_ck_readback_client';
const SECRET_KEY = 'test_sk_readback_secret';

const REFUSALS = {
  401: { status: 401, code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' },
  403: { status: 403, code: 'FORBIDDEN_REQUEST', message: '허용되지 않은 요청입니다.' },
} as const;

let shop: TossTopUps;
let toss: TossStandIn;
let server: TestServer;
let errors: MockInstance;

beforeAll(async () => {
  shop = await startTossTopUps(SECRET_KEY, { TOSS_CLIENT_KEY: CLIENT_KEY, TOSS_TIMEOUT_MS: '300' });
  ({ toss, server } = shop);
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  toss.onConfirm({ kind: 'normal' });
  toss.onFetch({ kind: 'normal' });
  // The test server's logger writes nothing; every request's logger writes through the app's.
  errors = vi.spyOn(server.app.log, 'error');
});
afterEach(() => {
  errors.mockRestore();
});

const pendingIds = async () =>
  (await call(server, 'mallPendingTransfers', {}, { token: shop.demo })).body.results!.map((t) => t.paymentId);

/** A virtual-account top-up of `amount`, its account issued and shown: Toss holds it WAITING_FOR_DEPOSIT. */
async function issuedAccount(amount: number) {
  const { paymentId, online_url } = await shop.open(amount, 'banktransfer');
  const p = toss.authorise(paymentId, amount, '가상계좌');
  // Open for the 72 hours the window asks for (a lapsed account is not listed as waiting), due as
  // Toss writes it: Seoul's wall clock (UTC + 9 h) with its offset.
  p.virtualAccount!.dueDate = `${new Date(Date.now() + (72 + 9) * 3600_000).toISOString().slice(0, 19)}+09:00`;
  expect((await rawCall(server, 'GET', successPath(p, amount))).text).toContain('56211802314051');
  return { paymentId, link: online_url.slice(server.base.length), p };
}

/** What staff read in the log about a refused read-back: the order and Toss's code, never the key. */
function expectLoggedForStaff(orderId: string, code: string) {
  const lines = errors.mock.calls.filter((args) => (args[0] as { orderId?: string }).orderId === orderId);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines[0]![0]).toMatchObject({ orderId, code });
  expect(JSON.stringify(lines)).not.toContain(SECRET_KEY);
  expect(JSON.stringify(lines)).not.toContain(Buffer.from(`${SECRET_KEY}:`).toString('base64'));
}

describe('a deposit webhook whose read-back Toss refuses', () => {
  it('401 UNAUTHORIZED_KEY: answered 503 and logged; once the key is mended the pending list credits it once', async () => {
    const before = await shop.balance();
    const { paymentId, p } = await issuedAccount(151_000);
    expect(await pendingIds()).toContain(paymentId);
    const deposit = toss.deposit(p.paymentKey);

    toss.onFetch({ kind: 'refuse', ...REFUSALS[401] });
    const refused = await shop.webhook(deposit);
    expect(refused.status).toBe(503);
    expect(refused.body?.message).toBe(MSG_PROVIDER.tossUnavailable);
    expectLoggedForStaff(paymentId, 'UNAUTHORIZED_KEY');
    expect(await shop.status(paymentId)).toBe('pending');
    expect(await shop.balance()).toBe(before);

    // The key mended: the pending list reads Toss, finds the deposit done, and credits it.
    toss.onFetch({ kind: 'normal' });
    expect(await pendingIds()).not.toContain(paymentId);
    expect(await shop.status(paymentId)).toBe('paid');
    expect(await shop.balance()).toBe(before + 151_000);

    // Toss resends the webhook: already credited, nothing more.
    const resent = await shop.webhook(deposit);
    expect(resent.status).toBe(200);
    expect(resent.body?.results).toEqual({ orderId: paymentId, status: 'paid', repeated: true });
    expect(await pendingIds()).not.toContain(paymentId);
    expect(await shop.balance()).toBe(before + 151_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
    await expectLedgerMatchesBalances(server);
  });

  it('403 FORBIDDEN_REQUEST: answered 503; once Toss answers, the reopened link shows it paid, credited once', async () => {
    const before = await shop.balance();
    const { paymentId, link, p } = await issuedAccount(152_000);
    const deposit = toss.deposit(p.paymentKey);

    toss.onFetch({ kind: 'refuse', ...REFUSALS[403] });
    const refused = await shop.webhook(toss.statusChanged(p.paymentKey));
    expect(refused.status).toBe(503);
    expectLoggedForStaff(paymentId, 'FORBIDDEN_REQUEST');
    expect(await shop.status(paymentId)).toBe('pending');

    toss.onFetch({ kind: 'normal' });
    const reopened = await rawCall(server, 'GET', link);
    expect(reopened.status).toBe(200);
    expect(reopened.text).toContain(MSG_MEMBER.paymentDone);
    expect(reopened.text).not.toContain('"method":"VIRTUAL_ACCOUNT"');
    expect(await shop.status(paymentId)).toBe('paid');
    expect(await shop.balance()).toBe(before + 152_000);

    const again = await rawCall(server, 'GET', link);
    expect(again.text).toContain(MSG_MEMBER.paymentDone);
    expect((await shop.webhook(deposit)).body?.results).toEqual({ orderId: paymentId, status: 'paid', repeated: true });
    expect(await shop.balance()).toBe(before + 152_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
    await expectLedgerMatchesBalances(server);
  });

  it('a card payment Toss confirmed while its answer and read-back were lost: the reopened link credits it once', async () => {
    const before = await shop.balance();
    const { paymentId, online_url } = await shop.open(153_000, 'creditcard');
    const p = toss.authorise(paymentId, 153_000);
    // Toss confirms, its answer comes too late, and the read-back is refused.
    toss.onConfirm({ kind: 'late', afterMs: 1_000 });
    toss.onFetch({ kind: 'refuse', ...REFUSALS[401] });
    const page = await rawCall(server, 'GET', successPath(p, 153_000));
    expect(page.text).toContain(MSG_PROVIDER.tossPending);
    expect((await shop.webhook(toss.statusChanged(p.paymentKey))).status).toBe(503);
    expect(await shop.status(paymentId)).toBe('pending');

    toss.onFetch({ kind: 'normal' });
    const reopened = await rawCall(server, 'GET', online_url.slice(server.base.length));
    expect(reopened.text).toContain(MSG_MEMBER.paymentDone);
    expect(reopened.text).not.toContain('"method":"CARD"');
    expect(await shop.balance()).toBe(before + 153_000);
    expect((await shop.webhook(toss.statusChanged(p.paymentKey))).body?.results).toEqual({
      orderId: paymentId,
      status: 'paid',
      repeated: true,
    });
    expect(await shop.balance()).toBe(before + 153_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
  });

  it("an event of a payment Toss does not hold (NOT_FOUND_PAYMENT) is still answered 200 'not this shop's'", async () => {
    const res = await shop.webhook({
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { paymentKey: 'tgen_nowhere', orderId: 'elsewhere_2' },
    });
    expect(res.status).toBe(200);
    expect(res.body?.message).toBe(MSG_PROVIDER.tossWebhookIgnored);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('the success redirect when Toss refuses the secret key', () => {
  // Toss's error codes for the shop's own key (docs.tosspayments.com/reference/error-codes): a 401, and
  // a 400 and a 403 whose codes say the key, not the card.
  it.each([
    [55_000, REFUSALS[401]],
    [55_100, { status: 400, code: 'INVALID_API_KEY', message: '잘못된 시크릿키 연동 정보 입니다.' }],
    [
      55_200,
      { status: 403, code: 'INCORRECT_BASIC_AUTH_FORMAT', message: "잘못된 요청입니다. ':' 를 포함해 인코딩해주세요." },
    ],
  ] as const)(
    '%d원, %o: logged as an error without the key, the buyer told in Korean, nothing credited',
    async (amount, refusal) => {
      const before = await shop.balance();
      const { paymentId } = await shop.open(amount, 'creditcard');
      const p = toss.authorise(paymentId, amount, '카드');
      toss.onConfirm({ kind: 'refuse', ...refusal });
      toss.onFetch({ kind: 'refuse', ...refusal });

      const page = await rawCall(server, 'GET', successPath(p, amount));
      expect(page.status).toBe(503);
      expect(page.text).toContain(MSG_PROVIDER.tossShopKeyRefused);
      expect(MSG_PROVIDER.tossShopKeyRefused).toBe(
        '쇼핑몰의 결제 설정 문제로 결제를 마치지 못했습니다. 결제된 금액은 없습니다. 잠시 후 다시 시도하거나 고객센터에 문의해 주세요.',
      );
      expect(page.text).not.toContain(refusal.message);

      const lines = errors.mock.calls.filter((args) => (args[0] as { orderId?: string }).orderId === paymentId);
      expect(lines.map((args) => [(args[0] as { code?: string }).code, args[1]])).toEqual([
        [refusal.code, 'toss refused the confirm: check TOSS_SECRET_KEY'],
      ]);
      expect(JSON.stringify(errors.mock.calls)).not.toContain(SECRET_KEY);
      expect(JSON.stringify(errors.mock.calls)).not.toContain(Buffer.from(`${SECRET_KEY}:`).toString('base64'));
      expect(await shop.status(paymentId)).toBe('pending');
      expect(await shop.balance()).toBe(before);
    },
  );

  it("a card refused by its company stays the buyer's matter: Toss's message, no error logged", async () => {
    const { paymentId } = await shop.open(56_000, 'creditcard');
    const p = toss.authorise(paymentId, 56_000, '카드');
    const refused = {
      kind: 'refuse',
      status: 403,
      code: 'REJECT_CARD_PAYMENT',
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    } as const;
    toss.onConfirm(refused);
    toss.onFetch({
      kind: 'refuse',
      status: 404,
      code: 'NOT_FOUND_PAYMENT',
      message: '존재하지 않는 결제 정보 입니다.',
    });
    const page = await rawCall(server, 'GET', successPath(p, 56_000));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${MSG_PROVIDER.tossFailed} ${refused.message}`);
    expect(errors.mock.calls.filter((args) => (args[0] as { orderId?: string }).orderId === paymentId)).toEqual([]);
  });
});
