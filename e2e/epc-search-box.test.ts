import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { EPC_MSG, EPC_TEST_VINS } from '@partsmall/contract';
import { desktopPage, memberLogin, phonePage, shot, startShop } from './helpers.js';

/**
 * The catalogue's VIN box and the drawing's callouts by keyboard and by finger
 * (docs/requirements.md#catalogue-screens): the history list is reached with Tab and the arrows and
 * closed with Escape or by leaving it, the box names what is wrong with a VIN while it is typed, and
 * a callout on a phone is hit within 44 × 44 px around it. An address the catalogue does not have
 * leads back to the catalogue's home in its window.
 */

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const BMW_TEST = EPC_TEST_VINS.find((t) => t.brand === 'bmw')!.vin;

/** Opens the catalogue from the top bar's EPC entry: a popup window. */
async function openEpc(context: BrowserContext, page: Page): Promise<Page> {
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'EPC', exact: true }).click(),
  ]);
  await popup.waitForLoadState();
  await popup.getByRole('heading', { name: '부품 카탈로그 (EPC)' }).waitFor();
  return popup;
}

/** What has the keyboard's focus: a history entry (its VIN), the VIN box, or another element's tag. */
const focused = (epc: Page) =>
  epc.evaluate(() => {
    const el = document.activeElement;
    if (el?.closest('.epc-history')) return `history ${el.querySelector('.mono')?.textContent ?? ''}`;
    if (el?.getAttribute('data-testid') === 'epc-vin') return 'vin box';
    return el?.tagName.toLowerCase() ?? 'none';
  });

describe('the VIN box', () => {
  it('its history is reached with Tab and ↓, closed with Escape or by leaving it, and focus is never lost', async () => {
    const { context, page } = await desktopPage(shop.browser);
    // The page's timers run only when the test moves the clock: a list that closes itself after a
    // delay is caught by moving it on.
    await context.clock.install();
    await memberLogin(page, `${shop.server.base}/notice`, 'demo@partsmall.kr');
    const epc = await openEpc(context, page);
    const vin = epc.getByTestId('epc-vin');
    const history = epc.locator('.epc-history');
    // A VIN searched once is in the company's history.
    await vin.fill(BMW_TEST);
    await epc.getByTestId('epc-search').click();
    await epc.locator('.epc-data').getByText('330i (G20)').waitFor();
    await vin.fill('');

    // Tab from the box goes into the list, which stays open.
    await vin.focus();
    await history.getByText(BMW_TEST).waitFor();
    await epc.keyboard.press('Tab');
    await context.clock.runFor(1000);
    expect([await focused(epc), await history.count()]).toEqual([`history ${BMW_TEST}`, 1]);
    // Escape closes it and puts the focus back in the box.
    await epc.keyboard.press('Escape');
    await context.clock.runFor(1000);
    expect([await focused(epc), await history.count()]).toEqual(['vin box', 0]);
    // ↓ opens it again and goes to its first entry; ↑ from there goes back to the box.
    await epc.keyboard.press('ArrowDown');
    await history.getByText(BMW_TEST).waitFor();
    await expect.poll(() => focused(epc)).toBe(`history ${BMW_TEST}`);
    await epc.keyboard.press('ArrowUp');
    await context.clock.runFor(1000);
    expect([await focused(epc), await history.count()]).toEqual(['vin box', 1]);
    // Leaving the box and its list closes the list; the focus goes on to the next control.
    await epc.keyboard.press('ArrowDown');
    await epc.keyboard.press('Tab');
    await context.clock.runFor(1000);
    expect(await history.count()).toBe(0);
    expect(await focused(epc)).not.toBe('body');
    // Enter on an entry searches its VIN.
    await vin.focus();
    await epc.keyboard.press('ArrowDown');
    await expect.poll(() => focused(epc)).toBe(`history ${BMW_TEST}`);
    await shot(epc, 'epc-history-keyboard-desktop');
    await epc.keyboard.press('Enter');
    await epc.locator('.epc-data').getByText('330i (G20)').waitFor();
    expect(await vin.inputValue()).toBe(BMW_TEST);
    await context.close();
  });

  it('names what is wrong with a VIN while it is typed: I, O or Q, not the length', async () => {
    const { context, page } = await desktopPage(shop.browser);
    await memberLogin(page, `${shop.server.base}/notice`, 'demo@partsmall.kr');
    const epc = await openEpc(context, page);
    const hint = epc.locator('.epc-hint');
    const history = epc.locator('.epc-history');
    // A VIN searched once is in the company's history.
    await epc.getByTestId('epc-vin').fill(BMW_TEST);
    await epc.getByTestId('epc-search').click();
    await epc.locator('.epc-data').getByText('330i (G20)').waitFor();
    // The history lists the entries holding what is typed: a part of the VIN keeps it …
    await epc.getByTestId('epc-vin').fill(BMW_TEST.slice(3, 9));
    await history.getByText(BMW_TEST).waitFor();
    // … and a VIN no entry holds shuts the list, so the hint under the box is not covered.
    await epc.getByTestId('epc-vin').fill('WBA5R7C');
    expect(await hint.innerText()).toBe(EPC_MSG.hintFull);
    await epc.getByTestId('epc-vin').fill('WBA5R7CO9LFH40213');
    await hint.getByText(EPC_MSG.vinIoq).waitFor();
    expect(await history.count()).toBe(0);
    expect(await epc.getByTestId('epc-search').count()).toBe(0);
    await shot(epc, 'epc-vin-ioq-desktop');
    await epc.getByTestId('epc-vin').fill('WBA5R7C09LFH40213');
    expect(await hint.innerText()).toBe(EPC_MSG.hintFull);
    await epc.getByTestId('epc-search').waitFor();
    await context.close();
  });
});

