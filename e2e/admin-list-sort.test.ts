import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeCompany } from '../apps/server/test/member-helpers.js';
import { insertOrder, makeProduct } from '../apps/server/test/order-helpers.js';
import { desktopPage, shot, staffLogin, startShop } from './helpers.js';

/**
 * A back-office list is paged by the server, so its sort is the server's across every page
 * (docs/requirements.md#back-office): sorting the order list of one company whose 25 orders span two
 * pages of 20 shows on the first page the 20 smallest amounts of all 25, not the page on screen
 * rearranged, and a sort asked from page 2 goes back to page 1.
 */
let shop: Awaited<ReturnType<typeof startShop>>;

beforeAll(async () => {
  shop = await startShop();
  const company = await makeCompany(shop.server, '정렬화면', 0);
  const product = await makeProduct(shop.server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
  // Oldest first and smallest first: the list's own order (newest first) puts 1,000…5,000 on page 2.
  for (let i = 1; i <= 25; i++)
    await insertOrder(shop.server, {
      companyId: company.companyId,
      memberId: company.main.seq,
      status: 0,
      productId: product.id,
      totalAmount: i * 1000,
      shipping: 0,
    });
});
afterAll(async () => {
  await shop?.close();
});

/** The 금액(원) cells of the rows shown, top to bottom. */
const amounts = (page: Page) => page.getByTestId('admin-order-row').locator('td.money').allInnerTexts();
/** '1,000' … for thousands `from` to `to` (descending when from > to). */
function won(from: number, to: number): string[] {
  const step = from <= to ? 1 : -1;
  return Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => `${from + i * step},000`);
}

/** Waits until the rows shown are these amounts (the list read again after a click). */
async function shows(page: Page, expected: string[]) {
  await expect.poll(() => amounts(page)).toEqual(expected);
}

describe('the back office sorts a list the server pages across its pages', () => {
  it('금액 ascending on page 2 shows page 1 with the 20 smallest of all 25 orders; again, the 20 largest', async () => {
    const { context, page } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base);
    await page.getByRole('link', { name: '주문 관리' }).click();
    await page.getByLabel('업체명·사업자번호').fill('정렬화면');
    await page.getByRole('search', { name: '주문 검색' }).getByRole('button', { name: '검색' }).click();
    await shows(page, won(25, 6));
    const pager = page.getByRole('navigation', { name: '페이지 이동' });
    await pager.getByRole('button', { name: '2 페이지' }).click();
    await shows(page, won(5, 1));

    const amountHead = page.getByRole('columnheader', { name: /금액\(원\)/ });
    await amountHead.getByRole('button').click();
    await shows(page, won(1, 20));
    await expect.poll(() => amountHead.getAttribute('aria-sort')).toBe('ascending');
    expect(await pager.locator('[aria-current="page"]').innerText()).toBe('1');
    await shot(page, 'admin-orders-sorted');

    await pager.getByRole('button', { name: '2 페이지' }).click();
    await shows(page, won(21, 25));
    await amountHead.getByRole('button').click();
    await shows(page, won(25, 6));
    expect(await amountHead.getAttribute('aria-sort')).toBe('descending');
    expect(await pager.locator('[aria-current="page"]').innerText()).toBe('1');

    // A column the server does not sort by has no sort button.
    expect(await page.getByRole('columnheader', { name: '주문자' }).getByRole('button').count()).toBe(0);
    await context.close();
  });
});
