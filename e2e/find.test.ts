import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@partsmall/contract';
import { allowCodeResend } from '../apps/server/test/helpers.js';
import { randomLicense, randomPhone } from '../apps/server/test/member-helpers.js';
import { call, desktopPage, latestCode, loginAs, phonePage, snap, startShop } from './helpers.js';

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
    // The toast names the account whose password changed.
    await page.getByText(`sub@partsmall.kr 계정의 비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요.`).waitFor();

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

describe('a phone several accounts gave (docs/security.md#sessions)', () => {
  it('find id lists every id, and find password asks which id, keeps what was typed and resets that one', async () => {
    const phone = randomPhone();
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const ids = [`first-${phone}@hanbit.kr`, `second-${phone}@hanbit.kr`];
    for (const id of ids) {
      const made = await call(
        shop.server,
        'POST',
        'api/setMallMemberInfo',
        {
          id,
          pw: 'start1234',
          name: '같은번호직원',
          phone,
          mail: id,
        },
        token,
      );
      expect(made.body.code).toBe(201);
    }

    const mobile = await phonePage(shop.browser);
    await mobile.page.goto(`${shop.server.base}/mobileMemberIdInq`);
    const code = await requestCode(mobile.page, phone);
    await mobile.page.getByLabel('인증번호').fill(code);
    await mobile.page.getByRole('button', { name: '아이디 찾기' }).click();
    const list = mobile.page.getByTestId('found-ids');
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual(ids);
    await snap(mobile.page, 'find-id-several-mobile');
    await mobile.context.close();

    await allowCodeResend(shop.server, phone);
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/memberPwInq`);
    const pwCode = await requestCode(page, phone);
    await page.getByLabel('인증번호').fill(pwCode);
    await page.getByLabel('새 비밀번호', { exact: true }).fill('picked123');
    await page.getByLabel('새 비밀번호 확인').fill('picked123');
    expect(await page.getByLabel('아이디 (메일 주소)').count()).toBe(0);
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByRole('alertdialog').getByText(MSG.recoverIdRequired).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    // The id field appears with the server's message under it; the code and passwords stay.
    const idField = page.getByLabel('아이디 (메일 주소)');
    await idField.waitFor();
    await page.locator('.field-error').getByText(MSG.recoverIdRequired).waitFor();
    expect(await page.getByLabel('인증번호').inputValue()).toBe(pwCode);
    expect(await page.getByLabel('새 비밀번호', { exact: true }).inputValue()).toBe('picked123');
    await snap(page, 'find-pw-id-desktop');
    await idField.fill(ids[1]!);
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText(`${ids[1]} 계정의 비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요.`).waitFor();
    expect((await call(shop.server, 'POST', 'api/login', { id: ids[1], pw: 'picked123' })).body.code).toBe(200);
    expect((await call(shop.server, 'POST', 'api/login', { id: ids[0], pw: 'start1234' })).body.code).toBe(200);
    await context.close();
  });
});

describe('find password for another id of the phone (docs/security.md#sessions)', () => {
  it('resets the proved holder by default; 다른 아이디의 비밀번호 찾기 opens the id field and resets the id typed', async () => {
    const phone = randomPhone();
    const chat = { id: `chat-${phone}@quick.kr`, pw: 'chat1234' };
    const made = await call(
      shop.server,
      'POST',
      'api/chatJoin',
      { ...chat, cpw: chat.pw, phone, companyName: '빠른상사', companyArea: '대구' },
      undefined,
      { 'x-forwarded-for': '10.9.7.6' },
    );
    expect(made.body.code).toBe(200);
    await call(shop.server, 'GET', 'api/mobileVerification', { phone, authType: 'message' });
    const holder = { id: `holder-${phone}@real.kr`, pw: 'owner123' };
    const joined = await call(shop.server, 'POST', 'api/join', {
      license: randomLicense(),
      companyName: '진짜상사',
      companyArea: '서울',
      ...holder,
      cpw: holder.pw,
      phone,
      authCode: await latestCode(shop.server, phone),
      policy: true,
      privacy: true,
    });
    expect(joined.body.code).toBe(201);

    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/memberPwInq`);
    const other = page.getByRole('button', { name: '다른 아이디의 비밀번호 찾기' });
    expect(await other.count()).toBe(0);
    const code = await requestCode(page, phone);
    await page.getByLabel('인증번호').fill(code);
    await page.getByLabel('새 비밀번호', { exact: true }).fill('chosen789');
    await page.getByLabel('새 비밀번호 확인').fill('chosen789');
    // Nothing tells how many accounts gave the number: the id field waits behind the button.
    expect(await page.getByLabel('아이디 (메일 주소)').count()).toBe(0);
    await other.click();
    const idField = page.getByLabel('아이디 (메일 주소)');
    await idField.waitFor();
    expect(await other.count()).toBe(0);
    await snap(page, 'find-pw-other-id-desktop');
    await idField.fill(chat.id);
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText(`${chat.id} 계정의 비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요.`).waitFor();
    expect((await call(shop.server, 'POST', 'api/login', { id: chat.id, pw: 'chosen789' })).body.code).toBe(200);
    expect((await call(shop.server, 'POST', 'api/login', { id: holder.id, pw: holder.pw })).body.code).toBe(200);

    // Without the button, the same phone's code resets the number's proved holder.
    await allowCodeResend(shop.server, phone);
    await page.goto(`${shop.server.base}/memberPwInq`);
    const again = await requestCode(page, phone);
    await page.getByLabel('인증번호').fill(again);
    await page.getByLabel('새 비밀번호', { exact: true }).fill('holder789');
    await page.getByLabel('새 비밀번호 확인').fill('holder789');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.waitForURL(/\/login$/);
    expect((await call(shop.server, 'POST', 'api/login', { id: holder.id, pw: 'holder789' })).body.code).toBe(200);
    expect((await call(shop.server, 'POST', 'api/login', { id: chat.id, pw: 'chosen789' })).body.code).toBe(200);
    await context.close();
  });
});
