import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { text } from 'node:stream/consumers';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT, MSG_DEPOSIT } from '@partsmall/contract';
import { creditAccounts, deposits, orders, shippingAddresses } from '../apps/server/src/db/schema.js';
import type { TestServer } from '../apps/server/test/helpers.js';
import { giveInvoiceFields, makeCompany, type TestCompany } from '../apps/server/test/member-helpers.js';
import { balanceOf, fund, makeProduct, seoulToday } from '../apps/server/test/order-helpers.js';
import { giveCredit as giveCreditAccount, makeStatement } from '../apps/server/test/deposit-helpers.js';
import {
  call,
  desktopPage,
  loginAs,
  memberLogin,
  openAdminOrder,
  phonePage,
  SCREENSHOTS,
  shipFromDetail,
  snap,
  staffLogin,
  startShop,
} from './helpers.js';

/**
 * 외상 in the browser (docs/requirements.md#credit-screens): the admin gives a company credit, its buyer
 * orders on credit, staff ship, the month closes (the test clock: the running month closes in demo
 * mode), the statement's PDF opens and its virtual account is paid in the demo bank, and the ledger and
 * the aging show it; on a desktop and on a phone.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
let server: TestServer;
let browser: Browser;
let gaon: TestCompany;
let product: Awaited<ReturnType<typeof makeProduct>>;
let orderSeq = 0;
const url = (p: string) => `${server.base}${p}`;
/** Waits for what the page or the database says, as long as a busy shared machine needs. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });
/** The running month in Asia/Seoul: what the test clock closes. */
const month = () => seoulToday().slice(0, 7);
const monthLabel = () => `${month().slice(0, 4)}년 ${Number(month().slice(5, 7))}월`;

async function login(page: Page, to: string, id: string, pw: string) {
  await memberLogin(page, to, id, pw);
}

/** Two of the product in the cart, through the API (the cart screens have tests of their own). */
async function fillCart(qty: number) {
  const token = await loginAs(server, gaon.main.id, gaon.main.pw);
  const added = await call(server, 'POST', 'api/addToCart', { productId: product.id, hasAmount: qty }, token);
  expect(added.body.code, added.body.message).toBe(201);
}

/** From the cart page the page is on (/cart or /cartm) to checkout, 외상 chosen. */
async function checkoutOnCredit(page: Page) {
  await page
    .getByRole('button', { name: /주문하기/ })
    .first()
    .click();
  await page.getByRole('heading', { name: '주문/결제' }).waitFor();
  await page.getByRole('group', { name: '결제 방법' }).getByText('외상', { exact: true }).click();
}

/** Closes an open window of the layer's own (a confirmation) by its button. */
const confirmWith = (page: Page, label: string) =>
  page.getByRole('alertdialog').getByRole('button', { name: label, exact: true }).click();

