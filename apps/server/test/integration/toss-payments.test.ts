import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG_MEMBER, MSG_PROVIDER } from '@partsmall/contract';
import { members, smsOutbox } from '../../src/db/schema.js';
import { transferAccountIssued } from '../../src/features/payments/service.js';
import { call, rawCall, until, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances } from '../member-helpers.js';
import type { TossStandIn } from '../stand-ins.js';
import { startTossTopUps, successPath, type TossTopUps } from '../toss-server.js';

/**
 * Cash top-ups through Toss Payments (PAYMENT_PROVIDER=toss) against a local stand-in of the Toss
 * API: the window page, the server's confirm with the secret key, card refusals, timeouts, virtual
 * accounts credited on the deposit webhook, webhooks repeated and out of order, forged webhooks.
 */
const CLIENT_KEY = 'test_ck_standin_client';
const SECRET_KEY = 'test_sk_standin_secret';

let shop: TossTopUps;
let toss: TossStandIn;
let server: TestServer;

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
});

describe('the payment window', () => {
  it("opens Toss's window for the stored order with the client key, never the secret key, and only by its link", async () => {
    const { online_url, paymentId } = await shop.open(33_000);
    expect(online_url).toMatch(new RegExp(`^${server.base}/payCenter/toss/${paymentId}\\?key=`));
    const page = await rawCall(server, 'GET', online_url.slice(server.base.length));
    expect(page.status).toBe(200);
    expect(page.text).toContain(CLIENT_KEY);
    expect(page.text).toContain(paymentId);
    expect(page.text).toContain('"amount":33000');
    expect(page.text).toContain('"method":"CARD"');
    expect(page.text).toContain('"customerEmail":"demo@partsmall.kr"');
    expect(page.text).toContain(`${server.base}/payCenter/toss/success`);
    expect(page.text).not.toContain(SECRET_KEY);
    // A business's virtual account asks for no 소득공제 (consumer) cash receipt: its goods get 세금계산서.
    const account = await shop.open(34_000, 'banktransfer');
    const accountPage = await rawCall(server, 'GET', account.online_url.slice(server.base.length));
    expect(accountPage.text).toContain('"method":"VIRTUAL_ACCOUNT"');
    expect(accountPage.text).toContain("cashReceipt:{type:'미발행'}");
    expect(accountPage.text).not.toContain('소득공제');
    const withoutKey = await rawCall(server, 'GET', `payCenter/toss/${paymentId}`);
    expect(withoutKey.status).toBe(404);
    const otherKey = await rawCall(server, 'GET', `payCenter/toss/${paymentId}?key=AAAA`);
    expect(otherKey.status).toBe(404);
    // Another payment's key, of the same length: compared byte for byte, not by its length.
    const accountKey = new URL(account.online_url).searchParams.get('key')!;
    expect(accountKey).toHaveLength(new URL(online_url).searchParams.get('key')!.length);
    const anotherPaymentsKey = await rawCall(server, 'GET', `payCenter/toss/${paymentId}?key=${accountKey}`);
    expect(anotherPaymentsKey.status).toBe(404);
  });
});

