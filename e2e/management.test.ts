import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG, MSG_MEMBER } from '@partsmall/contract';
import { members, payments, sessions } from '../apps/server/src/db/schema.js';
import { DEMO_COMPANY } from '../apps/server/src/seed/demo.js';
import { MENU_PATHS } from '../apps/web/src/features/management/menu.js';
import { addProduct, newCompany, payByApi, setCash } from './fixtures.js';
import { call, desktopPage, phonePage, latestCode, loginAs, memberLogin, shot, snap, startShop } from './helpers.js';

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/**
 * Every test starts from the demo company's opening cash and its seeded payment history (the
 * shop's 'manager' charges), whatever the tests before it paid.
 */
beforeEach(async () => {
  await setCash(shop.server, 'demo@partsmall.kr', 5_000_000);
  const [demo] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  await shop.server.db
    .delete(payments)
    .where(and(eq(payments.companyId, demo!.companyId!), eq(payments.provider, 'sandbox')));
});

const POSTCODE_SCRIPT = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
/**
 * Stands in for the Daum postcode widget (tests replace it): embed() draws one
 * result button that hands back a road address the way the widget does.
 */
const POSTCODE_STUB = `window.daum = { Postcode: function (opts) {
  this.embed = function (el) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = '서울특별시 성동구 아차산로 113';
    b.onclick = function () { opts.oncomplete({ zonecode: '04782', roadAddress: '서울특별시 성동구 아차산로 113', jibunAddress: '서울특별시 성동구 성수동2가 277-44', userSelectedType: 'R', bname: '성수동2가', buildingName: '', apartment: 'N' }); };
    el.appendChild(b);
  };
} };`;

type Postcode = 'stub' | 'offline';

/** Every window.open of the page, so that the original popup sizes (docs/requirements.md#windows-and-sizes) can be checked. */
const RECORD_OPENS = `window.__opens = []; (function () { var open = window.open; window.open = function (u, n, f) { window.__opens.push([String(u), String(n), String(f)]); return open.apply(window, arguments); }; })();`;

async function prepare(context: BrowserContext, postcode: Postcode) {
  await context.route(POSTCODE_SCRIPT, (route) =>
    postcode === 'stub'
      ? route.fulfill({ contentType: 'application/javascript', body: POSTCODE_STUB })
      : route.abort('internetdisconnected'),
  );
  await context.addInitScript(RECORD_OPENS);
}

async function desktop(browser: Browser, postcode: Postcode = 'stub') {
  const { context, page } = await desktopPage(browser);
  await prepare(context, postcode);
  return { context, page };
}
async function phone(browser: Browser, postcode: Postcode = 'stub') {
  const { context, page } = await phonePage(browser);
  await prepare(context, postcode);
  return { context, page };
}

async function login(page: Page, to: string, id: string, pw = 'demo1234') {
  await memberLogin(page, to, id, pw);
}

const menu = (page: Page) => page.getByRole('navigation', { name: '마이페이지 메뉴' });
/** The menu's entries once it has rendered (the member area loads on its first visit). */
const menuEntries = (page: Page) => expect.poll(() => menu(page).getByRole('link').allTextContents());
const alertText = (page: Page, text: string) => page.getByRole('alertdialog').getByText(text, { exact: true });
async function closeAlert(page: Page, text: string) {
  await alertText(page, text).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
}
const opens = (page: Page) => page.evaluate(() => (window as unknown as { __opens: string[][] }).__opens);
/** '2026.11.28 09:05': an instant in Seoul to the minute, as the member area writes it. */
function seoulMinute(d: Date): string {
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
function seoulToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
}