describe('an address the catalogue does not have', () => {
  it('more than 13 positions: the not-found page, then the catalogue home in the same popup, not the shop', async () => {
    const { context, page } = await desktopPage(shop.browser);
    await memberLogin(page, `${shop.server.base}/notice`, 'demo@partsmall.kr');
    const epc = await openEpc(context, page);
    await context.clock.install();
    await epc.goto(`${shop.server.base}/epcMain/1/2/3/4/5/6/7/8/9/10/11/12/13/14`);
    await epc.getByRole('heading', { name: '여기가 끝인가요?' }).waitFor();
    await epc.getByText('잠시 후 카탈로그 처음으로 이동합니다.').waitFor();
    expect(await epc.getByText('잠시 후 홈으로 이동합니다.').count()).toBe(0);
    await shot(epc, 'epc-not-found-desktop');
    // The line types out (8 letters, 0.12 s each), then 1.5 s later the catalogue's home.
    await context.clock.runFor(3000);
    await epc.waitForURL(/\/epcMain$/);
    await epc.getByRole('heading', { name: '부품 카탈로그 (EPC)' }).waitFor();
    await epc.getByTestId('epc-vin').waitFor();
    // The shop's window is where it was; no second shop window opened.
    expect([new URL(page.url()).pathname, context.pages().length]).toEqual(['/notice', 2]);
    await context.close();
  });
});

describe('the drawing on a phone', () => {
  it('a callout is hit within 44 × 44 px around its centre; its drawn box stays as the drawing draws it', async () => {
    const { context, page } = await phonePage(shop.browser);
    const drawing = new URLSearchParams({
      vin: BMW_TEST,
      brand: 'bmw',
      mcid: 'DEMO-BMW-G20',
      num: '11',
      filter: '0',
      subgroup: '11_20',
      hasChild: '0',
      parts: 'true',
      mid: '11_20',
    });
    await memberLogin(page, `${shop.server.base}/mobileEpcMain?${drawing}`, 'demo@partsmall.kr');
    await page.getByTestId('epc-parts-table').waitFor();
    const callout = page.locator('button.epc-hotspot[data-hskey="3"]');
    // In the middle of the screen, clear of the fixed bottom bar.
    await callout.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await callout.boundingBox())!;
    // The drawn box is the drawing's own (about 12 px at 100 % on an iPhone 13).
    expect(box.width).toBeLessThan(20);
    // Taps 21 px left, right, above and below its centre land on it.
    const hits = await page.evaluate(
      ({ x, y }) =>
        [
          [-21, 0],
          [21, 0],
          [0, -21],
          [0, 21],
        ].map(([dx, dy]) => document.elementFromPoint(x + dx!, y + dy!)?.getAttribute('data-hskey') ?? null),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hits).toEqual(['3', '3', '3', '3']);
    await page.touchscreen.tap(box.x + box.width / 2 + 18, box.y + box.height / 2);
    await expect.poll(() => page.locator('tr[data-pnum="3"].active').count()).toBeGreaterThan(0);
    await shot(page, 'epc-callout-tap-phone');
    await context.close();
  });
});