beforeAll(async () => {
  shop = await startShop();
  ({ server, browser } = shop);
  gaon = await makeCompany(server, '가온', 1);
  // The 월합계 세금계산서 needs the company's invoice fields; the checkout its default address.
  await giveInvoiceFields(server, gaon.companyId);
  await server.db.insert(shippingAddresses).values({
    companyId: gaon.companyId,
    basic: true,
    name: '김수령',
    phone: '01055550000',
    postNum: '04790',
    address: '서울특별시 성동구 성수이로 77',
    addrSub: '3층',
  });
  product = await makeProduct(server, {
    tiers: [121_000, 121_000, 121_000, 121_000],
    salePrice: 130_000,
    name: '브레이크 디스크 앞',
  });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe('외상 from the credit account to the paid statement', () => {
  // One story: each step builds on what the one before did (the account, the order, the statement).
  // The steps are below, in the order they run.
  it('the admin gives the company credit: a wrong limit is refused in Korean, the change is audited', adminGivesCredit);
  it(
    'the buyer orders on credit: 외상 beside cash with what is left; the cash balance is untouched',
    buyerOrdersOnCredit,
  );
  it('staff ship the credit order', staffShipTheOrder);
  it('the month closes: the preview, then the statement; its PDF opens and the demo bank pays its virtual account', async () => {
    await adminClosesTheMonth();
    await memberPaysTheStatement();
  });
  it('the ledger and the aging show it: the order and the deposit, the report with the company', ledgerAndAgingShowIt);
  it(
    'on a phone: checkout refuses an order over the limit with the server’s message, cash is sent as before; 외상 거래 in cards',
    onAPhoneOverTheLimitThenCash,
  );
  it('a deposit whose name matches no company waits for staff, who give it the company; it is applied', async () => {
    await staffApplyAnUnknownDeposit();
    await adminCreditScreensOnAPhone();
  });
  it(
    'a statement paid from cash: asked with the amount the cash covers, paid at once, the rest left to pay',
    payFromCash,
  );
  it(
    "staff pay a company's statements from its cash in the back office: asked with the company and the amount, the rest left unpaid",
    staffPayFromCash,
  );
});

describe("외상 거래's figures on a phone", () => {
  it(
    '외상 한도, 사용 and 사용 가능 of nine digits each stay apart and inside the card at 320, 360 and 390 px',
    bigFiguresOnPhones,
  );
});

/** Where each of the card's three amounts is drawn (its text, not its box), and the card's inside. */
async function figureBoxes(page: Page) {
  return page.locator('.cr-figures').evaluate((card) => {
    const style = getComputedStyle(card);
    const r = card.getBoundingClientRect();
    const inside = {
      left: r.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
      right: r.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
    };
    const texts = Array.from(card.querySelectorAll('.cr-figure dd')).map((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      const t = range.getBoundingClientRect();
      return { text: dd.textContent!, left: t.left, right: t.right, top: t.top, bottom: t.bottom };
    });
    return { inside, texts };
  });
}

/**
 * The largest amounts a buyer sees there (a limit of 999,999,999원, half of it used): on a 320 px phone
 * 외상 한도 and 사용 were drawn as one string, '3,000,000원0원', and 사용 가능 ran out of the card
 * (docs/requirements.md#look-and-language: a text longer than its column wraps inside it).
 */
async function bigFiguresOnPhones() {
  const buyer = await makeCompany(server, '큰한도', 0);
  await giveCreditAccount(server, buyer.companyId);
  await server.db
    .update(creditAccounts)
    .set({ creditLimit: 999_999_999 })
    .where(eq(creditAccounts.companyId, buyer.companyId));
  await makeStatement(server, buyer.companyId, '2026-04', 500_000_000, '2026-05-11');
  const { context, page } = await phonePage(browser);
  await login(page, url('/mobileManagement?menu=credit'), buyer.main.id, buyer.main.pw);
  await poll(() => page.getByTestId('credit-available').textContent()).toBe('499,999,999원');
  expect(await page.getByTestId('credit-limit').textContent()).toBe('999,999,999원');
  expect(await page.getByTestId('credit-used').textContent()).toBe('500,000,000원');
  const found: string[] = [];
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const { inside, texts } = await figureBoxes(page);
    for (const t of texts) {
      if (t.left < inside.left - 0.5 || t.right > inside.right + 0.5)
        found.push(
          `${width} px: ${t.text} drawn ${Math.round(t.left)}-${Math.round(t.right)} in ${Math.round(inside.left)}-${Math.round(inside.right)}`,
        );
    }
    texts.forEach((a, i) =>
      texts.slice(i + 1).forEach((b) => {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        if (!apart) found.push(`${width} px: ${a.text} drawn over ${b.text}`);
      }),
    );
    await snap(page, `credit-figures-${width}-phone`);
  }
  expect(found).toEqual([]);
  await context.close();
}

/**
 * A third company with 40,000 won of cash and statements of 25,000 (March) and 60,000 (April): staff
 * pay March in full, then April with the 15,000 left; the buttons go as the cash runs out.
 */
async function staffPayFromCash() {
  const buyer = await makeCompany(server, '직원캐시명세서', 0);
  await giveCreditAccount(server, buyer.companyId);
  await fund(server, buyer.companyId, 40_000);
  await makeStatement(server, buyer.companyId, '2026-03', 25_000, '2026-04-10');
  await makeStatement(server, buyer.companyId, '2026-04', 60_000, '2026-05-11');
  if (SCREENSHOTS) {
    const phone = await phonePage(browser);
    await staffLogin(phone.page, server.base, 'staff@partsmall.kr', 'staff1234');
    await phone.page.goto(url(`/admin/credit?company=${buyer.companyId}`));
    await phone.page.getByRole('button', { name: '2026년 4월 명세서 업체 캐시로 결제' }).waitFor();
    await snap(phone.page, 'credit-staff-cash-phone');
    await phone.context.close();
  }
  const { context, page } = await desktopPage(browser);
  await staffLogin(page, server.base, 'staff@partsmall.kr', 'staff1234');
  await page.goto(url(`/admin/credit?company=${buyer.companyId}`));
  await poll(() => page.getByTestId('company-cash').textContent()).toBe('40,000원');
  const march = page.getByRole('button', { name: '2026년 3월 명세서 업체 캐시로 결제' });
  const april = page.getByRole('button', { name: '2026년 4월 명세서 업체 캐시로 결제' });
  await march.click();
  const ask = page.getByRole('alertdialog');
  expect(await ask.textContent()).toContain(
    '직원캐시명세서상사의 보유 캐시 25,000원으로 2026년 3월 명세서를 결제합니다. 업체가 요청한 경우에만 하세요.',
  );
  await snap(page, 'credit-staff-cash-confirm-desktop');
  await ask.getByRole('button', { name: '캐시로 결제', exact: true }).click();
  await page.getByText(MSG_CREDIT.staffPaidFromCash(25_000, 0)).first().waitFor();
  await poll(() => page.getByTestId('company-cash').textContent()).toBe('15,000원');
  // March is paid: its button goes; April's stays and now asks for the 15,000 left.
  await poll(() => march.count()).toBe(0);
  await april.click();
  expect(await page.getByRole('alertdialog').textContent()).toContain('보유 캐시 15,000원으로 2026년 4월 명세서를');
  await page.getByRole('alertdialog').getByRole('button', { name: '캐시로 결제', exact: true }).click();
  await page.getByText(MSG_CREDIT.staffPaidFromCash(15_000, 45_000)).first().waitFor();
  await poll(() => page.getByTestId('company-cash').textContent()).toBe('0원');
  await poll(() => april.count()).toBe(0);
  // The receivables ledger shows both payments as staff made them.
  const ledger = page.getByTestId('receivable-row');
  await poll(
    async () =>
      (await ledger.allTextContents()).filter(
        (t) => t.includes('캐시 결제') && t.includes('업체 요청으로 직원이 캐시로 결제'),
      ).length,
  ).toBe(2);
  expect(await balanceOf(server, buyer.companyId)).toBe(0);
  await snap(page, 'credit-staff-cash-paid-desktop');
  await context.close();
}

/** Another company, 30,000 won of cash and a statement of 55,000: 캐시 결제 pays 30,000 and says 25,000 is left. */
async function payFromCash() {
  const buyer = await makeCompany(server, '캐시명세서', 0);
  await giveCreditAccount(server, buyer.companyId);
  await fund(server, buyer.companyId, 30_000);
  await makeStatement(server, buyer.companyId, '2026-04', 55_000, '2026-05-11');
  // On a phone the statement's card offers it beside card and deposit.
  const phone = await phonePage(browser);
  await login(phone.page, url('/mobileManagement?menu=credit'), buyer.main.id, buyer.main.pw);
  await phone.page.getByRole('button', { name: '2026년 4월 명세서 캐시 결제' }).waitFor();
  await snap(phone.page, 'credit-cash-phone');
  await phone.context.close();
  const { context, page } = await desktopPage(browser);
  await login(page, url('/management/credit'), buyer.main.id, buyer.main.pw);
  const row = page.getByTestId('statement-row');
  await poll(() => row.count()).toBe(1);
  const button = page.getByRole('button', { name: '2026년 4월 명세서 캐시 결제' });
  await button.click();
  const ask = page.getByRole('alertdialog');
  expect(await ask.textContent()).toContain('보유 캐시 30,000원으로 2026년 4월 명세서를 결제합니다.');
  await snap(page, 'credit-cash-confirm-desktop');
  await ask.getByRole('button', { name: '캐시 결제', exact: true }).click();
  await page.getByText(MSG_CREDIT.paidFromCash(30_000, 25_000)).first().waitFor();
  // 청구 55,000, 미결제 25,000; still 연체 (its due date has passed).
  await poll(() => row.first().textContent()).toContain('55,00025,0002026-05-11연체');
  // The cash shown reads again: none is left, so the button goes.
  await poll(() => button.count()).toBe(0);
  expect(await balanceOf(server, buyer.companyId)).toBe(0);
  await snap(page, 'credit-cash-paid-desktop');
  await context.close();
}

async function adminGivesCredit() {
  const { context, page } = await desktopPage(browser);
  await staffLogin(page, server.base, 'admin@partsmall.kr', 'admin1234');
  await page.getByRole('link', { name: '외상·미수금' }).click();
  await page.getByRole('heading', { name: '외상·미수금' }).waitFor();
  await adminAddsATerm(page);
  await page.getByLabel('업체 번호').fill(String(gaon.companyId));
  await page.getByRole('button', { name: '열기' }).click();
  await page.getByText('외상 계정이 아직 없습니다.', { exact: false }).waitFor();
  await page.getByRole('button', { name: '외상 거래 시작' }).click();
  const layer = page.getByRole('dialog', { name: '외상 거래 시작' });
  await layer.getByLabel('외상 한도(원)').fill('1.5');
  // The term the admin just added is there to choose.
  expect(await layer.getByLabel('결제 조건').locator('option').allTextContents()).toContain('월말 마감 익월 25일');
  await layer.getByLabel('결제 조건').selectOption({ label: '월말 마감 익월 10일' });
  await layer.getByLabel('변경 사유').fill('신규 외상 거래 승인');
  await layer.getByRole('button', { name: '저장', exact: true }).click();
  // The contract's message under the field; nothing saved.
  await layer.getByText(MSG_CREDIT.limitInvalid).first().waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
  await snap(page, 'credit-admin-form-desktop');
  await layer.getByLabel('외상 한도(원)').fill('1,000,000');
  await layer.getByRole('button', { name: '저장', exact: true }).click();
  await page.getByText(MSG_CREDIT.saved).first().waitFor();
  await poll(() => page.getByTestId('account-limit').textContent()).toBe('1,000,000원');
  expect(await page.getByTestId('account-term').textContent()).toBe('월말 마감 익월 10일');
  expect(await page.getByTestId('credit-available').textContent()).toBe('1,000,000원');
  const audit = page.getByTestId('credit-audit-row');
  await poll(() => audit.count()).toBe(1);
  const line = await audit.first().textContent();
  expect(line).toContain('신규 외상 거래 승인');
  expect(line).toContain('한도: 1,000,000원');
  expect(line).toContain('결제 조건: 월말 마감 익월 10일');
  await snap(page, 'credit-admin-company-desktop');
  await context.close();
}

/**
 * 결제 조건 on /admin/credit: the admin adds one (the code typed in lower case), a day the rule does not
 * have is refused in Korean under its field, then renames it (code, rule and day fixed).
 */
async function adminAddsATerm(page: Page) {
  const terms = page.getByTestId('term-row');
  await poll(() => terms.count()).toBe(3);
  expect(await terms.first().locator('td').allTextContents()).toEqual([
    'EOM_NEXT_10',
    '월말 마감 익월 10일',
    '월말 마감 익월 10일',
    '이름 바꾸기',
  ]);
  await page.getByRole('button', { name: '결제 조건 추가' }).click();
  const layer = page.getByRole('dialog', { name: '결제 조건 추가' });
  await layer.getByLabel('코드').fill('eom_next_25');
  await layer.getByLabel('이름').fill('익월 25일');
  await layer.getByLabel('기준').selectOption({ label: '월말 마감 익월 N일 (31은 말일)' });
  await layer.getByLabel('일', { exact: true }).fill('32');
  await layer.getByRole('button', { name: '저장', exact: true }).click();
  await layer.getByText(MSG_CREDIT.termDayInvalid).first().waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
  await layer.getByLabel('일', { exact: true }).fill('25');
  await layer.getByRole('button', { name: '저장', exact: true }).click();
  await page.getByText(MSG_CREDIT.termSaved).first().waitFor();
  await poll(() => terms.count()).toBe(4);
  expect(await terms.last().locator('td').allTextContents()).toEqual([
    'EOM_NEXT_25',
    '익월 25일',
    '월말 마감 익월 25일',
    '이름 바꾸기',
  ]);
  await page.getByRole('button', { name: '익월 25일 이름 바꾸기' }).click();
  const rename = page.getByRole('dialog', { name: '익월 25일 이름 바꾸기' });
  expect(await rename.getByLabel('코드').inputValue()).toBe('EOM_NEXT_25');
  expect(await rename.getByLabel('기준').isDisabled()).toBe(true);
  await rename.getByLabel('이름').fill('월말 마감 익월 25일');
  await snap(page, 'credit-admin-term-desktop');
  await rename.getByRole('button', { name: '저장', exact: true }).click();
  await poll(() => terms.last().locator('td').nth(1).textContent()).toBe('월말 마감 익월 25일');
}

async function buyerOrdersOnCredit() {
  await fillCart(2);
  const cashBefore = await balanceOf(server, gaon.companyId);
  const { context, page } = await desktopPage(browser);
  await login(page, url('/cart'), gaon.main.id, gaon.main.pw);
  await checkoutOnCredit(page);
  // 2 × 121,000 + 6,000 courier = 248,000 of the 1,000,000 limit.
  await poll(() => page.getByTestId('pay-total').textContent()).toBe('248,000원');
  expect(await page.getByTestId('credit-available').textContent()).toBe('1,000,000원');
  expect(await page.getByTestId('credit-after').textContent()).toBe('752,000원');
  // The line under the title follows the choice: an order on 외상 is not paid with cash.
  expect(await page.locator('.page-intro').textContent()).toBe('받는 분과 배송 방법을 확인한 뒤 외상으로 주문합니다.');
  await snap(page, 'credit-checkout-desktop');
  await page.getByRole('button', { name: '248,000원 외상으로 주문' }).click();
  await page.waitForURL(/\/checkOutFinish\?seq=\d+$/);
  orderSeq = Number(new URL(page.url()).searchParams.get('seq'));
  // The finish page says what goes on the statement, not cash used.
  await poll(() => page.getByTestId('used-credit').textContent()).toBe('248,000원');
  expect(await page.getByTestId('remaining-cash').count()).toBe(0);
  await snap(page, 'credit-checkout-finish-desktop');
  const [order] = await server.db.select().from(orders).where(eq(orders.id, orderSeq));
  expect([order!.payWith, order!.totalAmount, order!.shipping]).toEqual(['credit', 242_000, 6_000]);
  expect(await balanceOf(server, gaon.companyId)).toBe(cashBefore);
  await page.goto(url('/management/credit'));
  await poll(() => page.getByTestId('credit-used').textContent()).toBe('248,000원');
  expect(await page.getByTestId('credit-available').textContent()).toBe('752,000원');
  await context.close();
}

async function staffShipTheOrder() {
  const { context, page } = await desktopPage(browser);
  await staffLogin(page, server.base);
  const detail = await openAdminOrder(page, orderSeq);
  await detail.getByRole('button', { name: '출고확정', exact: true }).click();
  await confirmWith(page, '출고확정');
  await page.getByText('주문 상태를 변경했습니다.').first().waitFor();
  await shipFromDetail(page, detail, {
    carrier: 'kr.cjlogistics',
    waybill: '684512349876',
    shown: 'CJ대한통운 / 684512349876',
  });
  await poll(async () => (await server.db.select().from(orders).where(eq(orders.id, orderSeq)))[0]!.status).toBe(2);
  await context.close();
}

/** The admin previews the running month's statement, then closes the month. */
async function adminClosesTheMonth() {
  const admin = await desktopPage(browser);
  await staffLogin(admin.page, server.base, 'admin@partsmall.kr', 'admin1234');
  await admin.page.goto(url(`/admin/credit?company=${gaon.companyId}`));
  await admin.page.getByTestId('account-limit').waitFor();
  await admin.page.getByLabel('마감할 달').fill(month());
  await admin.page.getByRole('button', { name: '명세서 미리보기' }).click();
  const preview = admin.page.getByTestId('statement-preview');
  await poll(() => admin.page.getByTestId('preview-due-amount').textContent()).toBe('248,000원');
  // The running month is due next month: the statement would say 미결제.
  expect(await admin.page.getByTestId('preview-status').textContent()).toBe('미결제');
  expect(await preview.textContent()).toContain(`주문 #${orderSeq} 출고 · 브레이크 디스크 앞248,000`);
  await snap(admin.page, 'credit-admin-preview-desktop');
  await admin.page.getByRole('button', { name: '마감하기', exact: true }).click();
  await confirmWith(admin.page, '마감하기');
  await poll(() => admin.page.getByTestId('close-result').textContent()).toContain('새 명세서 1건');
  await admin.context.close();
}

/** The buyer finds the statement unpaid, opens its PDF and pays its virtual account in the demo bank. */
async function memberPaysTheStatement() {
  const { context, page } = await desktopPage(browser);
  await login(page, url('/management/credit'), gaon.main.id, gaon.main.pw);
  const row = page.getByTestId('statement-row');
  await poll(() => row.count()).toBe(1);
  const text = await row.first().textContent();
  expect(text).toContain(monthLabel());
  expect(text).toContain('248,000');
  expect(text).toContain('미결제');
  await snap(page, 'credit-member-desktop');
  await openStatementPdf(context, page);
  await payInDemoBank(context, page);
  await poll(() => page.getByTestId('statement-row').first().textContent()).toContain('결제 완료');
  // Paid in full: its virtual account is no longer offered, in the PDF's words.
  expect(await row.first().textContent()).toContain('필요 없음 (미결제 금액 없음)');
  expect(await row.first().getByTestId('statement-va').count()).toBe(0);
  await poll(() => page.getByTestId('credit-used').textContent()).toBe('0원');
  expect(await page.getByTestId('credit-available').textContent()).toBe('1,000,000원');
  expect(await page.getByTestId('aging-total').textContent()).toBe('0원');
  await snap(page, 'credit-member-paid-desktop');
  await context.close();
}

async function ledgerAndAgingShowIt() {
  const { context, page } = await desktopPage(browser);
  await staffLogin(page, server.base);
  await page.goto(url(`/admin/credit?company=${gaon.companyId}`));
  const ledger = page.getByTestId('receivable-row');
  await poll(() => ledger.count()).toBe(2);
  // Newest first: the deposit (−) that pays the order's charge (+), the ledger's sum 0.
  expect(await ledger.nth(0).textContent()).toContain('−248,000');
  // Named for how the money came: the statement's virtual account.
  expect(await ledger.nth(0).textContent()).toContain('가상계좌 입금');
  expect(await ledger.nth(1).textContent()).toContain(`주문 ${orderSeq}`);
  expect(await ledger.nth(1).textContent()).toContain('+248,000');
  expect(await page.getByTestId('ledger-sum').textContent()).toBe('0원');
  expect(await page.getByTestId('statement-row').first().textContent()).toContain('결제 완료');
  await snap(page, 'credit-admin-ledger-desktop');
  await page.getByRole('link', { name: '‹ 미수금 보고서' }).click();
  const aging = page.getByTestId('aging-row').filter({ hasText: '가온상사' });
  await poll(() => aging.count()).toBe(1);
  // Limit, used, the five ages, the total, the oldest due date: nothing owed any more.
  expect((await aging.locator('td').allTextContents()).slice(2, 10)).toEqual([
    '1,000,000',
    '0',
    '-',
    '-',
    '-',
    '-',
    '-',
    '0',
  ]);
  await snap(page, 'credit-admin-report-desktop');
  // The CSV of the same report (UTF-8 with BOM for Korean Excel).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV 내려받기' }).click(),
  ]);
  const csv = (await text(await download.createReadStream())).replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(csv[0]).toBe(
    '업체번호,업체,상태,한도,사용액,기한 전,1~30일,31~60일,61~90일,90일 초과,미수 합계,가장 오래된 결제기한',
  );
  expect(csv.filter((l) => l.startsWith(`${gaon.companyId},`))).toEqual([
    `${gaon.companyId},가온상사,정상,1000000,0,0,0,0,0,0,0,`,
  ]);
  await everyCompanysStatementsOfTheMonth(page);
  await context.close();
}