describe('member area: menu and screens', () => {
  it('the main account sees all nineteen entries, the profile first, and every screen', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management`, 'demo@partsmall.kr');
    await page.waitForURL(/\/management\/profile$/);
    await menuEntries(page).toEqual([
      '기본정보',
      '내 정보 수정',
      '거래내역',
      '관심상품',
      '배송지 관리',
      '내 차량',
      '알림 설정',
      '회사 정보',
      '계정 관리',
      '캐시 충전',
      '캐시 결제내역',
      '캐시 원장',
      '월간 거래명세서',
      '세금계산서',
      '외상 거래',
      '라이선스 구매',
      '라이선스 결제내역',
      '보안번호',
      '회원 탈퇴',
    ]);
    // Profile: banner, level, cash, licence days, counts, the fixed zeros and the notices.
    await page.getByText('박준호님, 안녕하세요.').waitFor();
    expect(await page.getByTestId('profile-company').textContent()).toBe(DEMO_COMPANY.name);
    expect(await page.getByTestId('profile-level').textContent()).toBe('골드');
    await page.getByTestId('profile-cash').getByText('5,000,000원').waitFor();
    await expect.poll(() => page.getByTestId('profile-license').textContent()).toMatch(/^\d+일 남음$/);
    for (const label of ['배송대기', '배송중', '배송완료']) {
      expect(await page.locator('.mg-shipments li', { hasText: label }).locator('b').textContent()).toBe('0');
    }
    const notices = page.locator('.mg-notice-list > li');
    await notices.first().waitFor();
    expect(await notices.count()).toBe(5);
    const first = notices.first().locator('.mg-notice-title span');
    const title = (await first.textContent())!;
    await first.click();
    const panel = page.getByRole('region', { name: title });
    await panel.locator('.notice-content').waitFor();
    expect((await panel.locator('.notice-content').textContent())!.length).toBeGreaterThan(5);
    await snap(page, 'management-profile-desktop');

    // Every other screen opens from the menu with its heading.
    const screens: [string, string, string][] = [
      ['내 정보 수정', '내 정보 수정', 'editMyInfo'],
      ['거래내역', '거래내역', 'orders'],
      ['관심상품', '관심상품', 'favorites'],
      ['배송지 관리', '배송지 관리', 'deliveryAddress'],
      ['내 차량', '내 차량', 'myVehicles'],
      ['알림 설정', '알림 설정', 'notifySettings'],
      ['회사 정보', '회사 정보', 'editCompanyInfo'],
      ['계정 관리', '계정 관리', 'users'],
      ['캐시 충전', '캐시 충전', 'chargeCash'],
      ['캐시 결제내역', '캐시 결제내역', 'cashPayments'],
      ['캐시 원장', '캐시 원장', 'cashLedger'],
      ['월간 거래명세서', '월간 거래명세서', 'monthlyStatement'],
      ['세금계산서', '세금계산서', 'taxInvoices'],
      ['외상 거래', '외상 거래', 'credit'],
      ['라이선스 구매', '라이선스 구매', 'buyLicense'],
      ['라이선스 결제내역', '라이선스 결제내역', 'licensePayments'],
      ['보안번호', '보안번호', 'setSecurity'],
      ['회원 탈퇴', '회원 탈퇴', 'memberDeactivation'],
    ];
    for (const [link, heading, path] of screens) {
      await menu(page).getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(new RegExp(`/management/${path}$`));
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
      await snap(page, `management-${path}-desktop`);
    }
    // An unknown path goes to the first entry.
    await page.goto(`${shop.server.base}/management/nothing`);
    await page.waitForURL(/\/management\/profile$/);
    await context.close();
  });

  it('the sub-account sees only its ten entries (외상 거래 says whether it may use credit), and a main-only path goes to the first', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/chargeCash`, 'sub@partsmall.kr');
    await page.waitForURL(/\/management\/profile$/);
    await menuEntries(page).toEqual([
      '기본정보',
      '내 정보 수정',
      '거래내역',
      '관심상품',
      '배송지 관리',
      '내 차량',
      '알림 설정',
      '회사 정보',
      '외상 거래',
      '회원 탈퇴',
    ]);
    await page.getByText('최민지님, 안녕하세요.').waitFor();
    await page.locator('.mg-banner').getByText('부계정').waitFor();
    expect(await page.getByRole('link', { name: '충전하기 ›' }).count()).toBe(0);
    await page.goto(`${shop.server.base}/management/users`);
    await page.waitForURL(/\/management\/profile$/);
    await snap(page, 'management-sub-profile-desktop');
    await context.close();
  });

  it("a sub-account's top bar offers only what it may use, and a main-only path says why, once", async () => {
    const toast = (page: Page) => page.locator('.toast', { hasText: MSG_MEMBER.mainOnly });
    // The main account has the cash and licence entries.
    const main = await desktop(shop.browser);
    await login(main.page, `${shop.server.base}/management/profile`, 'demo@partsmall.kr');
    const mainBar = main.page.getByRole('navigation', { name: '회원 메뉴' });
    await mainBar.getByRole('link', { name: '캐시충전', exact: true }).waitFor();
    expect(await mainBar.getByRole('link', { name: '라이선스', exact: true }).count()).toBe(1);
    await main.context.close();

    // A sub-account does not (docs/requirements.md#member-area), and still has its own entries.
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/profile`, 'sub@partsmall.kr');
    const bar = page.getByRole('navigation', { name: '회원 메뉴' });
    await bar.getByRole('link', { name: '주문내역', exact: true }).waitFor();
    expect(await bar.getByRole('link', { name: '캐시충전', exact: true }).count()).toBe(0);
    expect(await bar.getByRole('link', { name: '라이선스', exact: true }).count()).toBe(0);
    expect(await bar.getByRole('link', { name: '마이페이지', exact: true }).count()).toBe(1);
    await snap(page, 'topbar-sub-desktop');
    // A bookmark of a main-only entry lands on the profile with one message.
    await page.goto(`${shop.server.base}/management/chargeCash`);
    await page.waitForURL(/\/management\/profile$/);
    await toast(page).waitFor();
    await page.waitForTimeout(1000);
    expect(await toast(page).count()).toBe(1);
    await context.close();

    const phone = await phonePage(shop.browser);
    await login(phone.page, `${shop.server.base}/mobileManagement?menu=buyLicense`, 'sub@partsmall.kr', 'demo1234');
    await phone.page.waitForURL(/\/mobileManagement$/);
    await toast(phone.page).waitFor();
    await phone.page.waitForTimeout(1000);
    expect(await toast(phone.page).count()).toBe(1);
    await expect.poll(() => menu(phone.page).getByRole('link').count()).toBe(10);
    await phone.context.close();
  });

  it('a visitor is sent home', async () => {
    const { page, context } = await desktop(shop.browser);
    await page.goto(`${shop.server.base}/management/orders`);
    await page.waitForURL(/\/home$/);
    await context.close();
  });
});

describe('member area on a phone', () => {
  it('lists the entries and opens each in one column; desktop links keep their entry', async () => {
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/management/chargeCash`, 'demo@partsmall.kr', 'demo1234');
    await page.waitForURL(/\/mobileManagement\?menu=chargeCash$/);
    await page.getByRole('heading', { name: '캐시 충전', level: 2 }).waitFor();
    await page.getByRole('link', { name: '‹ 메뉴 목록' }).click();
    await page.waitForURL(/\/mobileManagement$/);
    const entries = menu(page).getByRole('link');
    // The menu is drawn after the address changes: counted once it is there.
    await expect.poll(() => entries.count()).toBe(19);
    await snap(page, 'management-menu-mobile');
    for (const path of MENU_PATHS) {
      await page.goto(`${shop.server.base}/mobileManagement?menu=${path}`);
      await page.locator('.mg-title').first().waitFor();
      // One column: nothing wider than the phone (a wider page would widen the layout viewport).
      expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([390, 390]);
      await snap(page, `management-${path}-mobile`);
    }
    await context.close();
  });
});

