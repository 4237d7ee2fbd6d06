import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { products } from '../apps/server/src/db/schema.js';
import { desktopPage, phonePage, shot, startShop } from './helpers.js';
import { longWordFindings, shopPhoneFindings } from './layout-checks.js';

/**
 * Search suggestions (docs/search.md#korean-name-search): 초성 typed on a phone offers 브레이크 패드 products and a tap
 * searches; on the desktop the arrow keys move through the list (combobox/listbox) and Enter chooses.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/**
 * Records the list's aria-busy at each change of the address (history.pushState), read back by
 * `busyAtAddress`: the address changes before the new list is drawn, and the list must say busy
 * then, not stand settled with the old entries.
 */
async function watchBusyAtAddress(page: Page, list: string): Promise<void> {
  await page.evaluate((selector) => {
    const seen: (string | null)[] = [];
    (window as unknown as { busyAtAddress: typeof seen }).busyAtAddress = seen;
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<typeof history.pushState>) => {
      push(...args);
      seen.push(document.querySelector(selector)?.getAttribute('aria-busy') ?? null);
    };
  }, list);
}

const busyAtAddress = (page: Page) =>
  page.evaluate(() => (window as unknown as { busyAtAddress: (string | null)[] }).busyAtAddress);

/** The names of a category's products. */
async function namesIn(category: string): Promise<Set<string>> {
  const rows = await shop.server.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.category, category));
  return new Set(rows.map((r) => r.name));
}

/** The desktop home with the demo notice closed, and its search box. */
async function desktopHome() {
  const { page, context } = await desktopPage(shop.browser);
  await page.goto(`${shop.server.base}/home`);
  await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
  return { page, context, input: page.getByRole('combobox', { name: '검색어' }) };
}

describe('search suggestions', () => {
  it('a phone types 초성 and picks a suggested brake pad', async () => {
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/mobile?search=1`);
    const input = page.getByRole('combobox', { name: '검색어' });
    await input.fill('ㅂㄹㅇㅋ ㅍㄷ');
    const list = page.getByRole('listbox', { name: '추천 검색' });
    await list.waitFor();
    const options = list.getByRole('option');
    expect(await options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(8 + 11);
    const first = (await options.first().innerText()).trim();
    expect(first).toContain('브레이크 패드');
    expect(await shopPhoneFindings(page, 'search suggestions')).toEqual([]);
    await shot(page, 'search-suggest-phone');
    await watchBusyAtAddress(page, '.m-list');
    await options.first().click();
    await page.waitForURL(/searchType=pid/);
    expect(await page.getByRole('listbox', { name: '추천 검색' }).isVisible()).toBe(false);
    // The list was busy when the address changed (the home's own list was drawn and settled then).
    expect(await busyAtAddress(page)).toEqual(['true']);
    // The suggestion's product is what the list shows; a tap opens it.
    const pid = new URL(page.url()).searchParams.get('keyword')!;
    const firstPid = page.locator('.m-list[aria-busy="false"] > li:first-child .product-pid');
    await expect.poll(() => firstPid.allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining(pid)]);
    const item = page.locator('.m-list[aria-busy="false"] .m-item').first();
    const name = (await item.locator('.product-name').textContent())!;
    expect(first).toContain(name);
    await item.click();
    const slide = page.getByRole('dialog', { name });
    await slide.getByRole('heading', { name }).waitFor();
    // Photographed once the slide has come in (it covers the phone's width from the left edge).
    await expect.poll(() => slide.evaluate((e) => Math.round(e.getBoundingClientRect().left))).toBe(0);
    await shot(page, 'search-suggest-product-phone');
    await context.close();
  });

  it('the desktop moves through the suggestions with the arrow keys and chooses with Enter', async () => {
    const shocks = await namesIn('shock');
    const { page, context, input } = await desktopHome();
    await input.fill('쇼바');
    const list = page.getByRole('listbox', { name: '추천 검색' });
    await list.waitFor();
    // 8 products and the category 쇼바.
    await list.getByRole('option', { name: /분류 쇼바/ }).waitFor();
    expect(await list.getByRole('option').count()).toBe(9);
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    const second = list.getByRole('option').nth(1);
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    await shot(page, 'search-suggest-desktop');
    await input.press('ArrowUp');
    await input.press('ArrowUp');
    await input.press('ArrowUp');
    // Round from the typed text to the last entry: the category.
    expect(await list.getByRole('option').last().getAttribute('aria-selected')).toBe('true');
    await watchBusyAtAddress(page, '.product-grid');
    await input.press('Enter');
    // A category chosen shows that category, not a search for its label.
    await page.waitForURL((url) => url.search === '?category=shock');
    expect(await list.isVisible()).toBe(false);
    expect(await busyAtAddress(page)).toEqual(['true']);
    await page.getByRole('heading', { name: '분류: 쇼바' }).waitFor();
    const names = page.locator('.product-grid[aria-busy="false"] .product-name');
    await names.first().waitFor();
    const shown = await names.allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((name) => !shocks.has(name))).toEqual([]);
    await context.close();
  });

  it("a phone chooses the category 라이트, whose products' names do not hold the word, and sees its list", async () => {
    const lights = await namesIn('light');
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/mobile?search=1`);
    await page.getByRole('combobox', { name: '검색어' }).fill('라이트');
    await page
      .getByRole('listbox', { name: '추천 검색' })
      .getByRole('option', { name: /분류 라이트/ })
      .click();
    await page.waitForURL((url) => url.search === '?category=light');
    await page.locator('.m-categories button.active', { hasText: '라이트' }).waitFor();
    const names = page.locator('.m-list[aria-busy="false"] .product-name');
    await names.first().waitFor();
    const shown = await names.allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((name) => !lights.has(name))).toEqual([]);
    expect(shown.some((name) => name.includes('라이트'))).toBe(false);
    await context.close();
  });
});

