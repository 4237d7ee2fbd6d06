import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../apps/server/src/db/schema.js';
import { call, desktopPage, loginAs, memberLogin, phonePage, shot, startShop } from './helpers.js';

/**
 * Fits my vehicle in the browser (docs/requirements.md#my-vehicles): the demo member opens a VIN in
 * the catalogue; a product of that vehicle says '내 차량 적합' with the vehicle and the VIN's last
 * seven characters, a product of another brand says nothing; the member area lists the vehicle; the
 * home filter '내 차량에 맞는 부품' narrows the grid to the vehicle's parts. Desktop and phone.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
const url = (path: string) => `${shop.server.base}${path}`;

/** A demo VIN of the benz catalogue (E 220 d, W213). */
const E220D = 'WDDZF8KB4JA201937';
/** What a fitting product says under '내 차량 적합': the catalogue's title of the vehicle and the VIN's last seven characters. */
const FITS = 'E 220 d (W213) 2018 (A201937)';

async function login(page: Page, to: string) {
  await memberLogin(page, to);
}

/** Opens the catalogue window from the top bar and the VIN in it, as a member does. */
async function openVin(context: BrowserContext, page: Page) {
  const [epc] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'EPC', exact: true }).click(),
  ]);
  await epc.waitForLoadState();
  await epc.getByTestId('epc-brand').selectOption('benz');
  await epc.getByTestId('epc-vin').fill(E220D);
  await epc.getByTestId('epc-search').click();
  await epc.locator('.epc-data').getByText('E 220 d (W213)').waitFor();
  await epc.close();
}

/** The home's notice popup, shown on every visit of the page, is closed. */
async function closeNotice(page: Page) {
  await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
}

async function productId(pid: string): Promise<number> {
  const [p] = await shop.server.db.select({ id: products.id }).from(products).where(eq(products.pid, pid));
  return p!.id;
}

const gridNames = (page: Page) => page.locator('.product-card .product-name').allTextContents();

describe('fits my vehicle', () => {
  it('after opening a VIN: the product page says it fits, the member area lists it, the home filter narrows the grid', async () => {
    const { context, page } = await desktopPage(shop.browser);
    await login(page, url('/home'));
    await closeNotice(page);
    // No vehicle yet: no picker on the grid.
    expect(await page.getByLabel('내 차량에 맞는 부품').count()).toBe(0);
    await openVin(context, page);

    // The grid of the vehicle: the filter appears (read again when the page is opened).
    await page.goto(url('/home'));
    await closeNotice(page);
    const filter = page.getByLabel('내 차량에 맞는 부품');
    await filter.waitFor();
    // All products: more than a page.
    await page.getByRole('button', { name: '더보기' }).waitFor();
    await filter.selectOption(E220D);
    await page.waitForURL(new RegExp(`fitsVin=${E220D}`));
    // The W213's parts fit on one page: the grid ends, and every product left is one of them (the demo names say the model).
    await page.getByText('마지막 상품까지 모두 보았습니다.').waitFor();
    // The footer reads the answer, the cards its deferred render: read them once the list is settled.
    await page.locator('.product-grid[aria-busy="false"] .product-card').first().waitFor();
    const names = await gridNames(page);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !n.includes('W213'))).toEqual([]);
    await shot(page, 'fits-home-filter-desktop');

    // A product of the filtered grid: its popup and its page name the vehicle.
    const first = names[0]!;
    await page.locator('.product-card-btn').first().click();
    const popup = page.getByRole('dialog', { name: first });
    await expect.poll(() => popup.getByTestId('fits-my-vehicles').textContent()).toBe(FITS);
    await popup.getByText('내 차량 적합', { exact: true }).waitFor();
    await shot(page, 'fits-product-popup-desktop');
    await popup.getByRole('button', { name: '닫기' }).click();
    const [fitting] = await shop.server.db.select({ id: products.id }).from(products).where(eq(products.name, first));
    await page.goto(url(`/productDetail/${fitting!.id}`));
    await page.getByRole('heading', { name: first }).waitFor();
    await expect.poll(() => page.getByTestId('fits-my-vehicles').textContent()).toBe(FITS);
    await page.getByText('내 차량 적합', { exact: true }).waitFor();
    await shot(page, 'fits-product-desktop');
    // Another brand's product says nothing.
    await page.goto(url(`/productDetail/${await productId('42215489599')}`));
    await page.getByRole('heading', { name: 'BMW 3시리즈 G20 엔진오일 필터' }).waitFor();
    expect(await page.getByTestId('fits-my-vehicles').count()).toBe(0);

    // The member area lists the vehicle.
    await page.goto(url('/management/myVehicles'));
    await page.getByRole('heading', { name: '내 차량' }).waitFor();
    await page.getByRole('cell', { name: E220D }).waitFor();
    await shot(page, 'fits-my-vehicles-desktop');
    await context.close();
  });

  it('a phone sees the same vehicle in the member area and in the grid filter', async () => {
    const { page, context } = await phonePage(shop.browser);
    // The VIN opened as the catalogue window opens it (the desktop test shows the window).
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const opened = await call(
      shop.server,
      'POST',
      'epc/getCarsVinEx',
      { brand: 'benz', vin: E220D, lang: 'KR' },
      token,
    );
    expect(opened.status).toBe(200);
    await login(page, url('/mobileManagement?menu=myVehicles'));
    await page.getByText(E220D).first().waitFor();
    await shot(page, 'fits-my-vehicles-phone');
    await page.goto(url(`/mobile?fitsVin=${E220D}`));
    await expect.poll(() => page.getByLabel('내 차량에 맞는 부품').inputValue()).toBe(E220D);
    // The phone's list: the W213's parts only, all on one page.
    const list = page.locator('.m-list[aria-busy="false"]');
    await list.locator('li').first().waitFor();
    const names = await list.locator('.product-name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !n.includes('W213'))).toEqual([]);
    expect(await page.getByRole('button', { name: '더보기' }).count()).toBe(0);
    await shot(page, 'fits-home-filter-phone');
    await list.locator('.m-item').first().click();
    await page.getByTestId('fits-my-vehicles').waitFor();
    expect(await page.getByTestId('fits-my-vehicles').textContent()).toBe(FITS);
    await shot(page, 'fits-product-phone');
    await context.close();
  });
});
