import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { shipments } from '../apps/server/src/db/schema.js';
import { addProduct, demoOrder } from './fixtures.js';
import { shopPhoneFindings } from './layout-checks.js';
import {
  desktopPage,
  loginAs,
  memberLogin,
  mobileOrderFact,
  openAdminOrder,
  phonePage,
  shipFromDetail,
  snap,
  staffLogin,
  startShop,
} from './helpers.js';

/**
 * Shipping and tracking in one browser (docs/requirements.md#shipping-and-tracking): staff ship an
 * order with a carrier from the list and a waybill of its shape; the buyer's order detail (desktop
 * popup and the phone's /ordersm) shows the carrier, the waybill, the carrier's page and the demo
 * parcel's events, then 배송완료 with its time; the order's 거래명세서 opens as a PDF.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
const url = (path: string) => `${shop.server.base}${path}`;

beforeAll(async () => {
  shop = await startShop();
  browser = shop.browser;
});
afterAll(async () => {
  await shop?.close();
});

/** An order of the demo company in 출고확정 (status 1), ready to ship: one pad of 12,000 won. */
async function confirmedOrder(): Promise<number> {
  const product = await addProduct(shop.server, {
    name: '배송 조회 시험 패드',
    prices: [12000, 12000, 12000, 12000],
    stock: 9,
  });
  return demoOrder(shop.server, { product, qty: 1, price: 12000, shipping: 4000, status: 1 });
}

async function shopLogin(page: Page, to: string) {
  await memberLogin(page, to);
}

describe('shipping and tracking', () => {
  it("staff ship with a carrier; the buyer's order detail shows the tracking, then 배송완료 with its time", async () => {
    const seq = await confirmedOrder();
    const staff = await desktopPage(browser);
    const page = staff.page;
    await staffLogin(page, shop.server.base);
    const detail = await openAdminOrder(page, seq);
    const shipButton = detail.getByRole('button', { name: '출고완료', exact: true });
    expect(await shipButton.isDisabled()).toBe(true);
    await detail.getByLabel('택배사').selectOption('kr.cjlogistics');
    await detail.getByText('CJ대한통운: 10자리 또는 12자리 숫자').waitFor();
    await detail.getByLabel('송장번호').fill('12345');
    await detail.getByText('CJ대한통운 송장번호는 10자리 또는 12자리 숫자입니다. 다시 확인하세요.').waitFor();
    expect(await shipButton.isDisabled()).toBe(true);
    await snap(page, 'admin-ship-wrong-waybill');
    await detail.getByLabel('송장번호').fill('6012-3456-7890');
    expect(await shipButton.isDisabled()).toBe(false);
    await snap(page, 'admin-ship-dialog');
    await shipFromDetail(page, detail, {
      carrier: 'kr.cjlogistics',
      waybill: '6012-3456-7890',
      shown: 'CJ대한통운 / 601234567890',
    });
    await staff.context.close();

    // The buyer's detail popup, as the orders list opens it.
    const buyer = await desktopPage(browser);
    await shopLogin(buyer.page, url(`/orderDetail?seq=${seq}`));
    const panel = buyer.page.getByTestId('order-tracking');
    await panel.waitFor();
    await panel.getByText('CJ대한통운').waitFor();
    await panel.getByText('601234567890').waitFor();
    expect(await panel.getByRole('link', { name: '택배사에서 조회' }).getAttribute('href')).toBe(
      'https://trace.cjlogistics.com/next/tracking.html?wblNo=601234567890',
    );
    await panel.getByText('집화', { exact: true }).waitFor();
    expect(await panel.getByTestId('delivered-at').count()).toBe(0);
    await snap(buyer.page, 'order-detail-tracking-desktop');

    // Four minutes later (the demo parcel's steps are a minute apart): delivered, with the time.
    const shippedAt = new Date(Date.parse('2026-11-20T09:00:00+09:00'));
    await shop.server.db.update(shipments).set({ shippedAt }).where(eq(shipments.orderId, seq));
    await buyer.page.reload();
    await panel.getByTestId('delivered-at').waitFor();
    expect(await panel.getByTestId('delivered-at').textContent()).toBe('배송완료 2026.11.20 09:03');
    expect(await panel.locator('.trk-status').allTextContents()).toEqual(['배송완료', '배송출발', '간선 이동', '집화']);
    expect(await buyer.page.getByTestId('order-status').textContent()).toBe('출고완료');
    await snap(buyer.page, 'order-detail-delivered-desktop');

    // The order's 거래명세서: the detail's button when there is one, else the same call the button makes.
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const button = buyer.page
      .getByRole('button', { name: /거래명세서/ })
      .or(buyer.page.getByRole('link', { name: /거래명세서/ }));
    if ((await button.count()) > 0) {
      const [pdf] = await Promise.all([
        buyer.context.waitForEvent('response', (r) => r.url().includes('/api/orderStatement')),
        button.first().click(),
      ]);
      expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    } else {
      const res = await fetch(url(`/api/orderStatement?seq=${seq}`), { headers: { authorization: `Bearer ${token}` } });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    await buyer.context.close();
  });

  it('the phone order list opens the tracking of a shipped order', async () => {
    const seq = await confirmedOrder();
    const token = await loginAs(shop.server, 'staff@partsmall.kr', 'staff1234');
    const shipped = await fetch(url('/api/admin/setOrderStatus'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ seq, status: 2, carrier: '로젠', waybill: '317-1234-5678' }),
    });
    expect(shipped.status).toBe(200);
    await shop.server.db
      .update(shipments)
      .set({ shippedAt: new Date(Date.now() - 90_000) })
      .where(eq(shipments.orderId, seq));
    const { context, page } = await phonePage(browser);
    await shopLogin(page, url('/ordersm'));
    const card = page.getByTestId('mobile-order').filter({ hasText: '31712345678' });
    // The card's 배송 row: the way chosen at checkout, then the carrier and waybill staff gave.
    expect(await mobileOrderFact(card, '배송')).toBe('택배 · 로젠택배 31712345678');
    await card.getByRole('button', { name: '배송 조회' }).click();
    const panel = card.getByTestId('order-tracking');
    await panel.getByText('로젠택배').waitFor();
    expect(await panel.locator('.trk-status').allTextContents()).toEqual(['간선 이동', '집화']);
    expect(await panel.getByRole('link', { name: '택배사에서 조회' }).getAttribute('href')).toBe(
      'https://www.ilogen.com/web/personal/trace/31712345678',
    );
    expect(await shopPhoneFindings(page, 'orders with a tracking open')).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'ordersm-tracking-phone');
    await context.close();
  });
});
