import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_PACKAGES } from '@partsmall/contract';
import { payments } from '../../src/db/schema.js';
import { saveMallConfig } from '../../src/features/mall/index.js';
import { virtualAccount } from '../../src/features/payments/sandbox.js';
import { MALL_CONFIG } from '../../src/seed/mall-config.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';

/**
 * The payment window (docs/requirements.md#payments) opens at the address the shop is browsed at when PUBLIC_URL
 * is unset (and only at PUBLIC_URL when it is set); a bank transfer waiting for its deposit is
 * listed with bank, account, holder and due date after its window is closed.
 */
let server: TestServer;
let configured: TestServer;
let co: TestCompany;
let main: string;

beforeAll(async () => {
  [server, configured] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { PUBLIC_URL: 'https://shop.example.kr' } }),
  ]);
  co = await makeCompany(server, '이체대기', 1);
  main = await loginAs(server, co.main.id, co.main.pw);
});
afterAll(async () => {
  await Promise.all([server?.close(), configured?.close()]);
});

interface Window {
  online_url: string;
  paymentId: string;
}
const openWindow = (
  s: TestServer,
  token: string,
  pgcode: string,
  headers: Record<string, string> = {},
  path = 'payCenter/showCashPaymentWinow',
  body: Record<string, unknown> = { pgcode, amount: 30_000 },
) => call<Window>(s, 'POST', path, body, token, headers);

describe('the payment window address', () => {
  it('without PUBLIC_URL: the origin of the page that asked, for cash and licence windows', async () => {
    const cash = await openWindow(server, main, 'creditcard', { origin: 'http://parts.lan:3000' });
    expect(cash.body.code).toBe(200);
    expect(cash.body.results!.online_url).toMatch(
      /^http:\/\/parts\.lan:3000\/payCenter\/sandbox\/sbx_[0-9a-f]{32}\?key=/,
    );
    expect((cash.body as { online_url?: string }).online_url).toBe(cash.body.results!.online_url);
    const { price, days } = LICENSE_PACKAGES[0]!;
    const licence = await openWindow(
      server,
      main,
      'banktransfer',
      { origin: 'https://192.0.2.7:8443' },
      'payCenter/showLicensePaymentWinow',
      { pgcode: 'banktransfer', amount: price, days },
    );
    expect(licence.body.code).toBe(200);
    expect(licence.body.results!.online_url).toMatch(/^https:\/\/192\.0\.2\.7:8443\/payCenter\/sandbox\/sbx_/);
  });

  it('without PUBLIC_URL and without a usable Origin: the configured address', async () => {
    for (const origin of [undefined, 'null', 'javascript:alert(1)', 'http://parts.lan:3000/path', 'ftp://parts.lan']) {
      const res = await openWindow(server, main, 'creditcard', origin === undefined ? {} : { origin });
      expect(res.body.code, String(origin)).toBe(200);
      expect(res.body.results!.online_url.startsWith(`${server.base}/payCenter/sandbox/`), String(origin)).toBe(true);
    }
  });

  it('with PUBLIC_URL: always PUBLIC_URL, whatever Origin the request names', async () => {
    const token = await loginAs(configured, 'demo@partsmall.kr', 'demo1234');
    const res = await openWindow(configured, token, 'creditcard', { origin: 'http://parts.lan:3000' });
    expect(res.body.code).toBe(200);
    expect(res.body.results!.online_url.startsWith('https://shop.example.kr/payCenter/sandbox/')).toBe(true);
  });
});

