import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopPage, phonePage, shot, startShop } from './helpers.js';

/**
 * The one search box (docs/search.md#one-box): a part number in name mode, vehicle and part in any
 * order, a typo, Korean typed in English, and why each result came up on the grid card, the popup, the product page and the
 * phone list; the suggestions the phone's width.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const CHAIN = '대체품번 (이전 번호 07119906743 → 07119907356 → 현재 42215489599)';

describe('one search box', () => {
  it('desktop: an old number in name mode finds the current part, and says why on the card, the popup and the page', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/home?searchType=name&keyword=07119906743`);
    await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
    const card = page.locator('.product-card').first();
    await card.locator('.match-reason').waitFor();
    expect(await card.locator('.product-pid').textContent()).toBe('42215489599');
    expect(await card.locator('.match-reason').textContent()).toBe(CHAIN);
    await shot(page, 'one-box-number-grid');
    await card.locator('.product-card-btn').click();
    const popup = page.locator('.product-popup');
    expect(await popup.locator('.match-reason').textContent()).toBe(CHAIN);
    await shot(page, 'one-box-number-popup');
    await popup.getByRole('link', { name: '상품 상세 보기' }).click();
    await page.waitForURL(/productDetail/);
    // The page's own reason: the home grid and its popup may still be leaving the screen.
    const why = page.locator('.pd-info .match-reason');
    await why.waitFor();
    expect(await why.textContent()).toBe(CHAIN);
    await shot(page, 'one-box-number-page');
    await context.close();
  });

  it('desktop: make and part in any order, and a typo that says what it read', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/home?searchType=name&keyword=${encodeURIComponent('패드 BMW')}`);
    await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
    const names = page.locator('.product-card .product-name');
    await names.first().waitFor();
    const first = await names.allTextContents();
    expect(first.length).toBeGreaterThan(0);
    for (const name of first.slice(0, 4)) expect(name).toMatch(/^BMW .*브레이크 패드$/);
    await shot(page, 'one-box-bmw-pad');
    await page.goto(`${shop.server.base}/home?searchType=name&keyword=${encodeURIComponent('헤드렘프')}`);
    const card = page.locator('.product-card').first();
    await card.locator('.match-reason').waitFor();
    expect(await card.locator('.match-reason').textContent()).toBe('비슷한 이름 (헤드렘프 → 헤드램프)');
    expect(await card.locator('.product-name').textContent()).toContain('헤드램프');
    await shot(page, 'one-box-typo');
    // 브레이크 패드 typed with the input left in English (docs/search.md#korean-typed-in-english).
    await page.goto(`${shop.server.base}/home?searchType=name&keyword=${encodeURIComponent('qmfpdlzm voem')}`);
    const keys = page.locator('.product-card').first();
    await keys.locator('.match-reason').waitFor();
    expect(await keys.locator('.match-reason').textContent()).toBe(
      '한/영 전환 (qmfpdlzm → 브레이크), 한/영 전환 (voem → 패드)',
    );
    expect(await keys.locator('.product-name').textContent()).toMatch(/브레이크 패드$/);
    await shot(page, 'one-box-hangul-in-latin');
    await context.close();
  });

  it('phone: an aftermarket number without its maker in the name box lists the part with why, and suggestions take the width', async () => {
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/mobile?search=1`);
    const input = page.getByRole('combobox', { name: '검색어' });
    await input.fill('ㅂㄹㅇㅋ');
    const list = page.getByRole('listbox', { name: '추천 검색' });
    await list.waitFor();
    const width = await list.evaluate((e) => e.getBoundingClientRect().width);
    const viewport = page.viewportSize()!.width;
    expect(width).toBeGreaterThanOrEqual(viewport - 32);
    await shot(page, 'one-box-suggest-phone');
    await input.fill('HU 816 X');
    await input.press('Enter');
    await page.waitForURL(/keyword=HU/);
    // The address changes before the list's render commits (see e2e/search.test.ts): the first
    // entry is read until it is the searched one.
    const firstReason = page.locator('.m-list[aria-busy="false"] > li:first-child .match-reason');
    await expect.poll(() => firstReason.allTextContents(), { timeout: 15_000 }).toEqual(['품번 일치 (MANN HU 816 X)']);
    const item = page.locator('.m-list[aria-busy="false"] .m-item').first();
    expect(await item.locator('.product-name').textContent()).toContain('엔진오일 필터');
    await shot(page, 'one-box-aftermarket-phone');
    await item.click();
    const slide = page.getByRole('dialog');
    expect(await slide.locator('.match-reason').textContent()).toBe('품번 일치 (MANN HU 816 X)');
    await expect.poll(() => slide.evaluate((e) => Math.round(e.getBoundingClientRect().left))).toBe(0);
    await shot(page, 'one-box-aftermarket-phone-slide');
    await context.close();
  });
});
