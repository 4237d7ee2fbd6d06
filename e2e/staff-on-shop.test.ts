import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopPage, memberLogin, phonePage, startShop } from './helpers.js';

/**
 * Staff who open the shop itself (docs/requirements.md#users-and-roles): they have no company, so no
 * prices, no member area and no buyers' chat. The shop says so and points them to the back office and
 * the chat console instead of showing member screens that refuse every entry.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
const url = (p: string) => `${shop.server.base}${p}`;
const STAFF = ['staff@partsmall.kr', 'staff1234'] as const;
const NOTE = '직원 계정에는 마이페이지가 없습니다. 주문·회원·상품은 관리자 화면에서, 채팅은 상담 콘솔에서 처리하세요.';

describe('staff on the desktop shop', () => {
  it('shows the staff badge, the company-only price note and no buyers’ chat button', async () => {
    const { context, page } = await desktopPage(shop.browser);
    await memberLogin(page, url('/home'), ...STAFF);
    await page.goto(url('/home'));
    const summary = page.getByLabel('회원 정보');
    await expect.poll(() => summary.locator('.badge-regular').textContent()).toBe('직원');
    await page.locator('.product-card').first().waitFor();
    expect(await page.getByText('회원사 전용 가격').count()).toBeGreaterThan(0);
    expect(await page.getByText('로그인 후 가격 확인').count()).toBe(0);
    expect(await page.getByTestId('chat-fab').count()).toBe(0);
    await context.close();
  });

  it('answers the member area with the way to the back office and the console', async () => {
    const { context, page } = await desktopPage(shop.browser);
    await memberLogin(page, url('/management/profile'), ...STAFF);
    await page.goto(url('/management/profile'));
    await page.getByText(NOTE).waitFor();
    expect(await page.getByRole('link', { name: '관리자 화면' }).getAttribute('href')).toBe('/admin');
    expect(await page.getByRole('link', { name: '상담 콘솔' }).count()).toBeGreaterThan(0);
    expect(await page.getByText('회사 회원만 이용할 수 있습니다.').count()).toBe(0);
    await context.close();
  });
});

describe('staff on the phone shop', () => {
  it('offers the console in place of the buyers’ chat and the member area', async () => {
    const { context, page } = await phonePage(shop.browser);
    await memberLogin(page, url('/mobile'), ...STAFF);
    await page.goto(url('/mobile'));
    const bottom = page.getByRole('navigation', { name: '하단 메뉴' });
    await bottom.getByRole('link', { name: '상담 콘솔' }).waitFor();
    expect(await bottom.getByRole('link', { name: '상담 콘솔' }).getAttribute('href')).toBe('/chatAdmin');
    expect(await page.getByTestId('m-chat').count()).toBe(0);
    expect(await page.locator('.m-top-links').getByRole('link', { name: '마이페이지' }).count()).toBe(0);
    await page.goto(url('/mobileManagement'));
    await page.getByText(NOTE).waitFor();
    expect(await page.getByText('대표계정').count()).toBe(0);
    await context.close();
  });
});