/**
 * 업체별 명세서 on /admin/credit: it opens on the month before this one (nothing closed there in this
 * story), and the closed month lists the company's statement, paid, with its PDF and 다시 보내기 (off:
 * nothing is left to pay).
 */
async function everyCompanysStatementsOfTheMonth(page: Page) {
  const section = page.getByRole('region', { name: '업체별 명세서' });
  await section.getByText('마감된 명세서가 없습니다.').waitFor();
  await section.getByLabel('청구 월').fill(month());
  await section.getByRole('button', { name: '검색' }).click();
  const row = section.getByTestId('statement-row');
  await poll(() => row.count()).toBe(1);
  const cells = await row.first().locator('td').allTextContents();
  expect(cells.slice(0, 5)).toEqual([
    monthLabel(),
    '가온상사',
    '248,000',
    '0',
    expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  ]);
  expect(cells[5]).toBe('결제 완료');
  expect(await section.getByText('1건').count()).toBe(1);
  // Paid: its 알림톡 asks the buyer to pay, so 다시 보내기 is off and says why.
  const resend = section.getByRole('button', { name: `가온상사 ${monthLabel()} 명세서 다시 보내기` });
  expect([await resend.isDisabled(), await resend.getAttribute('title')]).toEqual([true, MSG_CREDIT.resendPaid]);
  expect(await section.getByRole('button', { name: `가온상사 ${monthLabel()} 명세서 PDF` }).count()).toBe(1);
  await section.scrollIntoViewIfNeeded();
  await snap(page, 'credit-admin-statements-desktop');
}

