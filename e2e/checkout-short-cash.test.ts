import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, members } from '../apps/server/src/db/schema.js';
import { addProduct, setCash } from './fixtures.js';
import { call, desktopPage, loginAs, memberLogin, phonePage, shot, startShop } from './helpers.js';
import { TOUCH_TARGET_PX } from './layout-checks.js';

/**
 * A phone buyer whose cash is short of the goods (docs/requirements.md#cart-and-checkout): the cart and
 * the checkout say by how much, with the 캐시 충전 link a 44 px target; the checkout never shows a
 * negative balance after paying (docs/requirements.md#wallet).
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const url = (path: string) => `${shop.server.base}${path}`;

/** The 캐시 충전 link's drawn size inside the shortfall warning. */
async function chargeLinkSize(page: Page) {
  const warning = page.locator('.short-warning');
  await warning.waitFor();
  const box = await warning.getByRole('link', { name: '캐시 충전' }).boundingBox();
  return { text: await warning.textContent(), width: Math.round(box!.width), height: Math.round(box!.height) };
}

/** The demo company with 14,800원 of cash and, in its cart, two of a part its level pays 55,250원 for. */
async function shortOfCash() {
  const part = await addProduct(shop.server, {
    name: '테스트 잔액 부족 패드',
    prices: [66_000, 55_250, 44_000, 33_000],
    stock: 10,
  });
  const [demo] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  await shop.server.db.delete(cartItems).where(eq(cartItems.memberId, demo!.id));
  await setCash(shop.server, 'demo@partsmall.kr', 14_800);
  const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
  expect((await call(shop.server, 'addToCart', { productId: part.id, hasAmount: 2 }, { token })).body.code).toBe(201);
}

/** The checkout's figures: the terms shown, and the whole summary's text. */
async function checkoutFigures(page: Page) {
  const summary = page.getByRole('complementary', { name: '결제 금액' });
  return { terms: await summary.locator('dt').allTextContents(), text: (await summary.textContent()) ?? '' };
}

describe('cash short of the goods', () => {
  it('on a phone, /cartm and /checkOutm tell the shortfall with a 44 px 캐시 충전 link, and no negative balance', async () => {
    // Gold (B) pays 55,250; two of them and the 6,000원 courier fee are 116,500원 against 14,800원 of cash.
    await shortOfCash();
    const { page, context } = await phonePage(shop.browser);
    await memberLogin(page, url('/cartm'));
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('110,500원');
    const inCart = await chargeLinkSize(page);
    expect(inCart.text).toBe('캐시 잔액이 95,700원 부족합니다. 캐시 충전');
    expect(inCart.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    expect(inCart.width).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    await shot(page, 'cart-short-cash-phone');

    await page.getByRole('button', { name: '선택 상품 주문하기 (1건)' }).click();
    await page.waitForURL(/\/checkOutm$/);
    await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('116,500원');
    const atCheckout = await chargeLinkSize(page);
    expect(atCheckout.text).toBe('캐시 잔액이 101,700원 부족합니다. 캐시 충전');
    expect(atCheckout.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    expect(atCheckout.width).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    const figures = await checkoutFigures(page);
    expect(figures.terms).toContain('보유 캐시');
    expect(figures.terms).not.toContain('결제 후 잔액');
    expect(figures.text).not.toContain('-101,700');
    await shot(page, 'checkout-short-cash-phone');
    await context.close();
  });

  it('on a desktop, /checkOut shows the shortfall and no negative balance either', async () => {
    await shortOfCash();
    const { page, context } = await desktopPage(shop.browser);
    await memberLogin(page, url('/cart'));
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('110,500원');
    await page.getByRole('button', { name: '선택 상품 주문하기 (1건)' }).click();
    await page.waitForURL(/\/checkOut$/);
    await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('116,500원');
    expect(await page.locator('.short-warning').textContent()).toBe('캐시 잔액이 101,700원 부족합니다. 캐시 충전');
    const figures = await checkoutFigures(page);
    expect(figures.terms).not.toContain('결제 후 잔액');
    expect(figures.text).not.toContain('-101,700');
    await shot(page, 'checkout-short-cash-desktop');
    await context.close();
  });
});
