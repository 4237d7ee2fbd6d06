import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { placeOrder } from '../apps/server/test/order-helpers.js';
import { TOUCH_TARGET_PX } from './layout-checks.js';
import { DESKTOP } from './browser.js';
import { loginAs, phonePage, snap, staffLogin, startShop, watchConsole } from './helpers.js';

/**
 * The back office on a phone: every control is a 44 px touch target and a checkbox's target is its
 * label, 44 × 44 px (docs/requirements.md#look-and-language). The order list's pick boxes were
 * 13 × 13 px outside any label in a 40 px cell, its 열 선택 62 × 30 px, and the settings' '제공' labels
 * 25 × 44 px. On a desktop under the demo banner the menu of a long page was the window's height
 * from 32.5 px down, so 로그아웃 lay under the window's edge however far the menu scrolled.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
  const buyer = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
  for (const productId of [1, 2])
    expect((await placeOrder(shop.server, buyer, [{ productId, qty: 1 }])).body.code).toBe(201);
});
afterAll(async () => {
  await shop?.close();
});

/** The boxes `selector` finds that are narrower or lower than a touch target, as 'text width×height'. */
async function small(page: Page, selector: string): Promise<string[]> {
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent!.trim(), w: r.width, h: r.height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  return boxes
    .filter((b) => b.w < TOUCH_TARGET_PX - 0.5 || b.h < TOUCH_TARGET_PX - 0.5)
    .map((b) => `${b.text} ${Math.round(b.w)}×${Math.round(b.h)}`);
}

describe('back-office touch targets on a phone', () => {
  it("주문 관리: each order's pick box is a 44 × 44 px label inside its cell, 열 선택 and its choices 44 px", async () => {
    const { context, page } = await phonePage(shop.browser);
    await staffLogin(page, shop.server.base);
    await page.goto(`${shop.server.base}/admin/orders`);
    await page
      .getByRole('checkbox', { name: /^주문 \d+ 선택$/ })
      .first()
      .waitFor();
    const picks = await page.getByRole('checkbox', { name: /^주문 \d+ 선택$/ }).evaluateAll((boxes) =>
      boxes.map((box) => {
        const target = box.closest('label') ?? box;
        const r = target.getBoundingClientRect();
        const cell = box.closest('td')!.getBoundingClientRect();
        const inside = r.left >= cell.left - 0.5 && r.right <= cell.right + 0.5;
        return `${box.getAttribute('aria-label')} ${target.tagName} ${Math.round(r.width)}×${Math.round(r.height)}${inside ? '' : ' out of its cell'}`;
      }),
    );
    expect(picks.length).toBeGreaterThanOrEqual(2);
    expect(picks.filter((p) => !/ LABEL 4[4-9]×4[4-9]$/.test(p))).toEqual([]);
    expect(await small(page, '.admin-chooser summary')).toEqual([]);
    await page.locator('.admin-chooser summary').click();
    const choices = await page
      .locator('.admin-chooser-menu label')
      .evaluateAll((labels) =>
        labels.map((l) => `${l.textContent!.trim()} ${Math.round(l.getBoundingClientRect().height)}`),
      );
    expect(choices.length).toBeGreaterThan(5);
    expect(choices.filter((c) => Number(c.split(' ').pop()) < TOUCH_TARGET_PX)).toEqual([]);
    await snap(page, 'admin-phone-orders-targets');
    await context.close();
  });

  it('대시보드: the links standing alone under 처리 대기 and 확인할 일 are 44 px targets', async () => {
    const { context, page } = await phonePage(shop.browser);
    await staffLogin(page, shop.server.base, 'admin@partsmall.kr', 'admin1234');
    await page.goto(`${shop.server.base}/admin`);
    await page.getByRole('heading', { name: '확인할 일' }).waitFor();
    // They sit in the cards' lines beside their counts, and were 19 px tall as the text of a sentence.
    const links = await page
      .locator('.admin-card a[href]')
      .evaluateAll((els) => els.map((el) => el.textContent!.trim()));
    expect(links).toEqual(
      expect.arrayContaining(['구매요청', '답변 대기 문의', '입금 대기 계좌이체', '채팅 접속 고객']),
    );
    expect(await small(page, '.admin-card a[href]')).toEqual([]);
    await snap(page, 'admin-phone-dashboard-targets');
    await context.close();
  });

  it("쇼핑몰 설정: each delivery method's '제공' box has a 44 × 44 px label", async () => {
    const { context, page } = await phonePage(shop.browser);
    await staffLogin(page, shop.server.base, 'admin@partsmall.kr', 'admin1234');
    await page.goto(`${shop.server.base}/admin/config`);
    await page.getByRole('group', { name: '배송 설정 1' }).waitFor();
    const offered = await page.getByRole('checkbox', { name: /제공$/ }).evaluateAll((boxes) =>
      boxes.map((box) => {
        const r = (box.closest('label') ?? box).getBoundingClientRect();
        return { name: box.closest('label')?.textContent ?? '', w: r.width, h: r.height };
      }),
    );
    expect(offered.slice(0, 4).map((b) => b.name)).toEqual(['화물 제공', '택배 제공', '퀵배송 제공', '방문수령 제공']);
    expect(
      offered
        .filter((b) => b.w < TOUCH_TARGET_PX - 0.5 || b.h < TOUCH_TARGET_PX - 0.5)
        .map((b) => `${b.name} ${Math.round(b.w)}×${Math.round(b.h)}`),
    ).toEqual([]);
    await snap(page, 'admin-phone-config-targets');
    await context.close();
  });
});

describe("the back office's menu under the demo banner on a desktop", () => {
  it.each([
    [1366, 768],
    [1280, 900],
  ])(
    'a long page at %i × %i px: the menu ends in the window and 로그아웃 is in sight at its end',
    async (width, height) => {
      const context = await shop.browser.newContext({ ...DESKTOP, viewport: { width, height } });
      watchConsole(context);
      const page = await context.newPage();
      await staffLogin(page, shop.server.base);
      await page.goto(`${shop.server.base}/admin/products`);
      await page.getByTestId('demo-banner').waitFor();
      await page.locator('.admin-main tbody tr').nth(10).waitFor();
      const menu = () =>
        page.evaluate(() => {
          const side = document.querySelector('.admin-side')!;
          side.scrollTop = side.scrollHeight;
          const logout = Array.from(side.querySelectorAll('button')).find((b) => b.textContent === '로그아웃')!;
          return {
            long: document.documentElement.scrollHeight > window.innerHeight * 1.5,
            menuBottom: Math.round(side.getBoundingClientRect().bottom),
            logoutBottom: Math.round(logout.getBoundingClientRect().bottom),
            window: window.innerHeight,
          };
        });
      const top = await menu();
      expect(top.long).toBe(true);
      expect(top.menuBottom).toBeLessThanOrEqual(height);
      expect(top.logoutBottom).toBeLessThanOrEqual(height);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const end = await menu();
      expect(end.logoutBottom).toBeLessThanOrEqual(height);
      await context.close();
    },
  );
});