describe('cash, licence and payment histories', () => {
  it('charges 50,000 won by card in the sandbox popup and sees the balance rise', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/chargeCash`, 'demo@partsmall.kr');
    const amount = page.getByLabel('충전 금액');
    expect(await amount.inputValue()).toBe('1,000');
    // Digits only, no leading zero, thousands separators.
    await amount.fill('0012a34');
    expect(await amount.inputValue()).toBe('1,234');
    // Step buttons never go below 1,000 nor above 10,000,000.
    // The step as shown ('−5,000'), then the hidden words (label in name).
    await page.getByRole('button', { name: '−5,000 원 빼기' }).click();
    expect(await amount.inputValue()).toBe('1,000');
    expect(await page.getByRole('button', { name: '−1,000 원 빼기' }).isDisabled()).toBe(true);
    await amount.fill('9990000');
    await page.getByRole('button', { name: '+50,000 원 더하기' }).click();
    expect(await amount.inputValue()).toBe('10,000,000');
    expect(await page.getByRole('button', { name: '+1,000 원 더하기' }).isDisabled()).toBe(true);
    // The three messages.
    await amount.fill('');
    await page.getByRole('button', { name: /결제하기$/ }).click();
    await closeAlert(page, '충전할 금액을 입력하세요.');
    await amount.fill('500');
    await page.getByRole('button', { name: /결제하기$/ }).click();
    await closeAlert(page, '최소 결제금액은 1,000원 입니다.');
    await amount.fill('10000001');
    await page.getByRole('button', { name: /결제하기$/ }).click();
    await closeAlert(page, '최대 결제금액은 1,000만원 입니다.');

    await amount.fill('40000');
    await page.getByRole('button', { name: '+10,000 원 더하기' }).click();
    expect(await amount.inputValue()).toBe('50,000');
    await page.getByTestId('charge-balance').getByText('5,000,000원').waitFor();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: '50,000원 결제하기' }).click(),
    ]);
    expect((await opens(page)).at(-1)).toEqual([
      expect.stringContaining('/payCenter/sandbox/'),
      'payment',
      'width=600,height=400',
    ]);
    await popup.getByRole('button', { name: '승인' }).waitFor();
    await page.getByRole('status').getByText('결제창이 열려 있습니다.', { exact: false }).waitFor();
    await snap(page, 'management-charge-popup-open-desktop');
    await shot(popup, 'payment-sandbox-card');
    await popup.getByRole('button', { name: '승인' }).click();
    await popup.getByText('결제가 완료되었습니다.').waitFor();
    // The popup closes itself; the page notices within 500 ms and reads the balance again.
    await popup.waitForEvent('close', { timeout: 5000 });
    await page.getByTestId('charge-balance').getByText('5,050,000원').waitFor();
    await page.getByTestId('cash').getByText('5,050,000원').waitFor();
    await page.getByText('결제창이 닫혔습니다.', { exact: false }).waitFor();
    await context.close();
  });

  it('a bank transfer credits only after the deposit', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/chargeCash`, 'demo@partsmall.kr');
    await page.getByRole('tab', { name: '계좌이체' }).click();
    expect(await page.getByRole('tab', { name: '계좌이체' }).getAttribute('aria-selected')).toBe('true');
    const balance = page.getByTestId('charge-balance');
    await balance.getByText('5,000,000원').waitFor();
    await page.getByLabel('충전 금액').fill('20000');

    // A transfer window closed without a deposit leaves the balance as it was.
    const [unpaid] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: '20,000원 결제하기' }).click(),
    ]);
    await unpaid.getByText('가상계좌', { exact: true }).waitFor();
    await shot(unpaid, 'payment-sandbox-transfer');
    const shownAccount = await unpaid.locator('dt:text-is("가상계좌") + dd').textContent();
    const shownBank = await unpaid.locator('dt:text-is("입금 은행") + dd').textContent();
    await unpaid.close();
    await page.getByText('결제창이 닫혔습니다.', { exact: false }).waitFor();
    await page.waitForTimeout(700);
    expect(await balance.textContent()).toBe('5,000,000원');

    // The closed window's account is found again under 캐시 결제내역, with its due date (72 h on).
    await page.goto(`${shop.server.base}/management/cashPayments`);
    const waiting = page.getByTestId('pending-transfers');
    await waiting.getByText('입금 대기 중인 계좌이체').waitFor();
    expect(shownAccount).toMatch(/^\d{3}-\d{6}-\d{3}$/);
    expect(await waiting.locator('dt:text-is("계좌번호") + dd').allTextContents()).toEqual([shownAccount]);
    expect(await waiting.locator('dt:text-is("입금 은행") + dd').allTextContents()).toEqual([shownBank]);
    expect(await waiting.locator('dt:text-is("입금할 금액") + dd').allTextContents()).toEqual(['20,000원']);
    const [demo] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    const [row] = await shop.server.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.companyId, demo!.companyId!),
          eq(payments.pgcode, 'banktransfer'),
          eq(payments.status, 'pending'),
          eq(payments.provider, 'sandbox'),
        ),
      );
    const due = seoulMinute(new Date(row!.createdAt.getTime() + 72 * 3600_000));
    expect(await waiting.locator('dt:text-is("입금 기한") + dd').allTextContents()).toEqual([due]);
    await snap(page, 'management-pending-transfer-desktop');
    await page.goto(`${shop.server.base}/management/chargeCash`);
    await page.getByRole('tab', { name: '계좌이체' }).click();
    await balance.getByText('5,000,000원').waitFor();
    await page.getByLabel('충전 금액').fill('20000');

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: '20,000원 결제하기' }).click(),
    ]);
    await popup.getByRole('button', { name: '입금하기' }).waitFor();
    expect(await balance.textContent()).toBe('5,000,000원');
    await popup.getByRole('button', { name: '입금하기' }).click();
    await popup.waitForEvent('close', { timeout: 5000 });
    await balance.getByText('5,020,000원').waitFor();
    await context.close();
  });

  it('buys a 30-day licence and sees the days grow; the histories list the payments with VAT', async () => {
    // This test's own top-ups: a card payment, then a bank transfer (the newest is listed first).
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    await payByApi(shop.server, token, 'creditcard', 50_000);
    await payByApi(shop.server, token, 'banktransfer', 20_000);
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/buyLicense`, 'demo@partsmall.kr');
    const current = page.getByTestId('license-current');
    await current.getByText(/^\d+일$/).waitFor();
    const before = Number((await current.textContent())!.replace(/\D/g, ''));
    const options = page.getByRole('radio');
    await options.first().waitFor();
    expect(await options.count()).toBe(4);
    // The 30,000-won package is picked first.
    expect(await page.getByRole('radio', { name: /30일 이용권/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /90일 이용권/ }).check();
    await page.getByRole('button', { name: '90,000원 결제하기' }).waitFor();
    await page.getByRole('radio', { name: /30일 이용권/ }).check();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: '30,000원 결제하기' }).click(),
    ]);
    expect((await opens(page)).at(-1)?.slice(1)).toEqual(['payment', 'width=600,height=400']);
    await popup.getByText('라이선스 30일 이용권').waitFor();
    await popup.getByRole('button', { name: '승인' }).click();
    await popup.waitForEvent('close', { timeout: 5000 });
    await current.getByText(`${before + 30}일`).waitFor();
    await page
      .getByTestId('license-days')
      .getByText(`${before + 30}일`)
      .waitFor();
    await snap(page, 'management-buyLicense-after-desktop');

    await menu(page).getByRole('link', { name: '라이선스 결제내역' }).click();
    const licenseRows = page.getByRole('table', { name: '라이선스 결제내역' }).locator('tbody tr');
    await licenseRows.filter({ hasText: '신용카드' }).first().waitFor();
    const paid = licenseRows.filter({ hasText: '신용카드' }).first();
    expect(await paid.locator('td').allTextContents()).toEqual([
      seoulToday(),
      '신용카드',
      '라이선스 30일 이용권',
      '박준호',
      '30,000',
      '2,727',
    ]);

    await menu(page).getByRole('link', { name: '캐시 결제내역' }).click();
    const table = page.getByRole('table', { name: '캐시 결제내역' });
    await table.locator('tbody tr', { hasText: '계좌이체' }).waitFor();
    const methods = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(methods).toEqual(['계좌이체', '신용카드', '관리자']);
    const card = table.locator('tbody tr', { hasText: '신용카드' });
    expect(await card.locator('td').nth(4).textContent()).toBe('50,000');
    expect(await card.locator('td').nth(5).textContent()).toBe('4,545');
    // Date range: both dates are needed; future days cannot be picked.
    const start = page.getByLabel('시작일');
    const end = page.getByLabel('종료일');
    expect(await end.getAttribute('max')).toBe(seoulToday());
    await start.fill(seoulToday());
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await closeAlert(page, '날짜구간을 지정하세요.');
    await end.fill(seoulToday());
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.getByText('총 3건').waitFor();
    await start.fill('2020-01-01');
    await end.fill('2020-01-31');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await table.getByText('검색된 정보가 없습니다.').waitFor();
    await page.getByRole('button', { name: '전체보기' }).click();
    await page.getByText('총 3건').waitFor();
    await snap(page, 'management-cashPayments-after-desktop');
    await context.close();
  });
});

describe('security number and accounts', () => {
  it('renews the security number; a new sub-account joins with it, not with the old one', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/setSecurity`, 'demo@partsmall.kr');
    const num = page.getByTestId('security-num');
    await num.getByText(DEMO_COMPANY.securityNum).waitFor();
    await page.getByRole('button', { name: '새로 발급' }).click();
    const dialog = page.getByRole('alertdialog', { name: '보안번호 새로 발급' });
    await dialog.getByText('이전 보안번호는 바로 사용할 수 없게 됩니다.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '새로 발급' }).click();
    await page.getByText(MSG_MEMBER.securityNumRenewed).waitFor();
    const renewed = (await num.textContent())!;
    expect(renewed).toMatch(/^\d{6}$/);
    expect(renewed).not.toBe(DEMO_COMPANY.securityNum);
    await snap(page, 'management-setSecurity-renewed-desktop');

    const join = async (securityNum: string, phone: string, id: string) => {
      const code = await call(shop.server, 'GET', 'api/mobileVerification', { phone, authType: 'message' });
      expect(code.body.code).toBe(200);
      const authCode = await latestCode(shop.server, phone);
      return call(shop.server, 'POST', 'api/join', {
        license: DEMO_COMPANY.license,
        securityNum,
        id,
        pw: 'newsub1234',
        cpw: 'newsub1234',
        phone,
        authCode,
        policy: true,
        privacy: true,
        name: '한지훈',
      });
    };
    const old = await join(DEMO_COMPANY.securityNum, '01077780001', 'jihoon@partsmall.kr');
    expect(old.body.message).toBe(MSG.securityNumWrong);
    const joined = await join(renewed, '01077780002', 'jihoon@partsmall.kr');
    expect(joined.body.code).toBe(201);

    // The new account is in the company's list.
    await menu(page).getByRole('link', { name: '계정 관리' }).click();
    await page.getByLabel('검색 구분').selectOption('id');
    await page.getByLabel('검색어').fill('jihoon');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    const row = page.getByRole('row', { name: /jihoon@partsmall\.kr/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('한지훈');
    expect(await row.getByRole('checkbox').isChecked()).toBe(false);
    await context.close();
  });

  it('registers, edits and resets a sub-account, switches its type, and stops the sub-account whose open tab then ends', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/users`, 'demo@partsmall.kr');
    await page.getByRole('row', { name: /sub@partsmall\.kr/ }).waitFor();
    await page.getByRole('button', { name: '계정 등록' }).click();
    const form = page.getByRole('dialog', { name: '계정 등록' });
    await form.getByRole('button', { name: '등록' }).click();
    await closeAlert(page, '계정을 입력하세요.');
    await form.getByLabel('계정 (메일 주소)').fill('parts.kim@partsmall.kr');
    await form.getByRole('button', { name: '등록' }).click();
    await closeAlert(page, '비밀번호를 입력하세요.');
    await form.getByLabel('비밀번호').fill('kim12345');
    await form.getByRole('button', { name: '등록' }).click();
    await closeAlert(page, '이름을 입력하세요.');
    await form.getByLabel('이름').fill('김부품');
    await form.getByLabel('연락처').fill('010-5555-7777');
    expect(await form.getByLabel('연락처').inputValue()).toBe('01055557777');
    await form.getByLabel('메일', { exact: true }).fill('parts.kim@partsmall.kr');
    await snap(page, 'management-users-register-desktop');
    await form.getByRole('button', { name: '등록' }).click();
    await page.getByText(MSG_MEMBER.memberCreated).waitFor();
    const row = page.getByRole('row', { name: /parts\.kim@partsmall\.kr/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('010-5555-7777');

    // Edit: account and password are not in the edit form.
    await row.getByRole('button', { name: '수정' }).click();
    const edit = page.getByRole('dialog', { name: '계정 수정' });
    expect(await edit.getByLabel('비밀번호').count()).toBe(0);
    expect(await edit.getByLabel('계정 (메일 주소)').isEditable()).toBe(false);
    await edit.getByLabel('이름').fill('김부장');
    await edit.getByRole('button', { name: '저장' }).click();
    await row.getByRole('cell', { name: '김부장' }).waitFor();

    // Password reset: shown once, and it works.
    await row.getByRole('button', { name: '비밀번호 초기화' }).click();
    await page
      .getByRole('alertdialog', { name: '비밀번호 초기화' })
      .getByRole('button', { name: '비밀번호 초기화' })
      .click();
    const shown = page.getByRole('dialog', { name: '새 비밀번호' });
    const pw = (await shown.getByTestId('new-password').textContent())!;
    expect(pw.length).toBeGreaterThanOrEqual(4);
    await snap(page, 'management-users-reset-desktop');
    await shown.getByRole('button', { name: '확인' }).click();
    expect(await page.getByTestId('new-password').count()).toBe(0);
    expect(await loginAs(shop.server, 'parts.kim@partsmall.kr', pw)).toBeTruthy();

    // Type checkbox: checked means main account.
    const box = row.getByRole('checkbox', { name: 'parts.kim@partsmall.kr 대표 권한' });
    // The box follows the server: it changes once the answer came and the list reloaded.
    await box.click();
    await page.getByText(MSG_MEMBER.memberTypeChanged).first().waitFor();
    await expect.poll(() => box.isChecked()).toBe(true);
    await expect.poll(() => box.isEnabled()).toBe(true);
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(false);
    // The own row cannot be switched or stopped.
    const own = page.getByRole('row', { name: /demo@partsmall\.kr/ });
    expect(await own.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: '사용중지' }).isDisabled()).toBe(true);

    // The new sub-account logs in in another browser with its reset password.
    const sub = await desktop(shop.browser);
    await login(sub.page, `${shop.server.base}/management/profile`, 'parts.kim@partsmall.kr', pw);
    await sub.page.getByText('김부장님, 안녕하세요.').waitFor();
    const subToken = await sub.page.evaluate(() => sessionStorage.getItem('token'));
    expect(subToken).toBeTruthy();

    // Stop the logged-in sub-account: its tab is sent away and its token is refused.
    const subRow = row;
    await subRow.getByRole('button', { name: '사용중지' }).click();
    const stop = page.getByRole('alertdialog', { name: '계정 사용중지' });
    await snap(page, 'management-users-stop-desktop');
    await stop.getByRole('button', { name: '사용중지' }).click();
    await subRow.getByText('사용중지', { exact: true }).first().waitFor();
    await subRow.locator('.mg-member-status.stopped').waitFor();
    await sub.page.waitForURL((url) => !url.pathname.startsWith('/management'), { timeout: 10_000 });
    expect(await sub.page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    const refused = await call(shop.server, 'POST', 'api/getMallOrderInfo', { page: 1, size: 15 }, subToken!);
    expect(refused.status).toBe(401);
    const relogin = await call(shop.server, 'POST', 'api/login', { id: 'parts.kim@partsmall.kr', pw });
    expect(relogin.body.message).toBe(MSG.accountStopped);
    await snap(page, 'management-users-after-desktop');
    await sub.context.close();
    await context.close();
  });
});

describe('my info, company info and delivery addresses', () => {
  it('edits my info, and leaving the password form clears it', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/editMyInfo`, 'demo@partsmall.kr');
    const phoneField = page.getByLabel('연락처');
    expect(await phoneField.inputValue()).toBe('01012345601');
    await page.getByLabel('이름').fill('박');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText(MSG_MEMBER.nameLength).waitFor();
    await page.getByLabel('이름').fill('박준호');
    await page.getByLabel('메일').fill('junho.park@hanbitparts.kr');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText(MSG_MEMBER.infoUpdated).waitFor();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')!).mail)).toBe(
      'junho.park@hanbitparts.kr',
    );
    // The new token works after a reload.
    await page.reload();
    expect(await page.getByLabel('메일').inputValue()).toBe('junho.park@hanbitparts.kr');

    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByRole('heading', { name: '비밀번호 변경', level: 2 }).waitFor();
    await page.getByLabel('현재 비밀번호').fill('wrong-one');
    await page.getByLabel('새 비밀번호', { exact: true }).fill('next1234');
    await page.getByLabel('새 비밀번호 확인').fill('next1234');
    await snap(page, 'management-editMyInfo-password-desktop');
    await page.getByRole('button', { name: '비밀번호 변경' }).last().click();
    await closeAlert(page, MSG_MEMBER.opwWrong);
    await page.getByRole('button', { name: '정보 수정으로' }).click();
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    expect(await page.getByLabel('현재 비밀번호').inputValue()).toBe('');
    expect(await page.getByLabel('새 비밀번호', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('새 비밀번호 확인').inputValue()).toBe('');
    await context.close();
  });

  it('edits the company info with its alerts and the postcode widget', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/editCompanyInfo`, 'demo@partsmall.kr');
    const license = page.getByLabel('사업자등록번호');
    expect(await license.inputValue()).toBe(DEMO_COMPANY.license);
    await page
      .getByText(
        `${DEMO_COMPANY.license.slice(0, 3)}-${DEMO_COMPANY.license.slice(3, 5)}-${DEMO_COMPANY.license.slice(5)}`,
      )
      .waitFor();
    expect(await page.getByLabel('우편번호').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('주소', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await license.fill('');
    await page.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '사업자등록번호를 입력하세요.');
    await license.fill(DEMO_COMPANY.license);
    await page.getByLabel('상호').fill('');
    await page.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '상호를 입력하세요.');
    await page.getByLabel('상호').fill(DEMO_COMPANY.name);
    await page.getByLabel('대표', { exact: true }).fill('');
    await page.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '대표를 입력하세요.');
    await page.getByLabel('대표', { exact: true }).fill('박준호');
    await page.getByLabel('팩스').fill('0224681359');
    await page.getByRole('button', { name: '우편번호 찾기' }).click();
    await page
      .getByRole('dialog', { name: '주소 검색' })
      .getByRole('button', { name: '서울특별시 성동구 아차산로 113' })
      .click();
    expect(await page.getByLabel('우편번호').inputValue()).toBe('04782');
    expect(await page.getByLabel('주소', { exact: true }).inputValue()).toBe(
      '서울특별시 성동구 아차산로 113 (성수동2가)',
    );
    await page.getByLabel('상세주소').fill('7층');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText(MSG_MEMBER.companyUpdated).waitFor();
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')!).companyInfo);
    expect([stored.fax, stored.postMain, stored.addrSub]).toEqual(['0224681359', '04782', '7층']);
    await snap(page, 'management-editCompanyInfo-saved-desktop');
    await context.close();
  });

  it('keeps delivery addresses: alerts, postcode widget, default toggle, search, delete', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/deliveryAddress`, 'demo@partsmall.kr');
    const table = page.getByRole('table', { name: '배송지 관리' });
    const seeded = table.getByRole('row', { name: /성수이로 77/ });
    await seeded.waitFor();
    // The default address says so and sends nothing.
    await seeded.getByRole('button', { name: '박준호 배송지를 기본주소로 설정' }).click();
    await closeAlert(page, '현재 기본주소로 설정된 항목입니다.');

    await page.getByRole('button', { name: '배송지 추가' }).click();
    const form = page.getByRole('dialog', { name: '배송지 추가' });
    await form.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '받는 분 이름을 입력하세요.');
    await form.getByLabel('받는 분 이름').fill('이창고');
    await form.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '받는 분 연락처를 입력하세요.');
    await form.getByLabel('받는 분 연락처').fill('01098765432');
    await form.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '배송주소를 설정하세요.');
    expect(await form.getByLabel('우편번호').isEditable()).toBe(false);
    await form.getByRole('button', { name: '우편번호 찾기' }).click();
    await form
      .getByRole('dialog', { name: '주소 검색' })
      .getByRole('button', { name: '서울특별시 성동구 아차산로 113' })
      .click();
    expect(await form.getByLabel('우편번호').inputValue()).toBe('04782');
    await form.getByLabel('상세주소').fill('물류동 1층');
    await snap(page, 'management-deliveryAddress-form-desktop');
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByText('배송지를 저장했습니다.').waitFor();
    const added = table.getByRole('row', { name: /이창고/ });
    await added.waitFor();
    expect(await added.getByRole('cell').nth(2).textContent()).toBe('010-9876-5432');

    // Make the new one the default: the list reloads with it on top.
    await added.getByRole('button', { name: '이창고 배송지를 기본주소로 설정' }).click();
    await page.getByText(MSG_MEMBER.addressBasicSet).waitFor();
    await table.locator('tbody tr').first().getByText('이창고').waitFor();
    expect(await added.getByRole('button', { name: /기본주소로 설정/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await seeded.getByRole('button', { name: /기본주소로 설정/ }).getAttribute('aria-pressed')).toBe('false');

    // Search by phone.
    await page.getByLabel('검색 구분').selectOption('phone');
    await page.getByLabel('검색어').fill('9876');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.getByText('총 1건').waitFor();
    await page.getByLabel('검색어').fill('');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.getByText('총 2건').waitFor();

    // Delete with the confirm popup.
    await seeded.getByRole('button', { name: '삭제' }).click();
    const confirm = page.getByRole('alertdialog', { name: '배송지 삭제' });
    await confirm.getByText("'박준호' 배송지를 삭제할까요?").waitFor();
    await snap(page, 'management-deliveryAddress-delete-desktop');
    await confirm.getByRole('button', { name: '삭제' }).click();
    await page.getByText('총 1건').waitFor();
    expect(await seeded.count()).toBe(0);
    await context.close();
  });

  it('lets the user type postcode and address when the postcode widget cannot load', async () => {
    const { page, context } = await desktop(shop.browser, 'offline');
    await login(page, `${shop.server.base}/management/deliveryAddress`, 'other@partsmall.kr');
    await page.getByRole('button', { name: '배송지 추가' }).click();
    const form = page.getByRole('dialog', { name: '배송지 추가' });
    await form.getByText('주소 검색 서비스를 불러올 수 없습니다. 우편번호와 주소를 직접 입력하세요.').waitFor();
    expect(await form.getByRole('button', { name: '우편번호 찾기' }).isDisabled()).toBe(true);
    await form.getByLabel('받는 분 이름').fill('정우성');
    await form.getByLabel('받는 분 연락처').fill('01012345603');
    await form.getByLabel('우편번호').fill('46986');
    await form.getByLabel('주소', { exact: true }).fill('부산광역시 사상구 학감대로 100');
    await form.getByLabel('상세주소').fill('2층');
    await snap(page, 'management-deliveryAddress-offline-desktop');
    await form.getByRole('button', { name: '저장' }).click();
    await page
      .getByRole('table', { name: '배송지 관리' })
      .getByRole('row', { name: /학감대로 100/ })
      .waitFor();
    await context.close();
  });
});

