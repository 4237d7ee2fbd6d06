import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startShop } from './helpers.js';
import { desktop, login, phone, resetDemoCompany } from './member-area.js';

/**
 * 캐시 충전 after its payment window closes (docs/requirements.md#payments): the page says what became
 * of the payment, read from the server, not only that the window closed. A card declined in the
 * sandbox window reads '결제가 거절되었습니다', the balance unchanged; an approved one that the cash was
 * charged; a transfer window closed before the deposit that the deposit is awaited.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await resetDemoCompany(shop.server);
});

const CLOSED_ONLY = '결제창이 닫혔습니다. 잔액을 새로 불러왔습니다.';

/** Presses 결제하기 for the default 1,000 won and answers the sandbox window with `button`. */
async function payAndAnswer(page: Page, context: BrowserContext, button: '승인' | '거절' | null) {
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: /결제하기$/ }).click(),
  ]);
  if (button === null) {
    await popup.getByText('가상계좌', { exact: true }).waitFor();
    await popup.close();
    return;
  }
  await popup.getByRole('button', { name: button }).click();
  // The window shows its outcome for 1.5 s, then closes itself.
  await popup.waitForEvent('close', { timeout: 5000 });
}

/** What the page's status line says once the window is closed. */
const statusLine = (page: Page) => page.locator('.toasts');

describe('캐시 충전: what the page says once the payment window closed', () => {
  it('phone, a declined card: says it was declined, the balance as it was', async () => {
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobileManagement?menu=chargeCash`, 'demo@partsmall.kr');
    const balance = page.getByTestId('charge-balance');
    await balance.getByText('5,000,000원').waitFor();
    await payAndAnswer(page, context, '거절');
    await statusLine(page).getByText('결제가 거절되었습니다', { exact: false }).waitFor();
    expect(await statusLine(page).textContent()).not.toContain(CLOSED_ONLY);
    expect(await balance.textContent()).toBe('5,000,000원');
    await context.close();
  });

  it('desktop, an approved card: says the cash was charged, with the new balance', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/chargeCash`, 'demo@partsmall.kr');
    const balance = page.getByTestId('charge-balance');
    await balance.getByText('5,000,000원').waitFor();
    await payAndAnswer(page, context, '승인');
    await statusLine(page).getByText('캐시가 충전되었습니다', { exact: false }).waitFor();
    await balance.getByText('5,001,000원').waitFor();
    expect(await statusLine(page).textContent()).not.toContain('거절');
    await context.close();
  });

  it('desktop, a transfer window closed before the deposit: says the deposit is awaited', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/chargeCash`, 'demo@partsmall.kr');
    await page.getByRole('tab', { name: '계좌이체' }).click();
    await page.getByTestId('charge-balance').getByText('5,000,000원').waitFor();
    await payAndAnswer(page, context, null);
    await statusLine(page).getByText('입금을 기다리고 있습니다', { exact: false }).waitFor();
    expect(await page.getByTestId('charge-balance').textContent()).toBe('5,000,000원');
    await context.close();
  });
});
