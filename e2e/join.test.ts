import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@partsmall/contract';
import { eq } from 'drizzle-orm';
import { companies } from '../apps/server/src/db/schema.js';
import { SECURITY_NUMBER_GUESS } from '../apps/server/src/features/auth/service.js';
import { forgetGuesses, recordEvents } from '../apps/server/src/shared/rate-limit.js';
import { DEMO_COMPANY, withCheckDigit } from '../apps/server/src/seed/demo.js';
import { desktopPage, latestCode, phonePage, snap, startShop } from './helpers.js';

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** The sub-account form filled with a security number, a verified phone, the consents and a login, then sent. */
async function submitSubJoin(page: Page, securityNum: string, phone: string, loginId: string) {
  await page.getByLabel('보안번호').fill(securityNum);
  await verifyPhone(page, phone);
  await page.getByRole('checkbox', { name: '전체 동의' }).check();
  await page.getByLabel('로그인 계정 (메일 주소)').fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill('guess1234');
  await page.getByLabel('비밀번호 확인').fill('guess1234');
  await page.getByRole('button', { name: '가입하기' }).click();
}

/** Phone step shared by both join forms: request a code, read it from the dev outbox, verify it. */
async function verifyPhone(page: Page, phone: string, screenshot?: string) {
  const request = page.getByRole('button', { name: '인증번호 받기' });
  await page.getByLabel('휴대폰 번호').fill(phone.slice(0, 10));
  expect(await request.isDisabled()).toBe(true);
  await page.getByLabel('휴대폰 번호').fill(phone);
  await request.click();
  // The 60 s countdown runs on the disabled button.
  const resend = page.getByRole('button', { name: /^재요청 \d+초$/ });
  await resend.waitFor();
  expect(await resend.isDisabled()).toBe(true);
  const code = await latestCode(shop.server, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('인증번호', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: '인증 확인' }).click();
  await page.getByText(MSG.codeWrong).waitFor();
  if (screenshot) await snap(page, screenshot);
  await page.getByLabel('인증번호', { exact: true }).fill(code);
  await page.getByRole('button', { name: '인증 확인' }).click();
  await page.getByText('휴대폰 인증이 완료되었습니다.').waitFor();
}

async function login(page: Page, id: string, pw: string) {
  await page.getByLabel('아이디 (메일 주소)').fill(id);
  await page.getByLabel('비밀번호').fill(pw);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByText('로그인되었습니다. 3초 후 홈으로 이동합니다.').waitFor();
  await page.waitForURL(/\/home$/, { timeout: 6000 });
}