describe('orders', () => {
  it('lists an order with its status and opens its detail window', async () => {
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const { products } = await import('../apps/server/src/db/schema.js');
    const rows = await shop.server.db.select().from(products);
    const product = rows.find((r) => r.hasAmount > 2 && r.storageId > 0)!;
    const paid = await call<{ orderSeq: number }>(
      shop.server,
      'POST',
      'api/requestPaymentProduct',
      {
        clientRequestId: 'mgmt-e2e-order-1',
        carts: [{ productId: product.id, qty: 2 }],
        shippingInfo: {
          name: '박준호',
          phone: '01012345601',
          postNum: '04790',
          address: '서울특별시 성동구 성수이로 77',
          addrSub: '3층 301호',
          shippingValue: 1,
          shippingPayType: 0,
        },
      },
      token,
    );
    expect(paid.body.code).toBe(201);
    const seq = paid.body.results!.orderSeq;

    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/orders`, 'demo@partsmall.kr');
    const row = page
      .getByRole('table', { name: '거래내역' })
      .getByRole('row', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await row.waitFor();
    // Columns: 일자, 주문번호, 상품, 작업번호, 금액, 받는 분, 배송, 상태, ….
    expect(await row.getByRole('cell').nth(7).textContent()).toBe('구매요청');
    expect(await row.getByRole('cell').nth(0).textContent()).toBe(seoulToday());
    // Only one date: the alert; future days are not offered.
    expect(await page.getByLabel('시작일').getAttribute('max')).toBe(seoulToday());
    await page.getByLabel('종료일').fill(seoulToday());
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await closeAlert(page, '날짜구간을 지정하세요.');
    await page.getByRole('button', { name: '1주일' }).click();
    await row.waitFor();
    await snap(page, 'management-orders-list-desktop');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('button', { name: '상세보기' }).click(),
    ]);
    expect((await opens(page)).at(-1)).toEqual([`/orderDetail?seq=${seq}`, 'orderDetail', 'width=800,height=600']);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe(`/orderDetail?seq=${seq}`);
    await context.close();
  });

  it('a cancel in the detail window changes the status in the list behind it', async () => {
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const product = await addProduct(shop.server, {
      name: '취소 시험 필터',
      prices: [8000, 7000, 6000, 5000],
      stock: 10,
    });
    const paid = await call<{ orderSeq: number }>(
      shop.server,
      'POST',
      'api/requestPaymentProduct',
      {
        clientRequestId: `mgmt-e2e-cancel-${product.id}`,
        carts: [{ productId: product.id, qty: 1 }],
        shippingInfo: {
          name: '박준호',
          phone: '01012345601',
          postNum: '04790',
          address: '서울특별시 성동구 성수이로 77',
          addrSub: '3층 301호',
          shippingValue: 1,
          shippingPayType: 0,
        },
      },
      token,
    );
    expect(paid.body.code).toBe(201);
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/orders`, 'demo@partsmall.kr');
    const row = page.getByRole('table', { name: '거래내역' }).getByRole('row', { name: new RegExp(product.name) });
    await row.waitFor();
    const status = row.getByRole('cell').nth(7);
    expect(await status.textContent()).toBe('구매요청');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('button', { name: '상세보기' }).click(),
    ]);
    await popup.getByRole('button', { name: '주문 취소' }).click();
    await popup.getByRole('alertdialog').getByRole('button', { name: '주문 취소' }).click();
    await popup.getByTestId('order-status').getByText('출고취소').waitFor();
    // The list in the shop's window follows, without a reload.
    await expect.poll(() => status.textContent()).toBe('출고취소');
    await context.close();
  });
});