describe('a word no product has (docs/search.md#a-word-no-product-has)', () => {
  it('is named under the empty grid, and one click searches the other words', async () => {
    const { page, context, input } = await desktopHome();
    await input.fill('브레이크 패드 순정');
    await input.press('Enter');
    // The original's alert first, then the line that says why.
    const alert = page.getByRole('alertdialog');
    await alert.getByText('검색된 정보가 없습니다.').waitFor();
    await alert.getByRole('button', { name: '확인' }).click();
    const hint = page.getByTestId('unmatched-word');
    expect(await hint.locator('p').textContent()).toBe("상품명에 없는 검색어: '순정'");
    await shot(page, 'search-unmatched-word-desktop');
    await hint.getByRole('button', { name: "'순정' 빼고 '브레이크 패드' 검색" }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === '브레이크 패드');
    const names = page.locator('.product-grid[aria-busy="false"] .product-name');
    await names.first().waitFor();
    for (const name of await names.allTextContents()) expect(name.replace(/\s/g, '')).toContain('브레이크패드');
    expect(await hint.count()).toBe(0);
    await context.close();
  });
});

describe('a long keyword typed without spaces (docs/requirements.md#windows-and-sizes)', () => {
  /** A pasted product name: one word, as Korean names are written, longer than the line. */
  const LONG = '브레이크패드'.repeat(20);

  /** A visitor's search for `keyword`, once its empty grid has said so. */
  async function searched(page: Page, home: string, keyword: string) {
    await page.goto(`${shop.server.base}${home}?searchType=name&keyword=${encodeURIComponent(keyword)}`);
    const alert = page.getByRole('alertdialog');
    await alert.getByText('검색된 정보가 없습니다.').waitFor();
    // Its 확인 has the focus; a click missed it before, the wide page putting it off the phone's screen.
    await page.keyboard.press('Enter');
    await alert.waitFor({ state: 'hidden' });
    await page.getByTestId('unmatched-word').waitFor();
  }

  it("breaks on a phone: the page stays at the phone's width", async () => {
    const { page, context } = await phonePage(shop.browser);
    await searched(page, '/mobile', LONG);
    expect(await longWordFindings(page, 'phone search', ['.unmatched-word'])).toEqual([]);
    expect(await shopPhoneFindings(page, 'phone search')).toEqual([]);
    await shot(page, 'search-long-word-phone');
    // With a second word, the search without one is offered: its button holds the long word too.
    await searched(page, '/mobile', `${LONG} 순정`);
    await page.getByTestId('unmatched-word').getByRole('button').waitFor();
    expect(
      await longWordFindings(page, 'phone search, two words', ['.unmatched-word', '.unmatched-word .btn']),
    ).toEqual([]);
    await context.close();
  });

  it("breaks on a desktop: the result title and the empty grid's line stay in the column", async () => {
    const { page, context } = await desktopPage(shop.browser);
    await searched(page, '/home', LONG);
    const notice = page.getByRole('dialog', { name: '연말 배송 일정 안내' });
    if (await notice.isVisible()) await notice.getByRole('button', { name: '닫기' }).click();
    expect(await longWordFindings(page, 'desktop search', ['.grid-head', '.grid-title', '.unmatched-word'])).toEqual(
      [],
    );
    await shot(page, 'search-long-word-desktop');
    await context.close();
  });
});
