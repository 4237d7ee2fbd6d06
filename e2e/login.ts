import type { Page } from 'playwright-core';

/**
 * Logs a member in through the shop's login page at loginUrl (/login or /mobileLogin; the seeded
 * member unless another is given) and waits for the notice. A file of its own, importing nothing of
 * vitest or the DOM's types, because the tour (and through it bench/cls.ts) uses it too.
 */
export async function memberLogin(page: Page, loginUrl: string, id = 'demo@partsmall.kr', pw = 'demo1234') {
  await page.goto(loginUrl);
  await page.getByLabel('아이디 (메일 주소)').fill(id);
  await page.getByLabel('비밀번호').fill(pw);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByText('로그인되었습니다.').first().waitFor();
}
