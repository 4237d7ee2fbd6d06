import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditLegs } from './a11y-audit.js';
import { shot } from './helpers.js';
import { openContext, logIn, settle } from './tour.js';

/** The visitor's legs and staff's phone leg of the axe audit (e2e/a11y-audit.ts), and the keyboard: skip link, focus of dialogs. */
const shopOf = auditLegs('visitor');

/** What has keyboard focus: its tag, class and accessible text, or 'body'. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}.${el.className} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
  });
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector);

describe('the keyboard', () => {
  it('the first Tab reaches the skip link, which moves focus to the main content (desktop and phone)', async () => {
    for (const [device, path] of [
      ['desktop', '/login'],
      ['phone', '/mobileLogin'],
    ] as const) {
      const context = await openContext(shopOf().browser, device);
      const page = await context.newPage();
      await page.goto(`${shopOf().server.base}${path}`);
      await settle(page);
      await page.keyboard.press('Tab');
      expect(await focused(page), device).toBe('a.skip-link 본문으로 건너뛰기');
      await shot(page, `a11y-skip-link-${device}`, { fullPage: false });
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName), device).toBe('MAIN');
      // The next Tab goes on from the content: the first field of the login form.
      await page.keyboard.press('Tab');
      expect(await focused(page), device).toMatch(/^input\./);
      await context.close();
    }
  });

  it('the home notice popup takes focus when it opens and hands it to the main content when closed', async () => {
    const context = await openContext(shopOf().browser, 'desktop');
    const page = await context.newPage();
    await page.goto(`${shopOf().server.base}/home`);
    await page.locator('.notice-popup').waitFor();
    await settle(page);
    expect(await focusInside(page, '.notice-popup')).toBe(true);
    // Three Tabs reach its title (a link to the whole notice), its checkbox and its close button (it was 74 Tabs away, after the whole grid).
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^a\.notice-popup-title /);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^input\./);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button.btn btn-small 닫기');
    await page.keyboard.press('Enter');
    expect(await page.locator('.notice-popup').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await context.close();
  });

  it('the product dialog and the address book take focus on open and give it back to their button on close', async () => {
    const context = await openContext(shopOf().browser, 'desktop');
    const page = await context.newPage();
    // The member's home, logged in.
    await logIn(page, shopOf().server.base, 'member', 'desktop');
    const notice = page.getByRole('dialog', { name: '연말 배송 일정 안내' });
    await notice.getByRole('button', { name: '닫기' }).click();
    await notice.waitFor({ state: 'detached' });
    const card = page.locator('.product-card-btn').nth(2);
    // The card's name as drawn (the grid is drawn in a deferred render): the dialog is named by it.
    const name = card.locator('.product-name');
    await expect.poll(() => name.innerText()).not.toBe('');
    const cardText = await name.innerText();
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: cardText });
    await dialog.locator('[data-testid="price"]').waitFor();
    expect(await focusInside(page, '.product-popup')).toBe(true);
    await shot(page, 'a11y-product-dialog-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toContain(`button.product-card-btn ${cardText}`);
    // The notice the buyer closed stays closed after the product dialog.
    expect(await page.locator('.notice-popup').count()).toBe(0);

    await page.goto(`${shopOf().server.base}/cart`);
    await page.getByRole('button', { name: /선택 상품 주문하기/ }).click();
    const open = page.getByRole('button', { name: '배송지 목록' });
    await open.click();
    const book = page.getByRole('dialog', { name: '배송지 목록' });
    await book.locator('tbody tr').first().waitFor();
    expect(await focusInside(page, '.address-book')).toBe(true);
    await book.getByRole('button', { name: '닫기' }).click();
    await book.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('button.btn btn-small 배송지 목록');
    await context.close();
  });

  it("다시 담기's alert, closed with Escape, gives focus back to the button that opened it", async () => {
    const context = await openContext(shopOf().browser, 'desktop');
    const page = await context.newPage();
    await logIn(page, shopOf().server.base, 'member', 'desktop');
    await page.goto(`${shopOf().server.base}/management/orders`);
    const again = page.getByRole('button', { name: /다시 담기$/ }).first();
    await again.waitFor();
    const label = (await again.getAttribute('aria-label'))!;
    await again.focus();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(`button.btn btn-small ${label}`);
    await context.close();
  });
});