async function onAPhoneOverTheLimitThenCash() {
  await fillCart(9);
  const { context, page } = await phonePage(browser);
  await login(page, url('/cartm'), gaon.main.id, gaon.main.pw);
  await checkoutOnCredit(page);
  // 9 × 121,000 + 6,000 = 1,095,000 over the 1,000,000 left: said before paying, refused by the server.
  await poll(() => page.getByTestId('pay-total').textContent()).toBe('1,095,000원');
  await page.getByText('외상 한도가 95,000원 모자랍니다.', { exact: false }).waitFor();
  await snap(page, 'credit-checkout-phone');
  await page.getByRole('button', { name: '1,095,000원 외상으로 주문' }).click();
  await page.getByRole('alertdialog').getByText(MSG_CREDIT.overLimit(1_000_000)).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
  expect((await server.db.select().from(orders).where(eq(orders.companyId, gaon.companyId))).length).toBe(1);

  // Cash still works, and its request is the original one: no payWith.
  await fund(server, gaon.companyId, 1_100_000);
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => void sent.push(String(f.payload))));
  await page.reload();
  await page.getByRole('heading', { name: '주문/결제' }).waitFor();
  await page.getByRole('group', { name: '결제 방법' }).getByText('캐시', { exact: true }).click();
  await page.getByRole('button', { name: '1,095,000원 결제하기' }).click();
  await page.waitForURL(/\/mobileCheckOutFinish\?seq=\d+$/);
  const request = sent.find((f) => f.includes('requestPaymentProduct'));
  expect(request).toBeDefined();
  expect(request).not.toContain('payWith');
  const [cashOrder] = await server.db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(new URL(page.url()).searchParams.get('seq'))));
  expect([cashOrder!.payWith, await balanceOf(server, gaon.companyId)]).toEqual(['cash', 5_000]);

  await page.goto(url('/mobileManagement?menu=credit'));
  await poll(() => page.getByTestId('credit-limit').textContent()).toBe('1,000,000원');
  await poll(() => page.getByTestId('statement-row').count()).toBe(1);
  await snap(page, 'credit-member-phone');
  await context.close();
}

