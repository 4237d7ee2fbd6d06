import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cartItems, favorites, members, restockAlerts } from '../apps/server/src/db/schema.js';
import { addProduct, setCash } from './fixtures.js';
import { call, desktopPage, loginAs, memberLogin, phonePage, snap, startShop } from './helpers.js';
import { COURIER } from '../apps/server/test/order-helpers.js';

/**
 * 관심상품 and 재입고 알림 in the browser (docs/requirements.md#favourites, #restock-alerts): the
 * heart on a home card fills at once and is stored; the member area's list shows the product with
 * its price and stock and puts it in the cart; a sold-out product's page asks for the restock text;
 * the order's job reference shows in its detail. Screenshots desktop and phone.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
  await setCash(shop.server, 'demo@partsmall.kr', 5_000_000);
});
afterAll(async () => {
  await shop?.close();
});

async function login(page: Page, to: string) {
  await memberLogin(page, to);
}

/** The desktop home's notice popup covers the grid when it opens: closed first. */
async function closeNotice(page: Page) {
  await page.locator('.notice-popup').getByRole('button', { name: '닫기' }).click();
}

const demoMember = async () =>
  (await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr')))[0]!;

describe('관심상품', () => {
  it('heart on a home card → the member-area list shows it → 장바구니 담기', async () => {
    const pad = await addProduct(shop.server, {
      name: '관심 브레이크 패드',
      prices: [41_000, 42_000, 43_000, 44_000],
      stock: 7,
    });
    const demo = await demoMember();
    const { context, page } = await desktopPage(shop.browser);
    await login(page, `${shop.server.base}/home?searchType=pid&keyword=${pad.pid}`);
    await closeNotice(page);
    const card = page.locator('.product-card', { hasText: pad.pid });
    const heart = card.getByRole('button', { name: `관심상품에 담기: ${pad.name}` });
    await heart.click();
    await card.getByRole('button', { name: `관심상품에서 빼기: ${pad.name}` }).waitFor();
    await expect
      .poll(
        async () =>
          (
            await shop.server.db
              .select()
              .from(favorites)
              .where(and(eq(favorites.companyId, demo.companyId!), eq(favorites.productId, pad.id)))
          ).length,
      )
      .toBe(1);
    await snap(page, 'favorites-home-heart-desktop');

    await page.goto(`${shop.server.base}/management/favorites`);
    await page.getByRole('heading', { name: '관심상품', level: 2 }).waitFor();
    const row = page.getByTestId('favorite-row').filter({ hasText: pad.pid });
    await row.waitFor();
    expect(await row.textContent()).toContain('7개');
    await snap(page, 'favorites-list-desktop');
    await row.getByRole('button', { name: `장바구니 담기: ${pad.name}` }).click();
    await page.getByText('장바구니에 담았습니다.').first().waitFor();
    const [line] = await shop.server.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.memberId, demo.id), eq(cartItems.productId, pad.id)));
    expect(line?.qty).toBe(1);
    await context.close();

    const phone = await phonePage(shop.browser);
    await login(phone.page, `${shop.server.base}/mobileManagement?menu=favorites`);
    await phone.page.getByTestId('favorite-row').filter({ hasText: pad.pid }).waitFor();
    await snap(phone.page, 'favorites-list-phone');
    await phone.context.close();
  });

  it('a sold-out product page asks for the restock text, then says 신청됨', async () => {
    const gone = await addProduct(shop.server, {
      name: '품절 쇼크업소버',
      prices: [90_000, 91_000, 92_000, 93_000],
      stock: 0,
    });
    const demo = await demoMember();
    const { context, page } = await desktopPage(shop.browser);
    await login(page, `${shop.server.base}/productDetail/${gone.id}`);
    await page.getByRole('button', { name: '재입고 알림 신청' }).click();
    await page.getByRole('button', { name: '✓ 신청됨' }).waitFor();
    await expect
      .poll(
        async () =>
          (
            await shop.server.db
              .select()
              .from(restockAlerts)
              .where(and(eq(restockAlerts.memberId, demo.id), eq(restockAlerts.productId, gone.id)))
          ).length,
      )
      .toBe(1);
    await snap(page, 'restock-product-desktop');
    await context.close();

    const phone = await phonePage(shop.browser);
    await login(phone.page, `${shop.server.base}/productDetail/${gone.id}`);
    await phone.page.getByRole('button', { name: '✓ 신청됨' }).waitFor();
    await snap(phone.page, 'restock-product-phone');
    await phone.context.close();
  });
});

