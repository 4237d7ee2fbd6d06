import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { members, payments } from '../apps/server/src/db/schema.js';
import type { TestServer } from '../apps/server/test/helpers.js';
import { setCash } from './fixtures.js';
import { desktopPage, memberLogin, phonePage } from './helpers.js';

/**
 * What the member-area browser files (management.test.ts, management-accounts.test.ts) share: the
 * demo company's reset before each test, the postcode widget's stand-in, window.open's record and
 * the member area's menu and alerts. The area is tested in two files so that the run's browser
 * workers share it (docs/operations.md#tests).
 */

/**
 * Every test starts from the demo company's opening cash and its seeded payment history (the
 * shop's 'manager' charges), whatever the tests before it paid.
 */
export async function resetDemoCompany(server: TestServer) {
  await setCash(server, 'demo@partsmall.kr', 5_000_000);
  const [demo] = await server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  await server.db
    .delete(payments)
    .where(and(eq(payments.companyId, demo!.companyId!), eq(payments.provider, 'sandbox')));
}

export const POSTCODE_SCRIPT = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
/**
 * Stands in for the Daum postcode widget (tests replace it): embed() draws one
 * result button that hands back a road address the way the widget does.
 */
export const POSTCODE_STUB = `window.daum = { Postcode: function (opts) {
  this.embed = function (el) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = '서울특별시 성동구 아차산로 113';
    b.onclick = function () { opts.oncomplete({ zonecode: '04782', roadAddress: '서울특별시 성동구 아차산로 113', jibunAddress: '서울특별시 성동구 성수동2가 277-44', userSelectedType: 'R', bname: '성수동2가', buildingName: '', apartment: 'N' }); };
    el.appendChild(b);
  };
} };`;

export type Postcode = 'stub' | 'offline';

/** Every window.open of the page, so that the original popup sizes (docs/requirements.md#windows-and-sizes) can be checked. */
export const RECORD_OPENS = `window.__opens = []; (function () { var open = window.open; window.open = function (u, n, f) { window.__opens.push([String(u), String(n), String(f)]); return open.apply(window, arguments); }; })();`;

export async function prepare(context: BrowserContext, postcode: Postcode) {
  await context.route(POSTCODE_SCRIPT, (route) =>
    postcode === 'stub'
      ? route.fulfill({ contentType: 'application/javascript', body: POSTCODE_STUB })
      : route.abort('internetdisconnected'),
  );
  await context.addInitScript(RECORD_OPENS);
}

export async function desktop(browser: Browser, postcode: Postcode = 'stub') {
  const { context, page } = await desktopPage(browser);
  await prepare(context, postcode);
  return { context, page };
}
export async function phone(browser: Browser, postcode: Postcode = 'stub') {
  const { context, page } = await phonePage(browser);
  await prepare(context, postcode);
  return { context, page };
}

export async function login(page: Page, to: string, id: string, pw = 'demo1234') {
  await memberLogin(page, to, id, pw);
}

export const menu = (page: Page) => page.getByRole('navigation', { name: '마이페이지 메뉴' });
/** The menu's entries once it has rendered (the member area loads on its first visit). */
export const menuEntries = (page: Page) => expect.poll(() => menu(page).getByRole('link').allTextContents());
export const alertText = (page: Page, text: string) => page.getByRole('alertdialog').getByText(text, { exact: true });
export async function closeAlert(page: Page, text: string) {
  await alertText(page, text).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
}
export const opens = (page: Page) => page.evaluate(() => (window as unknown as { __opens: string[][] }).__opens);
/** '2026.11.28 09:05': an instant in Seoul to the minute, as the member area writes it. */
export function seoulMinute(d: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}.${part('month')}.${part('day')} ${part('hour')}:${part('minute')}`;
}
export function seoulToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
}