async function staffApplyAnUnknownDeposit() {
  const cashBefore = await balanceOf(server, gaon.companyId);
  const { context, page } = await desktopPage(browser);
  await staffLogin(page, server.base);
  await page.getByRole('link', { name: '입금 확인' }).click();
  await page.getByRole('heading', { name: '입금 확인' }).waitFor();
  const form = page.getByRole('form', { name: '입금 등록' });
  await form.getByLabel('입금자명').fill('홍길동상회');
  await form.getByLabel('입금액(원)').fill('30,000');
  await form.getByRole('button', { name: '등록' }).click();
  // The form says what became of it: it waits, and where.
  await poll(() => form.getByTestId('deposit-placed').textContent()).toBe(
    '홍길동상회: 입금자명과 일치하는 업체가 없습니다. 아래 확인 대기 목록에서 업체를 정하세요.',
  );
  const row = page.getByTestId('deposit-row').filter({ hasText: '홍길동상회' });
  await poll(() => row.count()).toBe(1);
  expect(await row.textContent()).toContain('30,000');
  await snap(page, 'credit-deposits-desktop');
  await row.getByLabel('업체 번호').fill(String(gaon.companyId));
  await row.getByRole('button', { name: '반영' }).click();
  await confirmWith(page, '반영');
  await poll(() => row.count()).toBe(0);
  // Nothing open to pay: the deposit goes to the company's cash balance.
  await poll(() => balanceOf(server, gaon.companyId)).toBe(cashBefore + 30_000);
  // Bank interest pays no customer: staff set it aside with a reason; it leaves the queue, pays nobody.
  await form.getByLabel('입금자명').fill('결산이자');
  await form.getByLabel('입금액(원)').fill('1,250');
  await form.getByRole('button', { name: '등록' }).click();
  const interest = page.getByTestId('deposit-row').filter({ hasText: '결산이자' });
  await poll(() => interest.count()).toBe(1);
  await interest.getByRole('button', { name: '제외' }).click();
  const layer = page.getByRole('dialog', { name: '입금 제외' });
  await layer.getByLabel('제외 사유').fill('예금 결산이자');
  await snap(page, 'credit-deposit-dismiss-desktop');
  await layer.getByRole('button', { name: '제외' }).click();
  await poll(() => interest.count()).toBe(0);
  const [aside] = await server.db
    .select({ status: deposits.status, reason: deposits.dismissReason, companyId: deposits.companyId })
    .from(deposits)
    .where(eq(deposits.depositorName, '결산이자'));
  expect(aside).toEqual({ status: 'ignored', reason: '예금 결산이자', companyId: null });
  const setAside = page.getByRole('region', { name: '제외한 입금' }).getByTestId('dismissed-row');
  await poll(() => setAside.filter({ hasText: '결산이자' }).textContent()).toContain('예금 결산이자');
  expect(await balanceOf(server, gaon.companyId)).toBe(cashBefore + 30_000);
  // A deposit typed in with the company's number is placed at once, and the form says where and why.
  await form.getByLabel('입금자명').fill('가온 대표');
  await form.getByLabel('입금액(원)').fill('5,000');
  await form.getByLabel('업체 번호 (알면)').fill(String(gaon.companyId));
  await form.getByRole('button', { name: '등록' }).click();
  await poll(() => form.getByTestId('deposit-placed').textContent()).toBe(
    '가온상사: 캐시 5,000원 (남은 명세서가 없어 캐시로)',
  );
  await poll(() => balanceOf(server, gaon.companyId)).toBe(cashBefore + 35_000);
  await snap(page, 'credit-deposit-placed-desktop');
  await context.close();
}

