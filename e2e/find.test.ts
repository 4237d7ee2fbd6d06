import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@partsmall/contract';
import { call, desktopPage, latestCode, phonePage, snap, startShop } from './helpers.js';

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** Requests a find code for the phone and returns it from the dev outbox. */
async function requestCode(page: Page, phone: string): Promise<string> {
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await page.getByRole('button', { name: /^재요청 \d+초$/ }).waitFor();
  return latestCode(shop.server, phone);
}

async function login(page: Page, id: string, pw: string) {
  await page.getByLabel('아이디 (메일 주소)').fill(id);
  await page.getByLabel('비밀번호').fill(pw);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByText('로그인되었습니다. 3초 후 홈으로 이동합니다.').waitFor();
}

describe('find id in the browser', () => {
  it('shows the id of the account that verified its phone', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/memberIdInq`);
    await page.getByRole('heading', { name: '아이디 찾기' }).waitFor();
    await snap(page, 'find-id-start-desktop');
    // A number nobody joined with gets the server's answer under the field.
    await page.getByLabel('휴대폰 번호').fill('01099990000');
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await page.getByText(MSG.phoneNotFound).waitFor();

    const code = await requestCode(page, '01012345603');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('인증번호').fill(wrong);
    await page.getByRole('button', { name: '아이디 찾기' }).click();
    await page.getByText(MSG.codeWrong).waitFor();
    expect(await page.getByTestId('found-id').count()).toBe(0);
    await snap(page, 'find-id-code-desktop');

    await page.getByLabel('인증번호').fill(code);
    await page.getByRole('button', { name: '아이디 찾기' }).click();
    expect(await page.getByTestId('found-id').textContent()).toBe('other@partsmall.kr');
    await snap(page, 'find-id-result-desktop');
    await page.getByRole('link', { name: '로그인하기' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('works on a phone at /mobileMemberIdInq', async () => {
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/memberIdInq`);
    await page.waitForURL(/\/mobileMemberIdInq$/);
    const code = await requestCode(page, '01012345601');
    await snap(page, 'find-id-code-mobile');
    await page.getByLabel('인증번호').fill(code);
    await page.getByLabel('인증번호').press('Enter');
    expect(await page.getByTestId('found-id').textContent()).toBe('demo@partsmall.kr');
    await snap(page, 'find-id-result-mobile');
    await context.close();
  });
});

describe('find password in the browser', () => {
  it('sets a new password after the phone check, and the new password logs in', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/memberPwInq`);
    await page.getByRole('heading', { name: '비밀번호 찾기' }).waitFor();
    expect(await page.getByLabel('새 비밀번호', { exact: true }).count()).toBe(0);
    await snap(page, 'find-pw-start-desktop');
    const code = await requestCode(page, '01012345602');
    await page.getByLabel('인증번호').fill(code);
    await page.getByLabel('새 비밀번호', { exact: true }).fill('fresh7788');
    await page.getByLabel('새 비밀번호 확인').fill('fresh7789');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByText(MSG.passwordMismatch).waitFor();
    await page.getByLabel('새 비밀번호 확인').fill('fresh7788');
    await snap(page, 'find-pw-form-desktop');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText(MSG.passwordChanged).waitFor();

    const old = await call(shop.server, 'POST', 'api/login', { id: 'sub@partsmall.kr', pw: 'demo1234' });
    expect(old.body.code).not.toBe(200);
    await login(page, 'sub@partsmall.kr', 'fresh7788');
    await page.waitForURL(/\/home$/, { timeout: 6000 });
    await page.locator('.company-name').getByText('한빛수입차부품').waitFor();
    await context.close();
  });

  it('on a phone, /memberPwInq opens the find-password tab of /mobileJoin', async () => {
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/memberPwInq`);
    // Straight to its tab: the mobile route's own query is kept (it opened the join tab).
    await page.waitForURL(/\/mobileJoin\?tab=findPw$/);
    await page.getByRole('heading', { name: '비밀번호 찾기' }).waitFor();
    const code = await requestCode(page, '01012345604');
    await page.getByLabel('인증번호').fill(code);
    await page.getByLabel('새 비밀번호', { exact: true }).fill('console99');
    await page.getByLabel('새 비밀번호 확인').fill('console99');
    await snap(page, 'find-pw-form-mobile');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.waitForURL(/\/mobileLogin$/);
    const res = await call(shop.server, 'POST', 'api/login', { id: 'staff@partsmall.kr', pw: 'console99' });
    expect(res.body.code).toBe(200);
    await context.close();
  });
});
