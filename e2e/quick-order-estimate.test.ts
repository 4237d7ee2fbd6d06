import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, members } from '../apps/server/src/db/schema.js';
import { estimatePdf } from '../apps/server/test/estimate-pdf.js';
import { addProduct } from './fixtures.js';
import { desktopPage, memberLogin, phonePage, shot, startShop } from './helpers.js';
import { shopPhoneFindings, TOUCH_TARGET_PX } from './layout-checks.js';

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

describe('quick order of an estimate on the phone', () => {
  it("the columns' selects and each card's 담기 are 44 px targets with 16 px text; a merged line is said so", async () => {
    const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    await shop.server.db.delete(cartItems).where(eq(cartItems.memberId, m!.id));
    const prices: [number, number, number, number] = [24_000, 21_000, 20_000, 19_000];
    await addProduct(shop.server, { name: '휴대폰 견적 필터', pid: 'PH-QO-4221', prices, stock: 4 });
    await addProduct(shop.server, { name: '휴대폰 견적 패드', pid: 'PH-QO-T4A5', prices, stock: 9 });
    const { page, context } = await phonePage(shop.browser);
    await memberLogin(page, url('/mobileQuickOrder'));
    await page
      .getByRole('textbox', { name: '품번 목록 붙여넣기' })
      .fill('순번\t품번\t수량\t비고\n1\tPH-QO-4221\t2\t좌측\n2\tPH-QO-T4A5\t1\t\n3\tPH-QO-4221\t3\t메모2');
    await page.getByRole('button', { name: '품번 확인' }).click();
    const results = page.getByRole('region', { name: '확인 결과' });
    const read = results.getByRole('group', { name: '읽은 열 (틀리면 고르세요)' });
    await read.waitFor();
    // Each element's drawn height, width and font size.
    const measure = (els: Element[]) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { height: Math.round(r.height), width: Math.round(r.width), font: getComputedStyle(e).fontSize };
      });
    const selects = await read.getByRole('combobox').evaluateAll(measure);
    expect(selects).toHaveLength(4);
    for (const s of selects) {
      expect(s.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
      expect(s.font).toBe('16px');
    }
    // Each card's 담기: the checkbox inside its label, the label the 44 px target.
    const boxes = results.locator('tbody tr input[type="checkbox"]');
    expect(await boxes.count()).toBe(2);
    expect(await boxes.evaluateAll((els) => els.map((e) => e.closest('label') !== null))).toEqual([true, true]);
    const labels = await results.locator('tbody tr label:has(input[type="checkbox"])').evaluateAll(measure);
    expect(labels).toHaveLength(2);
    for (const l of labels) {
      expect(l.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
      expect(l.width).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    }
    // Tapping the label unticks the card.
    await results.locator('tbody tr').nth(1).locator('label:has(input[type="checkbox"])').click();
    expect(await boxes.nth(1).isChecked()).toBe(false);
    // Line 4 went into line 2 (the same part), its quantity cut to the stock of 4: said on the screen.
    await results
      .getByText('4줄은 이 줄(2줄)과 같은 상품이라 합쳤습니다. 합친 수량 5개 중 재고 4개만 담습니다.')
      .waitFor();
    expect(await results.getByRole('status').textContent()).toBe(
      '3줄 중 같은 상품 1줄을 합쳐 2줄이 되었고, 1줄을 담을 수 있습니다.',
    );
    expect(await shopPhoneFindings(page, 'quick order estimate on the phone')).toEqual([]);
    await shot(page, 'quick-order-estimate-phone');
    await context.close();
  });
});