/** The deposits, the company's credit and the report, as staff see them on a phone. */
async function adminCreditScreensOnAPhone() {
  const phone = await phonePage(browser);
  await staffLogin(phone.page, server.base);
  await phone.page.goto(url('/admin/deposits'));
  await phone.page.getByText('확인할 입금이 없습니다.').waitFor();
  await snap(phone.page, 'credit-deposits-phone');
  await phone.page.goto(url(`/admin/credit?company=${gaon.companyId}`));
  await phone.page.getByTestId('account-limit').waitFor();
  await snap(phone.page, 'credit-admin-company-phone');
  await phone.page.goto(url('/admin/credit'));
  await phone.page.getByTestId('aging-row').first().waitFor();
  await snap(phone.page, 'credit-admin-report-phone');
  // Staff read the terms, the one the admin added among them; only the admin adds or renames.
  await poll(() => phone.page.getByTestId('term-row').count()).toBe(4);
  expect(await phone.page.getByRole('button', { name: '결제 조건 추가' }).count()).toBe(0);
  expect(await phone.page.getByRole('button', { name: '이름 바꾸기' }).count()).toBe(0);
  await phone.page.getByTestId('term-row').last().scrollIntoViewIfNeeded();
  await snap(phone.page, 'credit-admin-terms-phone');
  await phone.context.close();
}

