import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import { companies, orders } from '../apps/server/src/db/schema.js';
import { DEMO_COMPANY } from '../apps/server/src/seed/demo.js';
import { axeRule } from './axe.js';
import { addProduct, demoOrder } from './fixtures.js';
import { shopPhoneFindings } from './layout-checks.js';
import { waitForQuiet } from './quiet.js';
import { settle } from './tour.js';
import {
  call,
  desktopPage,
  loginAs,
  memberLogin,
  mobileOrderFact,
  openAdminOrder,
  phonePage,
  shot,
  snap,
  staffLogin,
  startShop,
} from './helpers.js';

/**
 * The small things a buyer and staff found (docs/requirements.md): the pickup warehouse of a
 * 방문수령 order, admin-only screens, ids, the audit page, Escape and focus of layers, the product
 * dialog's stock, the join page's error, and WCAG 2.5.3 on the member home.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
const url = (p: string) => `${shop.server.base}${p}`;
const focusedText = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a ? `${a.tagName} ${a.getAttribute('aria-label') ?? a.textContent ?? ''}`.trim() : '';
  });

describe('방문수령', () => {
  it("names the pickup warehouse, not the customer's address, on the phone order list and in the back office", async () => {
    const product = await addProduct(shop.server, {
      name: '방문수령 필터',
      prices: [10_000, 10_000, 10_000, 10_000],
      stock: 5,
    });
    const seq = await demoOrder(shop.server, { product, qty: 1, price: 10_000, shipping: 0, status: 1 });
    await shop.server.db
      .update(orders)
      .set({ shippingValue: 4, shippingPayType: 2, fromName: '', fromPhone: '' })
      .where(eq(orders.id, seq));

    const phone = await phonePage(shop.browser);
    await memberLogin(phone.page, url('/ordersm'));
    const card = phone.page.getByTestId('mobile-order').filter({ hasText: '방문수령 필터' });
    await card.waitFor();
    const facts = card.locator('.m-order-facts');
    expect(await facts.locator('dt', { hasText: '수령 장소' }).count()).toBe(1);
    expect(await facts.textContent()).toContain('한국 김포물류센터 (방문수령)');
    expect(await facts.textContent()).not.toContain('아차산로 113');
    // The way it goes is 방문수령, not a carrier's name.
    expect(await mobileOrderFact(card, '배송')).toBe('방문수령');
    expect(await facts.locator('dt', { hasText: '택배사' }).count()).toBe(0);
    // No sender given: a dash, as every other empty row, not a blank.
    expect(await mobileOrderFact(card, '보내는 분')).toBe('-');
    // The order's number, by which every 알림톡 names it ('주문번호: 28').
    expect(await mobileOrderFact(card, '주문번호')).toBe(String(seq));
    await snap(phone.page, 'pickup-order-phone');
    await phone.page.setViewportSize({ width: 320, height: 640 });
    expect(await shopPhoneFindings(phone.page, 'phone order list at 320 px')).toEqual([]);
    await snap(phone.page, 'pickup-order-phone-320');
    await phone.context.close();

    const { page, context } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base);
    const detail = await openAdminOrder(page, seq);
    await detail.getByText('한국 김포물류센터 (방문수령)').waitFor();
    expect(await detail.textContent()).not.toContain('아차산로 113');
    // How it goes, said once; handed over at the warehouse: no carrier nor waybill to fill in.
    expect(
      await detail
        .locator('dt', { hasText: /^배송$/ })
        .locator('+ dd')
        .textContent(),
    ).toBe('방문수령');
    expect(await detail.getByLabel('택배사').count()).toBe(0);
    await detail
      .getByText('방문수령 주문입니다. 창고에서 상품을 전달한 뒤 출고완료를 누르세요.', { exact: false })
      .waitFor();
    await shot(page, 'pickup-order-admin-desktop');
    await detail.getByRole('button', { name: '출고완료', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '출고완료', exact: true }).click();
    await page.getByText('주문 상태를 변경했습니다.').first().waitFor();
    const [handed] = await shop.server.db.select().from(orders).where(eq(orders.id, seq));
    expect([handed!.status, handed!.carrier, handed!.waybill]).toEqual([2, '', '']);
    await context.close();
  });
});

describe('back office', () => {
  it('tells staff that /admin/config is for admins, not to log in as staff', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base);
    await page.goto(url('/admin/config'));
    await page.getByText('관리자 계정만 볼 수 있는 화면입니다. 필요하면 관리자에게 요청하세요.').waitFor();
    expect(await page.getByText('직원 계정으로 로그인해야 볼 수 있는 화면입니다.').count()).toBe(0);
    await page.goto(url('/admin/nowhere'));
    await page.getByText('없는 화면입니다.').waitFor();
    await context.close();
  });

  it('the company dialog has no duplicate ids; the audit page names setCompanyInvoiceInfo and its JSON cells take focus', async () => {
    const [demo] = await shop.server.db.select().from(companies).where(eq(companies.license, DEMO_COMPANY.license));
    const token = await loginAs(shop.server, 'admin@partsmall.kr', 'admin1234');
    const set = await call(
      shop.server,
      'adminSetCompanyInvoiceInfo',
      { companyId: demo!.id, bizItem: '수입차 부품' },
      { token },
    );
    expect(set.status).toBe(200);

    const { page, context } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base, 'admin@partsmall.kr', 'admin1234');
    await page.getByRole('link', { name: '회원·업체' }).click();
    await page
      .getByRole('row', { name: new RegExp(DEMO_COMPANY.name) })
      .first()
      .getByRole('button', { name: '상세' })
      .click();
    const dialog = page.getByRole('dialog', { name: DEMO_COMPANY.name });
    await dialog.getByRole('form', { name: '캐시 조정' }).waitFor();
    const duplicates = await page.evaluate(() => {
      const seen = new Map<string, number>();
      document.querySelectorAll('[id]').forEach((el) => seen.set(el.id, (seen.get(el.id) ?? 0) + 1));
      return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    });
    expect(duplicates).toEqual([]);
    await dialog.getByRole('form', { name: '이용권 조정' }).getByLabel('사유').fill('연장');
    expect(await dialog.getByRole('form', { name: '캐시 조정' }).getByLabel('사유').inputValue()).toBe('');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: '작업 기록' }).click();
    const row = page.getByRole('row', { name: /세금계산서 정보 변경/ }).first();
    await row.waitFor();
    const after = row.getByRole('region', { name: /이후 값/ });
    expect(await after.getAttribute('tabindex')).toBe('0');
    await after.focus();
    expect(await focusedText(page)).toMatch(/^PRE .*이후 값$/);
    expect(await row.textContent()).toContain('수입차 부품');
    await shot(page, 'audit-desktop');
    await context.close();
  });

  it('the product dialog shows the stock after a change, and gives focus back to its row button on close', async () => {
    const product = await addProduct(shop.server, {
      name: '재고 대화상자 부품',
      prices: [5_000, 5_000, 5_000, 5_000],
      stock: 3,
    });
    const { page, context } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base);
    await page.getByRole('link', { name: '상품 관리' }).click();
    await page.getByLabel('상품 검색어').fill('재고 대화상자');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    const edit = page.getByRole('button', { name: `${product.pid} 수정` });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: `상품 수정 #${product.id}` });
    await dialog.getByTestId('product-stock').getByText('재고 3개').waitFor();
    const stock = dialog.getByRole('form', { name: '재고 변경' });
    await stock.getByLabel('변경 수량 (입고 +, 출고·폐기 -)').fill('4');
    await stock.getByLabel('사유').fill('입고');
    await stock.getByRole('button', { name: '재고 변경' }).click();
    await dialog.getByTestId('product-stock').getByText('재고 7개').waitFor();
    await shot(page, 'product-dialog-stock-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe(`BUTTON ${product.pid} 수정`);
    await context.close();
  });
});

describe('back-office dialogs give focus back', () => {
  it('the new password dialog, opened after a confirmation, returns focus to the row button', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base, 'admin@partsmall.kr', 'admin1234');
    await page.getByRole('link', { name: '직원 계정' }).click();
    await page.getByLabel('아이디(메일)').fill('focus-staff@partsmall.kr');
    await page.getByLabel('이름').fill('포커스');
    await page.getByLabel('연락처').fill('01055556666');
    await page.getByRole('button', { name: '만들기' }).click();
    await page.getByRole('dialog', { name: '새 비밀번호' }).waitFor();
    await page.keyboard.press('Escape');
    const row = page.getByRole('row', { name: /focus-staff@partsmall\.kr/ });
    await row.waitFor();
    await row.getByRole('button', { name: '비밀번호 초기화' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '초기화' }).click();
    const shown = page.getByRole('dialog', { name: '새 비밀번호' });
    await shown.waitFor();
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('BUTTON 비밀번호 초기화');
    expect(
      await row.getByRole('button', { name: '비밀번호 초기화' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await context.close();
  });
});

describe('pages a phone opens in the desktop layout', () => {
  it('a shared product link, the order detail of the member area and the chat window fit the phone with 44 px targets', async () => {
    const product = await addProduct(shop.server, {
      name: '휴대폰 상세 필터',
      prices: [13_000, 13_000, 13_000, 13_000],
      stock: 4,
    });
    const seq = await demoOrder(shop.server, { product, qty: 2, price: 13_000, shipping: 0, status: 1 });
    const { page, context } = await phonePage(shop.browser);
    await memberLogin(page, url(`/productDetail/${product.id}`));
    await page.getByRole('heading', { name: product.name }).waitFor();
    await settle(page);
    const findings = await shopPhoneFindings(page, 'product page');
    // The member area's 상세 opens the order's window; on a phone, a tab of the phone's width.
    await page.goto(url(`/orderDetail?seq=${seq}`));
    await page.getByRole('heading', { name: '주문 상세' }).waitFor();
    await settle(page);
    findings.push(...(await shopPhoneFindings(page, 'order detail')));
    // Each line is a card: the product's name is read whole, beside its number.
    const line = page.locator('.od-lines tbody tr').first();
    expect(
      await line
        .locator('td')
        .nth(1)
        .evaluate((td) => td.getBoundingClientRect().width),
    ).toBeGreaterThan(200);
    expect(await line.innerText()).toContain(product.name);
    await page.goto(url('/chat'));
    await page.getByRole('button', { name: '전송' }).waitFor();
    await settle(page);
    findings.push(...(await shopPhoneFindings(page, 'chat window')));
    expect(findings).toEqual([]);
    await snap(page, 'desktop-pages-chat-phone');
    await context.close();
  });
});

describe('shop', () => {
  it('the home notice popup closes on Escape', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(url('/home'));
    const notice = page.getByRole('dialog', { name: '연말 배송 일정 안내' });
    await notice.waitFor();
    await page.keyboard.press('Escape');
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });

  it("/join shows a bad number's error once after 다시 입력", async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(url('/join'));
    const field = page.getByLabel('사업자등록번호');
    await field.fill(DEMO_COMPANY.license);
    await page
      .getByRole('dialog', { name: '이미 가입된 사업자입니다' })
      .getByRole('button', { name: '다시 입력' })
      .click();
    const bad = DEMO_COMPANY.license.slice(0, 9) + ((Number(DEMO_COMPANY.license[9]) + 1) % 10);
    await field.fill(bad);
    await page.locator('#f-license-error').getByText(MSG.licenseChecksum).waitFor();
    // The server's answer arrives too; it says the same thing and is not shown a second time.
    await waitForQuiet(page);
    expect(await page.getByText(MSG.licenseChecksum).count()).toBe(1);
    await shot(page, 'join-retry-desktop');
    await context.close();
  });

  it('the member home with a product popup open has no label-content-name-mismatch (axe, experimental rules)', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await memberLogin(page, url('/home'));
    await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
    await page.locator('.product-card [data-testid="fav-heart"]').first().waitFor();
    await page.locator('.product-card-btn').nth(2).click();
    await page.locator('.product-popup [data-testid="price"]').waitFor();
    expect(await axeRule(page, 'label-content-name-mismatch')).toEqual({ violations: [], incomplete: [] });
    await shot(page, 'home-product-popup-desktop');
    await context.close();
  });
});
