import { eq, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, members, orderLines } from '../apps/server/src/db/schema.js';
import { chatMessages } from '../apps/server/src/features/chat/schema.js';
import { addProduct, demoOrder } from './fixtures.js';
import { desktopPage, memberLogin, openAdminOrder, phonePage, shot, staffLogin, startShop } from './helpers.js';

/**
 * Quick order's notes (docs/requirements.md#quick-order, #job-reference): a line's memo shows in the
 * cart; '채팅으로 문의' on an unknown number keeps the table and writes the number into the chat; the
 * phone's table is one card per line with every field on screen.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
const url = (path: string) => `${shop.server.base}${path}`;

async function login(page: Page, to: string) {
  await memberLogin(page, to);
}

async function check(page: Page, text: string) {
  await page.getByRole('textbox', { name: '품번 목록 붙여넣기' }).fill(text);
  await page.getByRole('button', { name: '품번 확인' }).click();
  return page.getByRole('region', { name: '확인 결과' }).locator('tbody tr');
}

describe('quick order notes', () => {
  it('desktop: the memo reaches the cart; 채팅으로 문의 opens the chat with the number and the table stays', async () => {
    const p = await addProduct(shop.server, {
      name: '메모 부품',
      pid: '5566-777-0001',
      prices: [9000, 9000, 9000, 9000],
      stock: 5,
    });
    const [demo] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    await shop.server.db.delete(cartItems).where(eq(cartItems.memberId, demo!.id));
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/quickOrder'));
    const rows = await check(page, `${p.pid} 2\nQQ-0000-4242 3`);
    await rows.nth(1).getByRole('button', { name: '채팅으로 문의' }).waitFor();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      rows.nth(1).getByRole('button', { name: '채팅으로 문의' }).click(),
    ]);
    await expect
      .poll(
        async () =>
          (await shop.server.db.select().from(chatMessages).where(like(chatMessages.body, '%QQ-0000-4242%'))).map(
            (m) => m.body,
          ),
        // The popup connects its socket, reads the inquiry's product and then sends: seconds on a busy machine.
        { timeout: 15_000 },
      )
      .toEqual([
        '[품번 문의]\n품번: QQ-0000-4242\n수량: 3개\n빠른 주문에서 찾지 못한 품번입니다. 구할 수 있는지 알려 주세요.',
      ]);
    await popup.close();
    // The table is still there, as it was.
    expect(await rows.count()).toBe(2);
    await rows.nth(0).getByLabel('1줄 메모').fill('조수석 먼저');
    await page.getByRole('button', { name: '모두 장바구니에 담기 (1)' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByTestId('cart-memo').getByText('메모: 조수석 먼저').waitFor();
    await shot(page, 'quick-order-memo-cart-desktop');
    await context.close();

    // An order line's memo in the back office's order detail.
    const seq = await demoOrder(shop.server, { product: p, qty: 1, price: 9000, shipping: 0, status: 0 });
    await shop.server.db.update(orderLines).set({ memo: '운전석 먼저' }).where(eq(orderLines.orderId, seq));
    const staff = await desktopPage(shop.browser);
    await staffLogin(staff.page, shop.server.base);
    const detail = await openAdminOrder(staff.page, seq);
    await detail.getByRole('cell', { name: '운전석 먼저' }).waitFor();
    await shot(staff.page, 'quick-order-memo-admin-desktop');
    await staff.context.close();
  });

  it("desktop: the table's fields are the kit's rounded boxes; a wide table is a named region the keyboard reaches (docs/requirements.md#look-and-language)", async () => {
    const p = await addProduct(shop.server, {
      name: '표 모양 부품',
      pid: '5566-777-0003',
      prices: [9000, 9000, 9000, 9000],
      stock: 5,
    });
    const { page, context } = await desktopPage(shop.browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await login(page, url('/quickOrder'));
    const rows = await check(page, `${p.pid} 2\nQQ-0000-6464 1`);
    await rows.nth(1).waitFor();
    // Quantity, memo and 작업번호·차량번호: a 1 px solid border with rounded corners, at least 32 px tall
    // (they were Chromium's own 2 px inset grey boxes, 21 px tall).
    for (const label of ['1줄 수량', '1줄 메모', '1줄 작업번호·차량번호']) {
      const look = await rows
        .nth(0)
        .getByLabel(label)
        .evaluate((el) => {
          const cs = getComputedStyle(el);
          return [
            cs.borderTopStyle,
            cs.borderTopWidth,
            cs.borderTopLeftRadius !== '0px',
            el.getBoundingClientRect().height >= 32,
          ];
        });
      expect(look, label).toEqual(['solid', '1px', true, true]);
    }
    // A table that fits its box adds no stop to the Tab order.
    expect(await page.getByRole('region', { name: '확인 결과 표' }).count()).toBe(0);
    await shot(page, 'quick-order-fields-desktop');

    // A line of 45 Hangul without spaces in a 1024 window: the table is wider than its box.
    await page.setViewportSize({ width: 1024, height: 768 });
    const long = '가나다라마바사아자차카타파하'.repeat(3) + '가나다';
    const wide = await check(page, `${p.pid} 2\n${long} 1`);
    await wide.nth(1).getByText(long).waitFor();
    const region = page.getByRole('region', { name: '확인 결과 표' });
    await region.waitFor();
    expect(
      await region.evaluate((el) => el.scrollWidth > el.clientWidth && el.classList.contains('table-scroll')),
    ).toBe(true);
    // The keyboard reaches it: Tab from the last control before it lands on the region, arrows scroll it.
    await region.focus();
    expect(await region.evaluate((el) => el === document.activeElement && el.tabIndex === 0)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await shot(page, 'quick-order-wide-table-1024');
    await context.close();
  });

  it('phone: one card per line with memo and 작업번호 on screen; back from the chat the table is still there', async () => {
    const p = await addProduct(shop.server, {
      name: '폰 메모 부품',
      pid: '5566-777-0002',
      prices: [9000, 9000, 9000, 9000],
      stock: 5,
    });
    const { page, context } = await phonePage(shop.browser);
    await login(page, url('/mobileQuickOrder'));
    const rows = await check(page, `${p.pid} 1\nQQ-0000-5353 2`);
    await rows.nth(1).waitFor();
    const width = page.viewportSize()!.width;
    for (const label of ['1줄 메모', '1줄 작업번호·차량번호']) {
      const box = (await rows.nth(0).getByLabel(label).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await shot(page, 'quick-order-cards-phone');
    await rows.nth(1).getByRole('button', { name: '채팅으로 문의' }).click();
    await page.waitForURL(/\/chatMobile/);
    await page.goBack();
    await page.waitForURL(/\/mobileQuickOrder/);
    await rows.nth(1).getByText('QQ-0000-5353').waitFor();
    expect(await rows.count()).toBe(2);
    await context.close();
  });
});
