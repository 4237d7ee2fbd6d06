import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, members } from '../apps/server/src/db/schema.js';
import { estimatePdf } from '../apps/server/test/estimate-pdf.js';
import { desktopPage, memberLogin, shot, startShop } from './helpers.js';

/**
 * Quick order of an estimate as a PDF copies it, pasted or uploaded as the PDF itself
 * (docs/search.md#paste-anything): line number, part number, name, quantity, unit price, amount →
 * the columns read are shown, the buyer corrects one, the lines go to the cart.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
const url = (path: string) => `${shop.server.base}${path}`;

describe('quick order of a pasted estimate', () => {
  it('reads the columns, shows them, takes a correction, and puts the lines in the cart', async () => {
    const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    await shop.server.db.delete(cartItems).where(eq(cartItems.memberId, m!.id));
    const { page, context } = await desktopPage(shop.browser);
    await memberLogin(page, url('/quickOrder'));
    const estimate = [
      '1  42215489599  BMW 엔진오일 필터  2  21,700  43,400',
      '2  A2295938783  벤츠 엔진오일 필터  1  19,800  19,800',
    ].join('\n');
    await page.getByRole('textbox', { name: '품번 목록 붙여넣기' }).fill(estimate);
    await page.getByRole('button', { name: '품번 확인' }).click();
    const results = page.getByRole('region', { name: '확인 결과' });
    const read = results.getByRole('group', { name: '읽은 열 (틀리면 고르세요)' });
    await read.waitFor();
    const picks = read.getByRole('combobox');
    expect(await picks.evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value))).toEqual([
      'line',
      'part',
      'name',
      'qty',
      'price',
      'amount',
    ]);
    const rows = results.locator('tbody tr');
    expect(await rows.nth(0).getByLabel('1줄 수량').inputValue()).toBe('2');
    await shot(page, 'quick-order-estimate-columns');
    // The buyer says the first column is the quantity: the lines are read again.
    await read.getByLabel('1열').selectOption('qty');
    await read.getByLabel('4열').selectOption('other');
    await expect.poll(() => rows.nth(1).getByLabel('2줄 수량').inputValue()).toBe('2');
    expect(await rows.nth(0).getByLabel('1줄 수량').inputValue()).toBe('1');
    await page.getByRole('button', { name: '모두 장바구니에 담기 (2)' }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await context.close();
  });

  it('reads an uploaded estimate PDF with Korean text, takes a column correction, and puts its lines in the cart', async () => {
    const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    await shop.server.db.delete(cartItems).where(eq(cartItems.memberId, m!.id));
    const pdf = await estimatePdf([
      { pid: '42215489599', name: 'BMW 엔진오일 필터', qty: 2, price: 21_700 },
      { pid: 'A2295938783', name: '벤츠 엔진오일 필터', qty: 1, price: 19_800 },
    ]);
    const { page, context } = await desktopPage(shop.browser);
    await memberLogin(page, url('/quickOrder'));
    await page
      .getByLabel('파일 올리기 (.xlsx, .csv, .pdf)')
      .setInputFiles({ name: '견적서.pdf', mimeType: 'application/pdf', buffer: pdf });
    const results = page.getByRole('region', { name: '확인 결과' });
    const read = results.getByRole('group', { name: '읽은 열 (틀리면 고르세요)' });
    // The file worker's first PDF loads pdf.js: on a loaded machine that takes a while.
    await read.waitFor({ timeout: 60_000 });
    const picks = read.getByRole('combobox');
    expect(await picks.evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value))).toEqual([
      'line',
      'part',
      'name',
      'qty',
      'price',
      'amount',
    ]);
    const rows = results.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getByLabel(/수량$/).inputValue()).toBe('2');
    expect(await rows.nth(1).getByLabel(/수량$/).inputValue()).toBe('1');
    await shot(page, 'quick-order-estimate-pdf');
    // The buyer wants the names as the lines' memos: the file is read again by the corrected columns.
    await read.getByLabel('3열').selectOption('memo');
    await expect.poll(() => rows.nth(0).getByLabel(/메모$/).inputValue()).toBe('BMW 엔진오일 필터');
    expect(await rows.nth(1).getByLabel(/메모$/).inputValue()).toBe('벤츠 엔진오일 필터');
    await page.getByRole('button', { name: '모두 장바구니에 담기 (2)' }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await context.close();
  });
});
