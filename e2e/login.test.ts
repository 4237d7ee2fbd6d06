import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { members, sessions } from '../apps/server/src/db/schema.js';
import { desktopPage, formLogin, memberLogin, phonePage, shot, startShop } from './helpers.js';
import { settle } from './tour.js';

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('login in the browser', () => {
  it('logs the demo member in, shows cash and licence in the top bar, and logs out', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/login`);
    const submit = page.getByRole('button', { name: '로그인', exact: true });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel('아이디 (메일 주소)').fill('demo@partsmall.kr');
    await page.getByLabel('비밀번호').fill('demo1234');
    await page.getByLabel('비밀번호').press('Enter');
    await page.getByText('로그인되었습니다. 3초 후 홈으로 이동합니다.').waitFor();
    await page.waitForURL(/\/home$/, { timeout: 6000 });
    await page.getByTestId('cash').getByText('5,000,000원').waitFor();
    await expect.poll(() => page.getByTestId('license-days').textContent()).toMatch(/(29|30)일/);
    await shot(page, 'home-member-desktop');
    await page.getByRole('button', { name: '로그아웃' }).click();
    // The top bar turns to the visitor's menu; the visitor's home has its own 회원가입 link in the page.
    await page.getByRole('navigation', { name: '방문자 메뉴' }).getByRole('link', { name: '회원가입' }).waitFor();
    await page.getByText('로그아웃되었습니다.').waitFor();
    await page.waitForURL(/\/home$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  // The other browser tests log in through the login call (e2e/login.ts): the forms are tested here.
  it('logs the demo member in on the phone login page, which moves to the phone home with the cash shown', async () => {
    const { page, context } = await phonePage(shop.browser);
    await formLogin(page, `${shop.server.base}/mobileLogin`);
    await page.waitForURL(/\/mobile$/, { timeout: 8000 });
    await expect.poll(() => page.locator('.m-header [data-testid="cash"]').textContent()).toBe('5,000,000원');
    await context.close();
  });

  it('logs staff into the back office through its own form, onto the dashboard', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/admin`);
    await page.getByLabel('아이디(메일)').fill('staff@partsmall.kr');
    await page.getByLabel('비밀번호').fill('staff1234');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByRole('heading', { name: '대시보드' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
    await context.close();
  });

  it('sends a phone to /mobileLogin', async () => {
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/login`);
    await page.waitForURL(/\/mobileLogin$/);
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    await shot(page, 'login-mobile');
    await context.close();
  });

  it('every page opened first loads with a clean console (no HydrateFallback warning)', async () => {
    // The first page of a visit may be one whose code loads on demand; the console check after each test reads them all.
    const { page, context } = await desktopPage(shop.browser);
    for (const path of ['/join', '/notice', '/policy', '/inquiry', '/productDetail/1', '/carInfo', '/no-such-page']) {
      await page.goto(`${shop.server.base}${path}`);
      await page.locator('main h1, main h2').first().waitFor();
    }
    await context.close();
    const phone = await phonePage(shop.browser);
    for (const path of ['/noticem', '/mobileJoin', '/mobileInquiry']) {
      await phone.page.goto(`${shop.server.base}${path}`);
      await phone.page.locator('main h1, main h2').first().waitFor();
    }
    await phone.context.close();
  });
});

describe('a session that ends while a member-only screen is open', () => {
  /**
   * Ends the member's sessions as their 24 hours do: expired, not revoked, so nothing tells the open
   * tab (its trade socket stays quiet) until its next call answers 401.
   */
  async function expireSessions(loginId: string) {
    const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, loginId));
    await shop.server.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.memberId, m!.id));
  }

  /** The tab saves its open my-info form after the session expired: told so, it lands on `login` and stays. */
  async function saveAfterExpiry(page: Page, login: RegExp) {
    await page.getByLabel('연락처').waitFor();
    // The trade socket has connected and answered first: the save's 401 is what tells the tab.
    await page.waitForFunction(() => sessionStorage.getItem('clientBaseInfo') !== null);
    await settle(page);
    await expireSessions('demo@partsmall.kr');
    await page.getByRole('button', { name: '저장' }).click();
    await page.locator('.toast', { hasText: '로그인이 만료되었습니다. 다시 로그인해 주세요.' }).waitFor();
    await page.waitForURL((url) => login.test(url.pathname));
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    // The guard sent a logged-out member-only screen home, over the move to login.
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toMatch(login);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  }

  it('goes to /login on a desktop (docs/requirements.md#accounts-and-sessions)', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await memberLogin(page, `${shop.server.base}/management/editMyInfo`);
    await saveAfterExpiry(page, /^\/login$/);
    await shot(page, 'session-expired-login-desktop');
    await context.close();
  });

  it('goes to /mobileLogin on a phone', async () => {
    const { page, context } = await phonePage(shop.browser);
    await memberLogin(page, `${shop.server.base}/mobileManagement?menu=editMyInfo`);
    await saveAfterExpiry(page, /^\/mobileLogin$/);
    await context.close();
  });

  it('logged out in another tab: the open screen is told, over its socket, and goes to /login', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await memberLogin(page, `${shop.server.base}/management/editMyInfo`);
    await page.getByLabel('연락처').waitFor();
    await page.waitForFunction(() => sessionStorage.getItem('clientBaseInfo') !== null);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    // The other tab's logout revokes this very session; the server ends its sockets with a 401.
    const res = await fetch(`${shop.server.base}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await page.locator('.toast', { hasText: '로그인이 만료되었습니다. 다시 로그인해 주세요.' }).waitFor();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('a logout from the member area still goes home', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await memberLogin(page, `${shop.server.base}/management/editMyInfo`);
    await page.getByLabel('연락처').waitFor();
    await page.waitForFunction(() => sessionStorage.getItem('clientBaseInfo') !== null);
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.getByRole('navigation', { name: '방문자 메뉴' }).waitFor();
    await page.waitForURL(/\/home$/);
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/home');
    // The server ends the session's socket before it answers the logout: that 401 is no expiry.
    expect(await page.locator('.toast', { hasText: '로그인이 만료되었습니다' }).count()).toBe(0);
    await context.close();
  });
});