describe('job references of an order and a cart line', () => {
  it("the order's job reference is typed at checkout and shown in the order's detail", async () => {
    const disc = await addProduct(shop.server, {
      name: '작업번호 디스크',
      prices: [30_000, 31_000, 32_000, 33_000],
      stock: 5,
    });
    const { context, page } = await desktopPage(shop.browser);
    await login(page, `${shop.server.base}/home?searchType=pid&keyword=${disc.pid}`);
    await closeNotice(page);
    await page.locator('.product-card-btn', { hasText: disc.pid }).click();
    await page.getByRole('dialog').getByRole('button', { name: '바로구매' }).click();
    await page.waitForURL(/\/checkOut/);
    await page.getByLabel('작업번호/차량번호').fill('12가3456');
    await snap(page, 'jobref-checkout-desktop');
    await context.close();

    // The order itself is paid through the API with the same field; its detail popup shows it.
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const paid = await call(
      shop.server,
      'requestPaymentProduct',
      {
        shippingInfo: {
          ...COURIER,
          phone: '01055550002',
        },
        jobRef: '12가3456',
        carts: [{ productId: disc.id, qty: 1 }],
      },
      { token },
    );
    expect(paid.body.code).toBe(201);
    const seq = paid.body.results!.orderSeq;
    const view = await desktopPage(shop.browser);
    await login(view.page, `${shop.server.base}/orderDetail?seq=${seq}`);
    expect(await view.page.getByTestId('order-job-ref').textContent()).toBe('12가3456');
    await snap(view.page, 'jobref-order-detail-desktop');
    await view.page.goto(`${shop.server.base}/management/orders`);
    await view.page.getByRole('cell', { name: '12가3456' }).first().waitFor();
    await snap(view.page, 'jobref-orders-list-desktop');
    await view.context.close();
  });

  it("a cart line's job reference is typed in the cart and kept", async () => {
    const arm = await addProduct(shop.server, {
      name: '작업번호 컨트롤암',
      prices: [50_000, 51_000, 52_000, 53_000],
      stock: 4,
    });
    const demo = await demoMember();
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    expect((await call(shop.server, 'addToCart', { productId: arm.id, hasAmount: 1 }, { token })).body.code).toBe(201);
    const { context, page } = await desktopPage(shop.browser);
    await login(page, `${shop.server.base}/cart`);
    const field = page.getByRole('textbox', { name: `${arm.name} 작업번호/차량번호` });
    await field.fill('RO-2611');
    await field.blur();
    await page.getByText('작업번호·차량번호를 저장했습니다.').first().waitFor();
    const [line] = await shop.server.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.memberId, demo.id), eq(cartItems.productId, arm.id)));
    expect(line?.jobRef).toBe('RO-2611');
    await snap(page, 'jobref-cart-desktop');
    await context.close();

    const phone = await phonePage(shop.browser);
    await login(phone.page, `${shop.server.base}/cartm`);
    await phone.page.getByRole('textbox', { name: `${arm.name} 작업번호/차량번호` }).waitFor();
    await snap(phone.page, 'jobref-cart-phone');
    await phone.page.goto(`${shop.server.base}/mobile?searchType=pid&keyword=${arm.pid}`);
    await phone.page.locator('.m-item', { hasText: arm.pid }).waitFor();
    await snap(phone.page, 'favorites-home-phone');
    await phone.context.close();
  });
});