describe('card payments confirmed by the server', () => {
  it('confirms with the secret key and the stored amount, credits once, and a reload credits nothing more', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(41_000);
    const p = toss.authorise(paymentId, 41_000);
    const first = await rawCall(server, 'GET', successPath(p, 41_000));
    expect(first.status).toBe(200);
    expect(first.text).toContain(MSG_MEMBER.paymentDone);
    const confirm = toss.calls.filter(
      (c) => c.path === '/v1/payments/confirm' && (c.body as { orderId: string }).orderId === paymentId,
    );
    expect(confirm).toHaveLength(1);
    expect(confirm[0]!.authorization).toBe(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`);
    expect(confirm[0]!.body).toEqual({ paymentKey: p.paymentKey, orderId: paymentId, amount: 41_000 });
    expect(confirm[0]!.idempotencyKey).toBe(`confirm-${p.paymentKey}`);
    expect(await shop.balance()).toBe(before + 41_000);

    const callsBefore = toss.calls.length;
    const again = await rawCall(server, 'GET', successPath(p, 41_000));
    expect(again.text).toContain(MSG_MEMBER.paymentDone);
    expect(await shop.balance()).toBe(before + 41_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
    // Settled here already: the reload asks Toss nothing.
    expect(toss.calls.length).toBe(callsBefore);
  });

  it('refuses an amount changed in the address without asking Toss to confirm', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(52_000);
    const p = toss.authorise(paymentId, 52_000);
    const res = await rawCall(server, 'GET', successPath(p, 1_000));
    expect(res.status).toBe(400);
    expect(res.text).toContain(MSG_MEMBER.paymentAmountMismatch);
    expect(toss.calls.some((c) => (c.body as { orderId?: string } | null)?.orderId === paymentId)).toBe(false);
    expect(await shop.status(paymentId)).toBe('pending');
    expect(await shop.balance()).toBe(before);
  });

  it("a card refused by its company (REJECT_CARD_PAYMENT) shows Toss's message and credits nothing", async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(63_000);
    const p = toss.authorise(paymentId, 63_000);
    toss.onConfirm({
      kind: 'refuse',
      status: 403,
      code: 'REJECT_CARD_PAYMENT',
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    });
    const res = await rawCall(server, 'GET', successPath(p, 63_000));
    expect(res.text).toContain(MSG_PROVIDER.tossFailed);
    expect(res.text).toContain('한도초과 혹은 잔액부족으로 결제에 실패했습니다.');
    expect(await shop.status(paymentId)).toBe('pending');
    expect(await shop.balance()).toBe(before);
  });

  it('a window reopened after a refused card: the second card is confirmed for itself (idempotency key by paymentKey)', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(64_000);
    const first = toss.authorise(paymentId, 64_000);
    toss.onConfirm({
      kind: 'refuse',
      status: 403,
      code: 'REJECT_CARD_PAYMENT',
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    });
    expect((await rawCall(server, 'GET', successPath(first, 64_000))).text).toContain('한도초과');
    toss.onConfirm({ kind: 'normal' });
    // The buyer opens the same top-up's window again and pays with another card: a new paymentKey.
    const second = toss.authorise(paymentId, 64_000);
    const res = await rawCall(server, 'GET', successPath(second, 64_000));
    expect(res.text).toContain(MSG_MEMBER.paymentDone);
    expect(await shop.balance()).toBe(before + 64_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
    const keys = toss.calls.filter((c) => c.path === '/v1/payments/confirm').slice(-2);
    expect(keys.map((c) => c.idempotencyKey)).toEqual([`confirm-${first.paymentKey}`, `confirm-${second.paymentKey}`]);
  });

  it('a confirm answered 409 (the first of its key still processing) is read back, not shown as a refusal', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(65_000);
    const p = toss.authorise(paymentId, 65_000);
    const held = toss.holdConfirms();
    const first = rawCall(server, 'GET', successPath(p, 65_000));
    try {
      await until('the first confirm at Toss', async () => held.arrived() === 1);
      // A reload while Toss still works on the first: same key, 409, and the payment still in progress.
      const reload = await rawCall(server, 'GET', successPath(p, 65_000));
      expect(toss.calls.at(-2)).toMatchObject({
        path: '/v1/payments/confirm',
        idempotencyKey: `confirm-${p.paymentKey}`,
      });
      expect(reload.text).toContain(MSG_PROVIDER.tossPending);
      expect(reload.text).not.toContain(MSG_PROVIDER.tossFailed);
      expect(await shop.status(paymentId)).toBe('pending');
    } finally {
      held.release();
    }
    await first;
    // Done at Toss; its status event credits it once, whatever the first page said.
    await shop.webhook(toss.statusChanged(p.paymentKey));
    expect(await shop.status(paymentId)).toBe('paid');
    expect(await shop.balance()).toBe(before + 65_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
  });

  it("the stand-in replays a key's first answer for the same URL and method, whatever the body", async () => {
    const { paymentId } = await shop.open(66_000);
    const p = toss.authorise(paymentId, 66_000);
    const confirm = (amount: number) =>
      fetch(`${toss.url}/v1/payments/confirm`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
          'content-type': 'application/json',
          'idempotency-key': 'same-key',
        },
        body: JSON.stringify({ paymentKey: p.paymentKey, orderId: paymentId, amount }),
      });
    const firstAnswer = await confirm(1);
    expect(firstAnswer.status).toBe(400);
    const again = await confirm(66_000);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ code: 'INVALID_REQUEST', message: '잘못된 요청입니다.' });
    expect(p.status).toBe('IN_PROGRESS');
  });

  it('ALREADY_PROCESSED_PAYMENT: a payment Toss approved earlier is read back and credited once', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(74_000);
    const p = toss.authorise(paymentId, 74_000);
    p.status = 'DONE'; // confirmed at Toss by an earlier request whose answer never arrived
    const res = await rawCall(server, 'GET', successPath(p, 74_000));
    expect(res.text).toContain(MSG_MEMBER.paymentDone);
    expect(await shop.balance()).toBe(before + 74_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
  });

  it('a confirm answered too late is read back from Toss: done there, credited here once', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(85_000);
    const p = toss.authorise(paymentId, 85_000);
    toss.onConfirm({ kind: 'late', afterMs: 1_000 });
    const res = await rawCall(server, 'GET', successPath(p, 85_000));
    expect(res.text).toContain(MSG_MEMBER.paymentDone);
    expect(await shop.balance()).toBe(before + 85_000);
  });

  it.each([
    [
      'PROVIDER_ERROR (400, the card company did not answer)',
      67_000,
      400,
      'PROVIDER_ERROR',
      '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    ],
    [
      'FAILED_INTERNAL_SYSTEM_PROCESSING (500)',
      68_000,
      500,
      'FAILED_INTERNAL_SYSTEM_PROCESSING',
      '내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요.',
    ],
  ])(
    'a confirm answered %s while Toss still holds the payment in progress: pending, not a refusal; its webhook credits it',
    async (_, amount, httpStatus, code, message) => {
      const before = await shop.balance();
      const { paymentId } = await shop.open(amount);
      const p = toss.authorise(paymentId, amount);
      toss.onConfirm({ kind: 'refuse', status: httpStatus, code, message });
      const res = await rawCall(server, 'GET', successPath(p, amount));
      expect(res.text).toContain(MSG_PROVIDER.tossPending);
      expect(res.text).not.toContain(MSG_PROVIDER.tossFailed);
      expect(await shop.status(paymentId)).toBe('pending');
      expect(await shop.balance()).toBe(before);
      p.status = 'DONE';
      const later = await shop.webhook(toss.statusChanged(p.paymentKey));
      expect(later.body?.results).toEqual({ orderId: paymentId, status: 'paid', repeated: false });
      expect(await shop.balance()).toBe(before + amount);
    },
  );

  it('ALREADY_PROCESSED_PAYMENT while Toss cannot be read back: pending, not a refusal; its webhook credits it', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(76_000);
    const p = toss.authorise(paymentId, 76_000);
    p.status = 'DONE';
    toss.onFetch({ kind: 'down' });
    const res = await rawCall(server, 'GET', successPath(p, 76_000));
    expect(res.text).toContain(MSG_PROVIDER.tossPending);
    expect(res.text).not.toContain(MSG_PROVIDER.tossFailed);
    expect(await shop.balance()).toBe(before);
    toss.onFetch({ kind: 'normal' });
    const later = await shop.webhook(toss.statusChanged(p.paymentKey));
    expect(later.body?.results).toEqual({ orderId: paymentId, status: 'paid', repeated: false });
    expect(await shop.balance()).toBe(before + 76_000);
  });

  it('ALREADY_PROCESSED_PAYMENT for a payment Toss aborted: read back, and the page says it was refused', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(78_000);
    const p = toss.authorise(paymentId, 78_000);
    p.status = 'ABORTED'; // an earlier confirm of this key failed at the card company
    const res = await rawCall(server, 'GET', successPath(p, 78_000));
    expect(res.text).toContain(MSG_MEMBER.paymentDeclined);
    expect(res.text).not.toContain(MSG_PROVIDER.tossPending);
    expect(await shop.balance()).toBe(before);
    expect(await shop.ledgerLines(paymentId)).toBe(0);
  });

  it("a success address with another payment's key and this payment's order: no success shown, nothing credited here", async () => {
    const before = await shop.balance();
    const mine = await shop.open(71_000);
    const other = await shop.open(72_000);
    toss.authorise(mine.paymentId, 71_000);
    const others = toss.authorise(other.paymentId, 72_000);
    others.status = 'DONE';
    const res = await rawCall(
      server,
      'GET',
      successPath({ paymentKey: others.paymentKey, orderId: mine.paymentId }, 71_000),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain(MSG_PROVIDER.tossWebhookMismatch);
    expect(res.text).not.toContain(MSG_MEMBER.paymentDone);
    expect([await shop.status(mine.paymentId), await shop.status(other.paymentId)]).toEqual(['pending', 'pending']);
    expect(await shop.balance()).toBe(before);
  });

  it('with Toss unreachable the payment stays pending, and its PAYMENT_STATUS_CHANGED webhook credits it later', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(96_000);
    const p = toss.authorise(paymentId, 96_000);
    toss.onConfirm({ kind: 'down' });
    toss.onFetch({ kind: 'down' });
    const res = await rawCall(server, 'GET', successPath(p, 96_000));
    expect(res.status).toBe(200);
    expect(res.text).toContain(MSG_PROVIDER.tossPending);
    expect(await shop.status(paymentId)).toBe('pending');
    expect(await shop.balance()).toBe(before);

    // While Toss is still down a webhook is answered 503, so that Toss sends it again.
    p.status = 'DONE';
    const early = await shop.webhook(toss.statusChanged(p.paymentKey));
    expect(early.status).toBe(503);
    expect(await shop.balance()).toBe(before);

    toss.onFetch({ kind: 'normal' });
    const later = await shop.webhook(toss.statusChanged(p.paymentKey));
    expect(later.status).toBe(200);
    expect(later.body?.results).toEqual({ orderId: paymentId, status: 'paid', repeated: false });
    expect(await shop.balance()).toBe(before + 96_000);
  });
});

describe('a top-up cancelled at Toss after it was credited (a refund, whole or in part)', () => {
  it('is answered 200 so that Toss stops sending it, and the cash stays as credited for staff to settle', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(77_000);
    const p = toss.authorise(paymentId, 77_000);
    expect((await rawCall(server, 'GET', successPath(p, 77_000))).text).toContain(MSG_MEMBER.paymentDone);
    expect(await shop.balance()).toBe(before + 77_000);
    for (const cancelled of ['PARTIAL_CANCELED', 'CANCELED']) {
      p.status = cancelled;
      const res = await shop.webhook(toss.statusChanged(p.paymentKey));
      expect([res.status, res.body?.message, res.body?.results]).toEqual([
        200,
        MSG_MEMBER.paymentConflict,
        { orderId: paymentId, status: 'paid', repeated: true },
      ]);
    }
    expect(await shop.status(paymentId)).toBe('paid');
    expect(await shop.balance()).toBe(before + 77_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
  });
});

describe('a payment Toss reports with another amount than the stored one credits nothing', () => {
  it('on the success redirect: a card payment done at Toss for 1,500 of a stored 150,000', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(150_000);
    const p = toss.authorise(paymentId, 150_000, '카드', 1_500);
    p.status = 'DONE'; // approved at Toss for the other amount; confirm answers ALREADY_PROCESSED and the server reads it back
    const res = await rawCall(server, 'GET', successPath(p, 150_000));
    expect(res.status).toBe(400);
    expect(res.text).toContain(MSG_MEMBER.paymentAmountMismatch);
    expect(res.text).not.toContain(MSG_MEMBER.paymentDone);
    expect(await shop.status(paymentId)).toBe('pending');
    expect(await shop.balance()).toBe(before);
    expect(await shop.ledgerLines(paymentId)).toBe(0);
  });

  it('on the success redirect: a virtual account issued for 1,600 of a stored 160,000 is not shown as the account to pay', async () => {
    const before = await shop.balance();
    const { paymentId, online_url } = await shop.open(160_000, 'banktransfer');
    const p = toss.authorise(paymentId, 160_000, '가상계좌', 1_600);
    p.status = 'WAITING_FOR_DEPOSIT';
    const res = await rawCall(server, 'GET', successPath(p, 160_000));
    expect(res.status).toBe(400);
    expect(res.text).toContain(MSG_MEMBER.paymentAmountMismatch);
    expect(res.text).not.toContain('56211802314051');
    expect(res.text).not.toContain(MSG_PROVIDER.tossWaitingForDeposit);
    // Nor when the window's link is opened again.
    const reopened = await rawCall(server, 'GET', online_url.slice(server.base.length));
    expect(reopened.text).not.toContain('56211802314051');
    // Paid into at Toss all the same: the deposit webhook credits nothing either.
    const deposit = await shop.webhook(toss.deposit(p.paymentKey));
    expect([deposit.status, deposit.body?.message]).toEqual([400, MSG_MEMBER.paymentAmountMismatch]);
    expect(await shop.status(paymentId)).toBe('pending');
    expect(await shop.balance()).toBe(before);
    expect(await shop.ledgerLines(paymentId)).toBe(0);
  });

  it('on the webhook path: the waiting and the done events of a payment of another amount are refused', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(170_000, 'banktransfer');
    const p = toss.authorise(paymentId, 170_000, '가상계좌', 170_001);
    p.status = 'WAITING_FOR_DEPOSIT';
    const waiting = await shop.webhook(toss.statusChanged(p.paymentKey));
    expect([waiting.status, waiting.body?.message]).toEqual([400, MSG_MEMBER.paymentAmountMismatch]);
    p.status = 'DONE';
    const done = await shop.webhook(toss.statusChanged(p.paymentKey));
    expect([done.status, done.body?.message]).toEqual([400, MSG_MEMBER.paymentAmountMismatch]);
    const card = await shop.open(180_000);
    const q = toss.authorise(card.paymentId, 180_000, '카드', 18_000);
    q.status = 'DONE';
    const cardDone = await shop.webhook(toss.statusChanged(q.paymentKey));
    expect([cardDone.status, cardDone.body?.message]).toEqual([400, MSG_MEMBER.paymentAmountMismatch]);
    expect([await shop.status(paymentId), await shop.status(card.paymentId)]).toEqual(['pending', 'pending']);
    expect(await shop.balance()).toBe(before);
    expect([await shop.ledgerLines(paymentId), await shop.ledgerLines(card.paymentId)]).toEqual([0, 0]);
    await expectLedgerMatchesBalances(server);
  });
});

describe('virtual accounts', () => {
  it('end in WAITING_FOR_DEPOSIT with the account shown, and are credited once on deposit webhooks repeated and out of order', async () => {
    const before = await shop.balance();
    const { paymentId, online_url } = await shop.open(120_000, 'banktransfer');
    expect((await rawCall(server, 'GET', online_url.slice(server.base.length))).text).toContain(
      '"method":"VIRTUAL_ACCOUNT"',
    );
    const p = toss.authorise(paymentId, 120_000, '가상계좌');
    const res = await rawCall(server, 'GET', successPath(p, 120_000));
    expect(res.text).toContain(MSG_PROVIDER.tossWaitingForDeposit);
    expect(res.text).toContain('56211802314051');
    expect(res.text).toContain('신한은행');
    expect(await shop.status(paymentId)).toBe('pending');
    // The window's link opened again shows the issued account instead of a second window.
    const reopened = await rawCall(server, 'GET', online_url.slice(server.base.length));
    expect(reopened.text).toContain('56211802314051');
    expect(reopened.text).not.toContain('"method":"VIRTUAL_ACCOUNT"');
    expect(await shop.balance()).toBe(before);

    // A deposit callback before the deposit (forged, or replayed early) changes nothing.
    const early = await shop.webhook({
      createdAt: '2026-11-22T16:00:00.000000',
      secret: p.secret,
      status: 'DONE',
      transactionKey: 'tx_early',
      orderId: paymentId,
    });
    expect(early.status).toBe(200);
    expect(early.body?.results).toEqual({ orderId: paymentId, status: 'pending', repeated: false });
    expect(await shop.balance()).toBe(before);

    const waitingEvent = toss.statusChanged(p.paymentKey); // WAITING_FOR_DEPOSIT, delivered late below
    const deposit = toss.deposit(p.paymentKey);
    const answers = await Promise.all([
      shop.webhook(deposit),
      shop.webhook(deposit),
      shop.webhook(toss.statusChanged(p.paymentKey)),
      shop.webhook(deposit),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => (a.body?.results as { repeated: boolean }).repeated === false)).toHaveLength(1);
    const stale = await shop.webhook(waitingEvent);
    expect(stale.status).toBe(200);
    expect(await shop.status(paymentId)).toBe('paid');
    expect(await shop.balance()).toBe(before + 120_000);
    expect(await shop.ledgerLines(paymentId)).toBe(1);
    await expectLedgerMatchesBalances(server);
  });

  it('a confirm whose answer is lost in a timeout: the issued account is read back from Toss and shown', async () => {
    const { paymentId } = await shop.open(121_000, 'banktransfer');
    const p = toss.authorise(paymentId, 121_000, '가상계좌');
    toss.onConfirm({ kind: 'late', afterMs: 1_000 });
    const res = await rawCall(server, 'GET', successPath(p, 121_000));
    expect(res.text).toContain(MSG_PROVIDER.tossWaitingForDeposit);
    expect(res.text).toContain('56211802314051');
    expect(await shop.status(paymentId)).toBe('pending');
  });

  it('left unpaid past its due: EXPIRED declines the top-up, credits nothing, and its link no longer shows the account', async () => {
    const before = await shop.balance();
    const { paymentId, online_url } = await shop.open(122_000, 'banktransfer');
    const p = toss.authorise(paymentId, 122_000, '가상계좌');
    expect((await rawCall(server, 'GET', successPath(p, 122_000))).text).toContain('56211802314051');
    p.status = 'EXPIRED';
    const res = await shop.webhook(toss.statusChanged(p.paymentKey));
    expect(res.body?.results).toEqual({ orderId: paymentId, status: 'declined', repeated: false });
    expect(await shop.status(paymentId)).toBe('declined');
    const link = await rawCall(server, 'GET', online_url.slice(server.base.length));
    expect(link.status).toBe(200);
    // The buyer reads why: the account lapsed, not a refusal.
    expect(link.text).toContain(MSG_PROVIDER.tossAccountExpired);
    expect(link.text).not.toContain(MSG_MEMBER.paymentDeclined);
    expect(link.text).not.toContain('56211802314051');
    // Toss unreachable when the link is opened again: what stands, without the reason.
    toss.onFetch({ kind: 'down' });
    const later = await rawCall(server, 'GET', online_url.slice(server.base.length));
    expect(later.status).toBe(200);
    expect(later.text).toContain(MSG_MEMBER.paymentDeclined);
    expect(await shop.balance()).toBe(before);
  });

  it('an account cancelled at Toss before its deposit: the link says declined, not expired', async () => {
    const before = await shop.balance();
    const { paymentId, online_url } = await shop.open(123_000, 'banktransfer');
    const p = toss.authorise(paymentId, 123_000, '가상계좌');
    expect((await rawCall(server, 'GET', successPath(p, 123_000))).text).toContain('56211802314051');
    p.status = 'CANCELED';
    expect((await shop.webhook(toss.statusChanged(p.paymentKey))).body?.results).toEqual({
      orderId: paymentId,
      status: 'declined',
      repeated: false,
    });
    const link = await rawCall(server, 'GET', online_url.slice(server.base.length));
    expect(link.text).toContain(MSG_MEMBER.paymentDeclined);
    expect(link.text).not.toContain(MSG_PROVIDER.tossAccountExpired);
    expect(await shop.balance()).toBe(before);
  });

  it('an issued account sends one 입금 대기 notice (bank, account, amount, due), however often it is seen', async () => {
    const [me] = await server.db
      .select({ phone: members.phone })
      .from(members)
      .where(eq(members.loginId, 'demo@partsmall.kr'));
    const waiting = async () =>
      (
        await server.db
          .select({ text: smsOutbox.text })
          .from(smsOutbox)
          .where(and(eq(smsOutbox.phone, me!.phone), eq(smsOutbox.event, 'bankTransferWaiting')))
          .orderBy(smsOutbox.id)
      ).filter((n) => n.text.includes('입금금액: 130,000원'));
    const { paymentId } = await shop.open(130_000, 'banktransfer');
    // Nothing is known of the account before the buyer finishes Toss's window.
    expect(await waiting()).toEqual([]);
    const p = toss.authorise(paymentId, 130_000, '가상계좌');
    const first = await rawCall(server, 'GET', successPath(p, 130_000));
    expect(first.text).toContain('56211802314051');
    // The redirect reloaded and the WAITING_FOR_DEPOSIT webhook replayed: the same issuance.
    expect((await rawCall(server, 'GET', successPath(p, 130_000))).status).toBe(200);
    p.status = 'WAITING_FOR_DEPOSIT';
    expect((await shop.webhook(toss.statusChanged(p.paymentKey))).status).toBe(200);
    expect((await shop.webhook(toss.statusChanged(p.paymentKey))).status).toBe(200);
    const deadline = Date.now() + 15_000;
    while ((await waiting()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    const sent = await waiting();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(
      '은행: 신한은행\n계좌번호: 56211802314051\n입금금액: 130,000원\n입금기한: 2026.11.25 23:59',
    );
    expect(await shop.status(paymentId)).toBe('pending');
  });

  it('an issuance seen after the deposit was credited (the webhook overtook the redirect) tells nothing more', async () => {
    const issued = { bank: '신한은행', account: '56211802314051', due: new Date('2026-11-25T14:59:59Z') };
    const { paymentId } = await shop.open(132_000, 'banktransfer');
    const p = toss.authorise(paymentId, 132_000, '가상계좌');
    expect((await rawCall(server, 'GET', successPath(p, 132_000))).text).toContain('56211802314051');
    // Still waiting for its deposit: where to pay is worth telling (the notice's own key keeps it to one).
    expect(await transferAccountIssued(server.db, 'toss', paymentId, issued)).toBe(true);
    expect((await shop.webhook(toss.deposit(p.paymentKey))).status).toBe(200);
    expect(await shop.status(paymentId)).toBe('paid');
    expect(await transferAccountIssued(server.db, 'toss', paymentId, issued)).toBe(false);
    // Another provider's payment of the same id is not this one.
    const { paymentId: pending } = await shop.open(133_000, 'banktransfer');
    expect(await transferAccountIssued(server.db, 'sandbox', pending, issued)).toBe(false);
  });

  it("refuses a deposit callback whose secret is not the payment's", async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(130_000, 'banktransfer');
    const p = toss.authorise(paymentId, 130_000, '가상계좌');
    await rawCall(server, 'GET', successPath(p, 130_000));
    const deposit = { ...toss.deposit(p.paymentKey), secret: 'ps_forged' };
    const res = await shop.webhook(deposit);
    expect(res.status).toBe(400);
    expect(res.body?.message).toBe(MSG_PROVIDER.tossWebhookMismatch);
    expect(await shop.status(paymentId)).toBe('pending');
    expect(await shop.balance()).toBe(before);
  });

  it('refuses a payment whose amount at Toss is not the stored one', async () => {
    const before = await shop.balance();
    const { paymentId } = await shop.open(140_000, 'banktransfer');
    const p = toss.authorise(paymentId, 140_000, '가상계좌', 1_400);
    p.status = 'DONE';
    const res = await shop.webhook(toss.statusChanged(p.paymentKey));
    expect(res.status).toBe(400);
    expect(res.body?.message).toBe(MSG_MEMBER.paymentAmountMismatch);
    expect(await shop.status(paymentId)).toBe('pending');
    expect(await shop.balance()).toBe(before);
  });

  it("answers 200 to events of payments that are not this shop's, and 400 to an event without keys", async () => {
    const foreign = await shop.webhook({
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { paymentKey: 'tgen_not_known', orderId: 'elsewhere_1' },
    });
    expect(foreign.status).toBe(200);
    expect((foreign.body?.results as { status: string }).status).toBe('unknown');
    const empty = await shop.webhook({ eventType: 'PAYMENT_STATUS_CHANGED', data: {} });
    expect(empty.status).toBe(400);
    const junk = await shop.webhook({ orderId: 42, data: 'x' });
    expect(junk.status).toBe(400);
  });

  it('the sandbox page and a sandbox-signed callback are not served when Toss is the gateway', async () => {
    const { paymentId } = await shop.open(15_000);
    expect((await rawCall(server, 'GET', `payCenter/sandbox/${paymentId}?key=x`)).status).toBe(404);
    const forged = await call(server, 'paymentCallback', {
      paymentId,
      amount: 15_000,
      status: 'paid',
      signature: 'ab'.repeat(32),
    });
    expect(forged.status).toBe(400);
    expect(await shop.status(paymentId)).toBe('pending');
  });
});
