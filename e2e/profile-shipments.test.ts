import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { members, shipments } from '../apps/server/src/db/schema.js';
import { insertOrder, makeProduct } from '../apps/server/test/order-helpers.js';
import { newCompany } from './fixtures.js';
import { shot, startShop } from './helpers.js';
import { shopPhoneFindings } from './layout-checks.js';
import { desktop, login, phone } from './member-area.js';
import { settle } from './tour.js';

/**
 * The profile's 배송 현황 (docs/requirements.md#member-area): the company's orders waiting, on their
 * way and delivered in the last 30 days, each a link to the order list, on a desktop and a phone.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
let who: { id: string; pw: string };

/** An order of the company in `status`; with `deliveredAt`, a shipment delivered then (null: on its way). */
async function order(
  memberId: number,
  companyId: number,
  productId: number,
  status: number,
  deliveredAt?: Date | null,
) {
  const orderId = await insertOrder(shop.server, { companyId, memberId, status, productId });
  if (deliveredAt !== undefined)
    await shop.server.db.insert(shipments).values({
      orderId,
      carrierCode: 'kr.cjlogistics',
      carrierName: 'CJ대한통운',
      waybill: '601234567890',
      // A carrier the shop follows: its delivery time says 배송중 or 배송완료 (직접 배송 and 퀵 count as delivered).
      tracked: true,
      shippedAt: new Date((deliveredAt ?? new Date()).getTime() - 2 * 86_400_000),
      deliveredAt,
    });
}

beforeAll(async () => {
  shop = await startShop();
  who = await newCompany(shop.server, { id: 'shipments@partsmall.kr', name: '배송현황상사', phone: '01077790222' });
  const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, who.id));
  const productId = (await makeProduct(shop.server, { tiers: [10_000, 0, 0, 0], salePrice: 10_000 })).id;
  // Two waiting (구매요청, 출고확정), one on its way, three delivered yesterday, one 40 days ago (not counted).
  for (const status of [0, 1]) await order(m!.id, m!.companyId!, productId, status);
  await order(m!.id, m!.companyId!, productId, 2, null);
  for (let i = 0; i < 3; i++) await order(m!.id, m!.companyId!, productId, 2, new Date(Date.now() - 86_400_000));
  await order(m!.id, m!.companyId!, productId, 2, new Date(Date.now() - 40 * 86_400_000));
});
afterAll(async () => {
  await shop?.close();
});

/** 배송대기, 배송중 and 배송완료 as the links read (label, then count). */
const FIGURES = ['배송대기2', '배송중1', '배송완료 (최근 30일)3'];
const figures = (page: Page) => page.locator('.mg-shipment-link').allTextContents();

describe("the profile's 배송 현황", () => {
  it('shows the loading state until the counts come, then the counts, each a link to the order list (desktop)', async () => {
    const { page, context } = await desktop(shop.browser);
    let release = () => {};
    await page.route('**/api/getMallShipmentCounts*', async (route) => {
      await new Promise<void>((go) => (release = go));
      await route.continue();
    });
    await login(page, `${shop.server.base}/management/profile`, who.id, who.pw);
    const box = page.locator('section[aria-labelledby="mg-shipments"]');
    await box.locator('[aria-busy="true"]').waitFor();
    expect(await box.locator('.mg-shipments').count()).toBe(0);
    release();
    await expect.poll(() => figures(page)).toEqual(FIGURES);
    await settle(page);
    await shot(page, 'management-profile-shipments-desktop');
    await page.getByTestId('profile-shipping').click();
    await page.waitForURL(/\/management\/orders$/);
    await context.close();
  });

  it('on a phone: the same counts, 44 px links, leading to the order list', async () => {
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobileManagement?menu=profile`, who.id, who.pw);
    await expect.poll(() => figures(page)).toEqual(FIGURES);
    await settle(page);
    expect(await shopPhoneFindings(page, 'phone profile')).toEqual([]);
    await shot(page, 'management-profile-shipments-mobile');
    await page.getByTestId('profile-delivered').click();
    await page.waitForURL(/\/mobileManagement\?menu=orders$/);
    await context.close();
  });
});
