import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TOUCH_TARGET_PX } from './layout-checks.js';
import { shot, startShop } from './helpers.js';
import { desktop, login, phone, resetDemoCompany } from './member-area.js';

/**
 * A checkbox's target is its label, and a card's buttons are targets of their own: on a phone each
 * is at least 44 × 44 px (docs/requirements.md#look-and-language). The member area's 대표 권한 label
 * was 358 × 32 px, its cards' 수정 and 삭제 42 × 44 px, and every 알림 설정 label 328 × 32 px; a
 * desktop keeps its sizes.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
  await resetDemoCompany(shop.server);
});
afterAll(async () => {
  await shop?.close();
});

type Box = { text: string; width: number; height: number };

/** The drawn size of every visible element `selector` finds, named by its text. */
async function boxes(page: Page, selector: string): Promise<Box[]> {
  await page.locator(selector).first().waitFor();
  return page.evaluate(
    (s) =>
      Array.from(document.querySelectorAll(s))
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent!.trim(), width: Math.round(r.width), height: Math.round(r.height) };
        }),
    selector,
  );
}

/** The boxes narrower or lower than a touch target, each written as 'text width×height'. */
const small = (found: Box[]) =>
  found
    .filter((b) => b.width < TOUCH_TARGET_PX || b.height < TOUCH_TARGET_PX)
    .map((b) => `${b.text} ${b.width}×${b.height}`);

const CARD_BUTTONS = '.data-card .mg-row-actions .btn';

describe('touch targets of the member area on a phone', () => {
  it("계정 관리: each card's 대표 권한 label and its buttons are 44 × 44 px at least", async () => {
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobileManagement?menu=users`, 'demo@partsmall.kr');
    const labels = await boxes(page, '.data-card label.check');
    expect(labels.map((b) => b.text)).toContain('대표 권한');
    expect(small(labels)).toEqual([]);
    const buttons = await boxes(page, CARD_BUTTONS);
    expect(buttons.map((b) => b.text)).toContain('수정');
    expect(small(buttons)).toEqual([]);
    await shot(page, 'phone-targets-users-phone');
    await context.close();
  });

  it("배송지 관리: each card's 수정 and 삭제 are 44 × 44 px at least", async () => {
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobileManagement?menu=deliveryAddress`, 'demo@partsmall.kr');
    const buttons = await boxes(page, CARD_BUTTONS);
    expect(buttons.map((b) => b.text)).toEqual(expect.arrayContaining(['수정', '삭제']));
    expect(small(buttons)).toEqual([]);
    await shot(page, 'phone-targets-addresses-phone');
    await context.close();
  });

  it('알림 설정: every event label, 전체 선택 first, is 44 px tall', async () => {
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobileManagement?menu=notifySettings`, 'demo@partsmall.kr');
    const labels = await boxes(page, 'label.check');
    expect(labels[0]!.text).toBe('전체 선택');
    expect(labels.map((b) => b.text)).toContain('주문 결제 완료');
    expect(labels.filter((b) => b.height < TOUCH_TARGET_PX).map((b) => `${b.text} ${b.height}`)).toEqual([]);
    await shot(page, 'phone-targets-notify-phone');
    await context.close();
  });
});

describe('the same controls on a desktop keep their sizes', () => {
  it("계정 관리's and 배송지 관리's 수정 stay 30 px tall, 알림 설정's labels 32 px", async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/users`, 'demo@partsmall.kr');
    const users = await boxes(page, '.mg-row-actions .btn');
    expect(users.find((b) => b.text === '수정')!.height).toBe(30);
    await page.goto(`${shop.server.base}/management/deliveryAddress`);
    const addresses = await boxes(page, '.mg-row-actions .btn');
    const edits = addresses.filter((b) => b.text === '수정' || b.text === '삭제');
    expect(edits.length).toBeGreaterThanOrEqual(2);
    expect(new Set(edits.map((b) => b.height))).toEqual(new Set([30]));
    await page.goto(`${shop.server.base}/management/notifySettings`);
    const labels = await boxes(page, 'label.check');
    expect(labels[0]!.text).toBe('전체 선택');
    expect(new Set(labels.map((b) => b.height))).toEqual(new Set([32]));
    await context.close();
  });
});

/** The visible fields one types into or picks from, each as 'name px' with the size it is drawn at. */
async function fieldSizes(page: Page): Promise<{ name: string; px: number }[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        'select, textarea, input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="file"])',
      ),
    )
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.tagName,
        px: parseFloat(getComputedStyle(el).fontSize),
      })),
  );
}

describe("fields on a phone's screens", () => {
  it('every input, select and textarea is drawn at 16 px at least, so iOS does not zoom in on focus', async () => {
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobile`, 'demo@partsmall.kr');
    // The home's search (15 and 14 px), the notices' (15), 계정 관리's search (15), a date range (15), the catalogue's
    // selects (13.33) and, in the desktop layout, the calendar's (14).
    const small: string[] = [];
    for (const path of [
      '/mobile?search=1',
      '/noticem',
      '/mobileManagement?menu=users',
      '/mobileManagement?menu=orders',
      '/mobileEpcMain',
      '/test',
    ]) {
      await page.goto(`${shop.server.base}${path}`);
      await expect.poll(async () => (await fieldSizes(page)).length, { message: path }).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      small.push(...(await fieldSizes(page)).filter((f) => f.px < 16).map((f) => `${path}: ${f.name} ${f.px}`));
    }
    expect(small).toEqual([]);
    await context.close();
  });
});