describe('company join in the browser', () => {
  it('signs a new company up through every step, then it logs in and out', async () => {
    const { page, context } = await desktopPage(shop.browser);
    const license = withCheckDigit('301245678');
    const phone = '01077770001';
    await page.goto(`${shop.server.base}/join`);
    await page.getByRole('heading', { name: '회원가입' }).waitFor();
    await snap(page, 'join-start-desktop');
    // Only digits stay in the business number; at 10 digits it is looked up.
    await page.getByLabel('사업자등록번호').fill(`${license.slice(0, 3)}-${license.slice(3, 5)}-${license.slice(5)}`);
    expect(await page.getByLabel('사업자등록번호').inputValue()).toBe(license);
    await page.getByText('가입 가능한 사업자등록번호입니다.').waitFor();
    expect(await page.getByLabel('상호').count()).toBe(0);

    await verifyPhone(page, phone, 'join-phone-code-desktop');
    // The details form opens only with both consents.
    expect(await page.getByLabel('상호').count()).toBe(0);
    await page.getByRole('checkbox', { name: '이용약관 동의 (필수)' }).check();
    expect(await page.getByLabel('상호').count()).toBe(0);
    await page
      .getByRole('region', { name: '개인정보 처리방침' })
      .getByText('대금결제 및 재화 등의 공급에 관한 기록')
      .waitFor();
    await page.getByRole('checkbox', { name: '전체 동의' }).check();
    expect(await page.getByRole('checkbox', { name: '개인정보 수집·이용 동의 (필수)' }).isChecked()).toBe(true);

    await page.getByLabel('상호').fill('동해수입차부품');
    await page.getByLabel('사업 지역').fill('경기 화성시');
    await page.getByLabel('로그인 계정 (메일 주소)').fill('newco@partsmall.kr');
    await page.getByLabel('비밀번호', { exact: true }).fill('newco1234');
    await page.getByLabel('비밀번호 확인').fill('newco12');
    await page.getByLabel('비밀번호 확인').blur();
    await page.getByText(MSG.passwordMismatch).waitFor();
    await page.getByLabel('비밀번호 확인').fill('newco1234');
    await snap(page, 'join-details-desktop');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.getByText('회원가입이 완료되었습니다.').waitFor();
    expect(await page.getByLabel('상호').count()).toBe(0);
    await snap(page, 'join-done-desktop');
    await page.waitForURL(/\/login$/, { timeout: 6000 });

    await login(page, 'newco@partsmall.kr', 'newco1234');
    await page.locator('.company-name').getByText('동해수입차부품').waitFor();
    await page.getByRole('button', { name: '로그아웃' }).click();
    // The visitor's home has a 회원가입 link of its own beside the top bar's.
    await page.getByRole('navigation', { name: '방문자 메뉴' }).getByRole('link', { name: '회원가입' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('offers six ways on for a business number that is already a member, and names a bad checksum', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/join`);
    const field = page.getByLabel('사업자등록번호');
    const bad = DEMO_COMPANY.license.slice(0, 9) + ((Number(DEMO_COMPANY.license[9]) + 1) % 10);
    await field.fill(bad);
    await page.getByText(MSG.licenseChecksum).waitFor();
    // Leaving the field: its own rule and the server say the same thing, shown once.
    await field.press('Tab');
    await page.locator('#f-license-error').getByText(MSG.licenseChecksum).waitFor();
    expect(await page.getByText(MSG.licenseChecksum).count()).toBe(1);

    await field.fill(DEMO_COMPANY.license);
    const dialog = page.getByRole('dialog', { name: '이미 가입된 사업자입니다' });
    await dialog.waitFor();
    const names = await dialog.getByRole('button').allTextContents();
    expect(names).toEqual(['로그인', '홈으로', '부계정 가입', '다시 입력', '아이디 찾기', '비밀번호 찾기']);
    await snap(page, 'join-exists-desktop');
    await dialog.getByRole('button', { name: '다시 입력' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await field.inputValue()).toBe('');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

    await field.fill(DEMO_COMPANY.license);
    await dialog.getByRole('button', { name: '부계정 가입' }).click();
    await page.waitForURL(new RegExp(`/JoinSub\\?license=${DEMO_COMPANY.license}$`));
    expect(await page.getByLabel('사업자등록번호').inputValue()).toBe(DEMO_COMPANY.license);
    await page.getByText('가입된 사업자입니다. 보안번호를 입력하세요.').waitFor();

    await page.goto(`${shop.server.base}/join`);
    await page.getByLabel('사업자등록번호').fill(DEMO_COMPANY.license);
    await page.getByRole('dialog').getByRole('button', { name: '비밀번호 찾기' }).click();
    await page.waitForURL(/\/memberPwInq$/);
    await context.close();
  });
});

describe('sub-account join in the browser', () => {
  it('joins with the company security number, clears the old session and logs in', async () => {
    const { page, context } = await desktopPage(shop.browser);
    // Someone is logged in on this tab: joining clears that session.
    await page.goto(`${shop.server.base}/login`);
    await login(page, 'demo@partsmall.kr', 'demo1234');
    await page.goto(`${shop.server.base}/JoinSub?license=${DEMO_COMPANY.license}`);
    await page.getByRole('heading', { name: '부계정 가입' }).waitFor();
    await page.getByLabel('보안번호').fill(`${DEMO_COMPANY.securityNum}`);
    await verifyPhone(page, '01077770002');
    await page.getByRole('checkbox', { name: '전체 동의' }).check();
    await page.getByLabel('이름 (선택)').fill('김현우');
    await page.getByLabel('연락처 (선택)').fill('02-555-1234');
    expect(await page.getByLabel('연락처 (선택)').inputValue()).toBe('025551234');
    await page.getByLabel('로그인 계정 (메일 주소)').fill('hyunwoo@partsmall.kr');
    await page.getByLabel('비밀번호', { exact: true }).fill('staff5678');
    await page.getByLabel('비밀번호 확인').fill('staff5678');
    await snap(page, 'joinsub-details-desktop');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.getByText('회원가입이 완료되었습니다.').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.waitForURL(/\/login$/, { timeout: 6000 });

    await login(page, 'hyunwoo@partsmall.kr', 'staff5678');
    await page.locator('.company-name').getByText(DEMO_COMPANY.name).waitFor();
    await context.close();
  });

  it("shows the server's message under the security number when it is wrong", async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/JoinSub?license=${DEMO_COMPANY.license}`);
    const wrong = DEMO_COMPANY.securityNum === '000000' ? '111111' : '000000';
    await submitSubJoin(page, wrong, '01077770003', 'intruder@partsmall.kr');
    const alert = page.getByRole('alertdialog');
    await alert.getByText(MSG.securityNumWrong).waitFor();
    await snap(page, 'joinsub-wrong-security-desktop');
    await alert.getByRole('button', { name: '확인' }).click();
    const fieldError = page.locator('#f-securityNum-error');
    expect(await fieldError.textContent()).toBe(MSG.securityNumWrong);
    expect(await page.getByText('회원가입이 완료되었습니다.').count()).toBe(0);
    expect(page.url()).toContain('/JoinSub');
    await context.close();
  });

  it('a security number guessed 100 times is spent: the join says so and how to renew it, on a desktop and a phone', async () => {
    const [company] = await shop.server.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.license, DEMO_COMPANY.license));
    const subject = String(company!.id);
    // 100 wrong numbers within 30 days, from anywhere (docs/security.md#password-guessing).
    await recordEvents(
      shop.server.db,
      Array.from({ length: 100 }, () => `${SECURITY_NUMBER_GUESS.scope}:subject:${subject}`),
    );
    try {
      for (const [open, phone, shotName] of [
        [desktopPage, '01077770004', 'joinsub-locked-desktop'],
        [phonePage, '01077770005', 'joinsub-locked-mobile'],
      ] as const) {
        const { page, context } = await open(shop.browser);
        await page.goto(`${shop.server.base}/JoinSub?license=${DEMO_COMPANY.license}`);
        // Even the right number is refused now: it is spent until the main account renews it.
        await submitSubJoin(page, `${DEMO_COMPANY.securityNum}`, phone, `locked${phone.slice(-1)}@partsmall.kr`);
        const alert = page.getByRole('alertdialog');
        await alert.getByText(MSG.securityNumLocked).waitFor();
        await snap(page, shotName);
        await alert.getByRole('button', { name: '확인' }).click();
        expect(await page.getByText('회원가입이 완료되었습니다.').count()).toBe(0);
        await context.close();
      }
    } finally {
      await forgetGuesses(shop.server.db, SECURITY_NUMBER_GUESS, subject);
    }
  });
});