describe('withdrawal', () => {
  it('a second company withdraws with four confirmations and its name, and can no longer log in', async () => {
    // A company of this test's own, so that no other test loses its account.
    const leaving = await newCompany(shop.server, { id: 'leaving@partsmall.kr', name: '정우성', phone: '01077790001' });
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/memberDeactivation`, leaving.id, leaving.pw);
    const submit = page.getByRole('button', { name: '회원 탈퇴', exact: true });
    await page.getByText('표시·광고에 관한 기록은 6개월', { exact: false }).waitFor();
    await page.getByText('남은 캐시는 환불되지 않으며', { exact: false }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('title')).toBe('네 가지 내용에 모두 동의하고 이름을 정확히 입력하세요.');
    for (let i = 1; i <= 4; i++) await page.getByRole('checkbox', { name: `위 ${i}번 내용을 확인했습니다.` }).check();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('이름 확인').fill('정우');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('이름 확인').fill('정우성');
    expect(await submit.isDisabled()).toBe(false);
    await page.getByRole('checkbox', { name: '위 3번 내용을 확인했습니다.' }).uncheck();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: '위 3번 내용을 확인했습니다.' }).check();
    await snap(page, 'management-memberDeactivation-ready-desktop');
    await submit.click();
    await page.waitForURL(/\/home$/);
    await page.getByText(MSG_MEMBER.withdrawn).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.getByRole('link', { name: '회원가입' }).first().waitFor();

    // Not memberLogin: this login must fail, so there is no '로그인되었습니다.' to wait for.
    await page.goto(`${shop.server.base}/login`);
    await page.getByLabel('아이디 (메일 주소)').fill(leaving.id);
    await page.getByLabel('비밀번호').fill(leaving.pw);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await page.getByRole('alertdialog').textContent()).toContain(MSG.loginFailed);
    await context.close();
  });
});

describe('withdrawal after ten minutes: the password again', () => {
  /** Moves every session of the member eleven minutes into the past (logged in 11 minutes ago). */
  async function ageSessions(loginId: string) {
    const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, loginId));
    await shop.server.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.memberId, m!.id));
  }
  const tick = async (page: Page) => {
    for (let i = 1; i <= 4; i++) await page.getByRole('checkbox', { name: `위 ${i}번 내용을 확인했습니다.` }).check();
  };

  it('desktop: an old session shows the password field; a wrong password is refused, the right one withdraws', async () => {
    const leaving = await newCompany(shop.server, {
      id: 'leaving-old@partsmall.kr',
      name: '한지민',
      phone: '01077790002',
    });
    const [joinedRow] = await shop.server.db.select().from(members).where(eq(members.loginId, leaving.id));
    const leavingSeq = joinedRow!.id;
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/profile`, leaving.id, leaving.pw);
    await ageSessions(leaving.id);
    await page.goto(`${shop.server.base}/management/memberDeactivation`);
    const submit = page.getByRole('button', { name: '회원 탈퇴', exact: true });
    const password = page.getByLabel('비밀번호 확인');
    await password.waitFor();
    await page.getByText('로그인한 지 10분이 지나 본인 확인을 위해 비밀번호를 다시 입력해야 합니다.').waitFor();
    await tick(page);
    await page.getByLabel('이름 확인').fill('한지민');
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('title')).toBe('네 가지 내용에 모두 동의하고 이름과 비밀번호를 입력하세요.');
    await password.fill('wrong-pass');
    expect(await submit.isDisabled()).toBe(false);
    await snap(page, 'management-memberDeactivation-password-desktop');
    await submit.click();
    await closeAlert(page, MSG_MEMBER.withdrawPasswordWrong);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
    await password.fill(leaving.pw);
    await submit.click();
    await page.waitForURL(/\/home$/);
    await page.getByText(MSG_MEMBER.withdrawn).waitFor();
    // The login id itself is destroyed with the account (docs/requirements.md#retention).
    const [gone] = await shop.server.db.select().from(members).where(eq(members.id, leavingSeq));
    expect([gone!.status, gone!.loginId]).toEqual(['withdrawn', `withdrawn-${leavingSeq}@withdrawn.invalid`]);
    await context.close();
  });

  it('phone: a fresh session has no password field; once the session ages on the open page, the refusal brings the field', async () => {
    const leaving = await newCompany(shop.server, {
      id: 'leaving-phone@partsmall.kr',
      name: '박보검',
      phone: '01077790003',
    });
    const [joinedRow] = await shop.server.db.select().from(members).where(eq(members.loginId, leaving.id));
    const leavingSeq = joinedRow!.id;
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobileManagement?menu=memberDeactivation`, leaving.id, leaving.pw);
    const submit = page.getByRole('button', { name: '회원 탈퇴', exact: true });
    await page.getByLabel('이름 확인').waitFor();
    await tick(page);
    await page.getByLabel('이름 확인').fill('박보검');
    expect(await page.getByLabel('비밀번호 확인').count()).toBe(0);
    expect(await submit.isDisabled()).toBe(false);
    await ageSessions(leaving.id);
    await submit.click();
    await closeAlert(page, MSG_MEMBER.withdrawPasswordRequired);
    const password = page.getByLabel('비밀번호 확인');
    await password.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await password.fill(leaving.pw);
    await snap(page, 'management-memberDeactivation-password-mobile');
    expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([390, 390]);
    await submit.click();
    await page.waitForURL(/\/mobile$/);
    // The login id itself is destroyed with the account (docs/requirements.md#retention).
    const [gone] = await shop.server.db.select().from(members).where(eq(members.id, leavingSeq));
    expect([gone!.status, gone!.loginId]).toEqual(['withdrawn', `withdrawn-${leavingSeq}@withdrawn.invalid`]);
    await context.close();
  });
});
