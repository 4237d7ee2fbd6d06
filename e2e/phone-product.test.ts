import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { favorites, members, products, restockAlerts } from '../apps/server/src/db/schema.js';
import { addProduct } from './fixtures.js';
import { memberLogin, phonePage, shot, snap, startShop } from './helpers.js';

/**
 * The phone's product screen (docs/requirements.md#favourites, #restock-alerts): the heart and 재입고
 * 알림 as on the desktop popup; a sold-out product offers no 장바구니, which the cart would refuse.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

async function openOnPhone(page: Page, pid: string, load = true) {
  // The phone's home shows no notice popup (the desktop's does): nothing to close first.
  if (load) await page.goto(`${shop.server.base}/mobile?searchType=pid&keyword=${pid}`);
  await page.locator('.m-item', { hasText: pid }).click();
  return page.getByRole('dialog');
}

describe('phone product screen', () => {
  it('has the heart and 재입고 알림, and no 장바구니 for a sold-out product', async () => {
    const inStock = await addProduct(shop.server, {
      name: '폰 화면 오일필터',
      prices: [9_000, 9_000, 9_000, 9_000],
      stock: 4,
    });
    const gone = await addProduct(shop.server, {
      name: '폰 화면 품절 패드',
      prices: [30_000, 30_000, 30_000, 30_000],
      stock: 0,
    });
    const [demo] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    const { page, context } = await phonePage(shop.browser);
    await memberLogin(page, `${shop.server.base}/mobile`);

    let slide = await openOnPhone(page, inStock.pid);
    await slide.getByRole('button', { name: '바로구매' }).waitFor();
    expect(await slide.getByRole('button', { name: '장바구니' }).count()).toBe(1);
    await slide.getByRole('button', { name: '관심상품' }).click();
    await slide.locator('[data-testid="fav-heart"][aria-pressed="true"]').waitFor();
    await expect
      .poll(
        async () =>
          (
            await shop.server.db
              .select()
              .from(favorites)
              .where(and(eq(favorites.companyId, demo!.companyId!), eq(favorites.productId, inStock.id)))
          ).length,
      )
      .toBe(1);
    await shot(page, 'phone-product-in-stock');
    await slide.getByRole('button', { name: '닫기' }).click();

    slide = await openOnPhone(page, gone.pid);
    await slide.getByRole('button', { name: '재입고 알림 신청' }).waitFor();
    expect(await slide.getByRole('button', { name: '장바구니' }).count()).toBe(0);
    expect(await slide.getByRole('button', { name: '바로구매' }).count()).toBe(0);
    expect(await slide.getByRole('button', { name: '관심상품' }).count()).toBe(1);
    await slide.getByRole('button', { name: '재입고 알림 신청' }).click();
    await slide.getByRole('button', { name: '✓ 신청됨' }).waitFor();
    await expect
      .poll(
        async () =>
          (
            await shop.server.db
              .select()
              .from(restockAlerts)
              .where(and(eq(restockAlerts.memberId, demo!.id), eq(restockAlerts.productId, gone.id)))
          ).length,
      )
      .toBe(1);
    await shot(page, 'phone-product-sold-out');
    await context.close();
  });
});

describe('phone product slide and history', () => {
  /**
   * A product of the test's own (one price for every tier) and a phone on the notices: a page before
   * the list, where a Back that leaves the list lands.
   */
  async function afterNotices(name: string, price: number, stock: number) {
    const product = await addProduct(shop.server, { name, prices: [price, price, price, price], stock });
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/mobileNotice`);
    return { product, page, context, list: `${shop.server.base}/mobile?searchType=pid&keyword=${product.pid}` };
  }

  it("the phone's Back closes an open product and stays on the list; 닫기 goes back the same way", async () => {
    const { product, page, context, list } = await afterNotices('폰 뒤로가기 점화플러그', 7_000, 5);
    let slide = await openOnPhone(page, product.pid);
    await slide.getByRole('heading', { name: product.name }).waitFor();
    await snap(page, 'phone-product-slide-open');
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toBe(list);
    await page.locator('.m-item', { hasText: product.pid }).waitFor();
    await snap(page, 'phone-product-slide-back');

    slide = await openOnPhone(page, product.pid, false);
    await slide.getByRole('button', { name: '닫기' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toBe(list);
    // The next Back leaves the list, as it would have without the slide.
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/mobileNotice');
    await context.close();
  });

  it('a slide open when the page is reloaded: 닫기 goes back to its list, and the next Back leaves the list', async () => {
    const { product, page, context, list } = await afterNotices('폰 새로고침 브레이크패드', 12_000, 3);
    await openOnPhone(page, product.pid);
    await page.reload();
    const slide = page.getByRole('dialog');
    await slide.getByRole('heading', { name: product.name }).waitFor();
    await slide.getByRole('button', { name: '닫기' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toBe(list);
    await page.locator('.m-item', { hasText: product.pid }).waitFor();
    // It was closed in place: the next Back landed on the same list and seemed to do nothing.
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/mobileNotice');
    await context.close();
  });

  it("the list's address opened again shows no slide; a slide restored as the tab's first entry closes in place", async () => {
    const { product, page, context, list } = await afterNotices('폰 다시 열기 쇼바', 15_000, 2);
    await (await openOnPhone(page, product.pid)).getByRole('heading', { name: product.name }).waitFor();
    const slideState: unknown = await page.evaluate(() => (history.state as { usr: unknown }).usr);
    // Chromium keeps the entry, and the state the slide left in it, when the address shown is opened again.
    await page.goto(list);
    await page.locator('.m-item', { hasText: product.pid }).waitFor();
    expect(await page.locator('.m-slide').count()).toBe(0);

    // A restored tab: the slide's entry is the tab's first of the shop; Back would leave the shop.
    const restored = await context.newPage();
    await restored.goto(list);
    await restored.evaluate((usr) => history.replaceState({ usr, key: 'restored', idx: 0 }, ''), slideState);
    await restored.reload();
    const slide = restored.getByRole('dialog', { name: product.name });
    await slide.getByRole('button', { name: '닫기' }).click();
    await expect.poll(() => restored.locator('.m-slide').count()).toBe(0);
    expect(restored.url()).toBe(list);
    await restored.locator('.m-item', { hasText: product.pid }).waitFor();
    await context.close();
  });

  it('the same search sent again shows the list afresh (stock changes meanwhile)', async () => {
    const product = await addProduct(shop.server, {
      name: '폰 재검색 에어필터',
      prices: [8_000, 8_000, 8_000, 8_000],
      stock: 5,
    });
    const { page, context } = await phonePage(shop.browser);
    const item = page.locator('.m-item', { hasText: product.pid });
    // A slide opened and closed first: its history entries do not ask for the list again, a search does.
    await (await openOnPhone(page, product.pid)).getByRole('button', { name: '닫기' }).click();
    await item.getByText('재고 5개').waitFor();
    await shop.server.db.update(products).set({ hasAmount: 2 }).where(eq(products.id, product.id));
    await page.getByRole('search').getByRole('button', { name: '검색' }).click();
    await item.getByText('재고 2개').waitFor();
    expect(page.url()).toBe(`${shop.server.base}/mobile?searchType=pid&keyword=${product.pid}`);
    await context.close();
  });
});

describe("the desktop's product page on a phone", () => {
  it('wraps a name without spaces inside the screen, and the top bar scrolls away with the page', async () => {
    // A 40-letter name with no space drew the page 730 px wide on any phone.
    const name = '현대기아정품호환프리미엄세라믹브레이크패드앞바퀴용저소음저분진고내열성강화형특수모델';
    const product = await addProduct(shop.server, { name, prices: [30_000, 30_000, 30_000, 30_000], stock: 3 });
    const { page, context } = await phonePage(shop.browser);
    await memberLogin(page, `${shop.server.base}/productDetail/${product.id}`);
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([390, 390]);
    // The member's top bar (218 px on a 640 px screen at 320 px wide) no longer covers what was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.topbar')!.getBoundingClientRect().bottom))
      .toBeLessThanOrEqual(0);
    await snap(page, 'product-detail-long-name-phone');
    await context.close();
  });
});