describe('join screens on a phone', () => {
  it('sends /join to /mobileJoin and shows the existing-business choices there', async () => {
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/join`);
    await page.waitForURL(/\/mobileJoin$/);
    await page.getByRole('heading', { name: '회원가입' }).waitFor();
    await snap(page, 'join-start-mobile');
    await page.getByLabel('사업자등록번호').fill(withCheckDigit('301245679'));
    await page.getByText('가입 가능한 사업자등록번호입니다.').waitFor();
    await page.getByRole('checkbox', { name: '전체 동의' }).check();
    await snap(page, 'join-steps-mobile');

    await page.getByLabel('사업자등록번호').fill(DEMO_COMPANY.license);
    const dialog = page.getByRole('dialog', { name: '이미 가입된 사업자입니다' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button').count()).toBe(6);
    await snap(page, 'join-exists-mobile');
    await dialog.getByRole('button', { name: '부계정 가입' }).click();
    await page.waitForURL(/\/JoinSub\?license=/);
    await page.getByRole('heading', { name: '부계정 가입' }).waitFor();
    await snap(page, 'joinsub-mobile');
    await context.close();
  });

  it('shows the terms and the privacy policy in tabs on /mobileService, with the shop phone number', async () => {
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/policy`);
    await page.waitForURL(/\/mobileService$/);
    await page.getByRole('tab', { name: '이용약관' }).waitFor();
    expect(await page.getByRole('tab', { name: '이용약관' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('고객센터: 1588-1234 / 운영 시간: 평일 09:30~17:30 (주말 및 공휴일 휴무)').waitFor();
    await page.getByText('사용하지 않은 캐시를 현금으로 환불받는 경우 환불 금액의 3%를 수수료로 공제합니다.').waitFor();
    await snap(page, 'service-policy-mobile');
    await page.getByRole('tab', { name: '개인정보처리방침' }).click();
    await page.getByRole('cell', { name: '표시·광고에 관한 기록' }).waitFor();
    await snap(page, 'service-privacy-mobile');
    await context.close();
  });
});

describe('legal pages on the desktop', () => {
  it('shows the terms and the privacy policy with the figures of the shop', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/policy`);
    await page.getByRole('heading', { name: '이용약관', level: 1 }).waitFor();
    await page
      .getByText('신용카드로 충전한 캐시의 결제 취소는 결제일로부터 180일 이내에 신청할 수 있습니다.')
      .waitFor();
    await page.getByText('구매한 라이선스는 환불되지 않습니다.').waitFor();
    await page.getByText('고객센터: 1588-1234', { exact: false }).first().waitFor();
    await snap(page, 'policy-desktop');
    await page
      .getByRole('navigation', { name: '약관 및 개인정보처리방침' })
      .getByRole('link', { name: '개인정보처리방침' })
      .click();
    await page.waitForURL(/\/privacy$/);
    await page.getByRole('heading', { name: '개인정보 처리방침', level: 1 }).waitFor();
    const retention = page.getByRole('row', { name: /소비자의 불만 또는 분쟁처리에 관한 기록/ });
    expect(await retention.textContent()).toContain('3년');
    await snap(page, 'privacy-desktop');
    await context.close();
  });
});