/**
 * The statement's PDF: fetched with the session's token in the header, opened in a new tab; its pages
 * rendered (pdftoppm) beside the screenshots for a person to look at.
 */
async function openStatementPdf(context: BrowserContext, page: Page) {
  let pdf: { status: number; type: string; auth: string; body: Buffer } | null = null;
  await page.route('**/api/statementPdf*', async (route) => {
    const answer = await route.fetch();
    pdf = {
      status: answer.status(),
      type: answer.headers()['content-type'] ?? '',
      auth: (await route.request().allHeaders()).authorization ?? '',
      body: await answer.body(),
    };
    await route.fulfill({ response: answer });
  });
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `${monthLabel()} 명세서 PDF` }).click(),
  ]);
  await poll(() => pdf !== null).toBe(true);
  const got = pdf!;
  expect([got.status, got.type]).toEqual([200, 'application/pdf']);
  expect(got.auth).toMatch(/^Bearer .{20,}/);
  expect(got.body.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  if (SCREENSHOTS) {
    const dir = path.resolve('screenshots');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'credit-statement.pdf'), got.body);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      path.join(dir, 'credit-statement.pdf'),
      path.join(dir, 'credit-statement'),
    ]);
  }
}

/** 계좌 입금: the virtual account's page of the demo bank opens in the payment window; '입금하기' pays it. */
async function payInDemoBank(context: BrowserContext, page: Page) {
  const [bank] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `${monthLabel()} 명세서 가상계좌 입금` }).click(),
  ]);
  await bank.getByText('248,000원').first().waitFor();
  await snap(bank, 'credit-demo-bank');
  // The bank says so and closes its window by itself; the member area then reads the statements again.
  const closed = bank.waitForEvent('close');
  await bank.getByRole('button', { name: '입금하기' }).click();
  await bank.getByText(MSG_DEPOSIT.demoDeposited).waitFor();
  await closed;
}