describe("a payment's status once its window closed", () => {
  const status = (token: string, paymentId: string) => call(server, 'mallPaymentStatus', { paymentId }, { token });
  const press = async (onlineUrl: string, button: string) => {
    const page = new URL(onlineUrl);
    const res = await fetch(`${server.base}${page.pathname}/${button}${page.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(200);
  };

  it('pending, then declined or paid, as the window left it; only for its own company main account', async () => {
    const company = await makeCompany(server, '결제상태', 1);
    const token = await loginAs(server, company.main.id, company.main.pw);
    const declined = (await openWindow(server, token, 'creditcard')).body.results!;
    const approved = (await openWindow(server, token, 'creditcard')).body.results!;
    const transfer = (await openWindow(server, token, 'banktransfer')).body.results!;
    expect((await status(token, declined.paymentId)).body).toMatchObject({
      code: 200,
      results: { paymentId: declined.paymentId, pgcode: 'creditcard', status: 'pending' },
    });
    await press(declined.online_url, 'decline');
    await press(approved.online_url, 'approve');
    expect((await status(token, declined.paymentId)).body.results!.status).toBe('declined');
    expect((await status(token, approved.paymentId)).body.results!.status).toBe('paid');
    expect((await status(token, transfer.paymentId)).body.results).toEqual({
      paymentId: transfer.paymentId,
      pgcode: 'banktransfer',
      status: 'pending',
    });

    // Another company's payment, an unknown one, a malformed id: not found; a sub-account, a visitor: refused.
    for (const paymentId of [declined.paymentId, 'sbx_nowhere']) {
      const other = await status(main, paymentId);
      expect([other.status, other.body.message]).toEqual([404, '결제 정보를 찾을 수 없습니다.']);
    }
    expect((await status(token, 'sbx_\u202e1')).status).toBe(400);
    const sub = await loginAs(server, company.subs[0]!.id, company.subs[0]!.pw);
    expect((await status(sub, approved.paymentId)).status).toBe(403);
    expect((await call(server, 'mallPaymentStatus', { paymentId: approved.paymentId })).status).toBe(401);
  });
});

describe('pending bank transfers', () => {
  const pending = (token: string, body: Record<string, unknown> = {}) =>
    call(server, 'mallPendingTransfers', body, { token });

  it('lists the transfer with its bank, account, holder, amount and due date 72 h after it started, until the deposit', async () => {
    const company = await makeCompany(server, '입금대기', 1);
    const token = await loginAs(server, company.main.id, company.main.pw);
    expect((await pending(token)).body.results).toEqual([]);

    const started = await openWindow(server, token, 'banktransfer');
    const card = await openWindow(server, token, 'creditcard');
    expect([started.body.code, card.body.code]).toEqual([200, 200]);
    const paymentId = started.body.results!.paymentId;
    const [row] = await server.db.select().from(payments).where(eq(payments.gatewayId, paymentId));
    const account = virtualAccount(paymentId);

    const listed = await pending(token);
    expect(listed.body.code).toBe(200);
    // The card payment waits for nothing to be transferred: only the bank transfer is listed.
    expect(listed.body.results).toEqual([
      {
        paymentId,
        product_name: '캐시 충전 30,000원',
        amount: 30_000,
        created: row!.createdAt.toISOString(),
        bank: account.bank,
        account: account.account,
        holder: '(주)파츠몰코리아',
        dueDate: new Date(row!.createdAt.getTime() + 72 * 3600_000).toISOString(),
      },
    ]);
    expect(account.account).toMatch(/^\d{3}-\d{6}-\d{3}$/);
    // A licence history asks for licence transfers: none.
    expect((await pending(token, { kind: 'license' })).body.results).toEqual([]);

    // Another company sees none of it; a sub-account may not ask.
    expect((await pending(main)).body.results).toEqual([]);
    const sub = await loginAs(server, company.subs[0]!.id, company.subs[0]!.pw);
    expect((await pending(sub)).status).toBe(403);

    // Deposited: no longer waiting.
    const page = new URL(started.body.results!.online_url);
    const deposit = await fetch(`${server.base}${page.pathname}/deposit${page.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(deposit.status).toBe(200);
    expect((await pending(token)).body.results).toEqual([]);
  });

  it('a transfer past its due date is no longer offered; one a minute before it still is', async () => {
    const company = await makeCompany(server, '기한경계', 0);
    const token = await loginAs(server, company.main.id, company.main.pw);
    const late = (await openWindow(server, token, 'banktransfer')).body.results!.paymentId;
    const inTime = (await openWindow(server, token, 'banktransfer')).body.results!.paymentId;
    const hours = (h: number) => new Date(Date.now() - h * 3600_000);
    await server.db
      .update(payments)
      .set({ createdAt: hours(72 + 1 / 60) })
      .where(eq(payments.gatewayId, late));
    await server.db
      .update(payments)
      .set({ createdAt: hours(72 - 1 / 60) })
      .where(eq(payments.gatewayId, inTime));
    expect((await pending(token)).body.results?.map((t) => t.paymentId)).toEqual([inTime]);
  });

  it("names as 예금주 the shop's name in its settings, on the list and on the payment page", async () => {
    const company = await makeCompany(server, '예금주확인', 0);
    const token = await loginAs(server, company.main.id, company.main.pw);
    const started = (await openWindow(server, token, 'banktransfer')).body.results!;
    const renamed = { ...MALL_CONFIG, mallBottom: { ...MALL_CONFIG.mallBottom, companyName: '(주)새이름상사' } };
    await saveMallConfig(server.db, renamed);
    try {
      expect((await pending(token)).body.results!.map((t) => t.holder)).toEqual(['(주)새이름상사']);
      const page = await fetch(started.online_url);
      expect(await page.text()).toContain('(주)새이름상사');
    } finally {
      await saveMallConfig(server.db, MALL_CONFIG);
    }
  });

  it('refuses a kind it does not know, and a visitor', async () => {
    expect((await pending(main, { kind: 'cash' })).status).toBe(400);
    expect((await call(server, 'mallPendingTransfers', {})).status).toBe(401);
  });
});
