import type { Page } from 'playwright-core';

/**
 * How the browser tests log in. A file of its own, importing nothing of vitest or the DOM's types,
 * because the tour (and through it bench/cls.ts) uses it too.
 */

export const DEMO_MEMBER = { id: 'demo@partsmall.kr', pw: 'demo1234' };

/**
 * Logs a member in through the shop's login page at loginUrl (/login or /mobileLogin; the seeded
 * member unless another is given) and waits for the notice. For the tests whose subject is the
 * login screen; every other test logs in with `memberLogin`.
 */
export async function formLogin(page: Page, loginUrl: string, id = DEMO_MEMBER.id, pw = DEMO_MEMBER.pw) {
  await page.goto(loginUrl);
  await page.getByLabel('아이디 (메일 주소)').fill(id);
  await page.getByLabel('비밀번호').fill(pw);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByText('로그인되었습니다.').first().waitFor();
}

/**
 * Logs the tab in as the login screens do, without typing into them, and opens `to` (a full
 * address): the same login call (api/login, through the page's own request context), its token and
 * user info written into the tab's session storage before the page's first script runs
 * (docs/requirements.md#accounts-and-sessions), as after a reload of a logged-in tab. The login
 * screens themselves are tested in e2e/login.test.ts. Any account: members and staff alike.
 */
export async function memberLogin(page: Page, to: string, id = DEMO_MEMBER.id, pw = DEMO_MEMBER.pw) {
  const origin = new URL(to).origin;
  const res = await page.request.post(`${origin}/api/login`, { data: { id, pw } });
  const body = (await res.json()) as { code: number; message: string; results?: { token: string; userInfo: unknown } };
  if (body.code !== 200 || !body.results) throw new Error(`login ${id}: ${body.code} ${body.message}`);
  // Only for this one page load: a later logout stays logged out.
  const once = await page.addInitScript(
    (s: { origin: string; token: string; userInfo: string }) => {
      // Typed by hand: bench/ is type-checked without the DOM's types.
      const w = globalThis as unknown as {
        location: { origin: string };
        sessionStorage: { setItem(k: string, v: string): void; removeItem(k: string): void };
      };
      if (w.location.origin !== s.origin) return;
      w.sessionStorage.setItem('token', s.token);
      w.sessionStorage.setItem('userInfo', s.userInfo);
      w.sessionStorage.removeItem('clientBaseInfo');
    },
    { origin, token: body.results.token, userInfo: JSON.stringify(body.results.userInfo) },
  );
  try {
    await page.goto(to);
  } finally {
    await once.dispose();
  }
}
