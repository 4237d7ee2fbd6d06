import fs from 'node:fs';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashLedger, companies, taxInvoices } from '../apps/server/src/db/schema.js';
import type { TestServer } from '../apps/server/test/helpers.js';
import { giveInvoiceFields, makeCompany, type TestCompany } from '../apps/server/test/member-helpers.js';
import { balanceOf, fund, makeProduct, seoulMidnight, seoulToday, COURIER } from '../apps/server/test/order-helpers.js';
import { call, desktopPage, phonePage, loginAs, memberLogin, snap, startShop } from './helpers.js';

/**
 * The paperwork screens (docs/requirements.md#paperwork-screens): a main account reads its 캐시 원장 by
 * period and downloads it as CSV, reads its 세금계산서, opens an order's 거래명세서 (a PDF); a
 * sub-account reads the company's invoice fields; staff retry and cancel invoices.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
let server: TestServer;
let browser: Browser;
let gaon: TestCompany;
let orderSeq: number;
const url = (p: string) => `${server.base}${p}`;
/** The PDF is kept for a person to look at only in a folder of one session's pictures. */
const SHOTS_DIR = process.env.SHOTS_DIR;
/** Waits for what the page or the database says, as long as a busy shared machine needs. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

beforeAll(async () => {
  shop = await startShop();
  ({ server, browser } = shop);
  gaon = await makeCompany(server, '가온', 1);
  await giveInvoiceFields(server, gaon.companyId);
  // 300,000 won credited 40 days ago, an order of 24,200 today, 50,000 more today.
  await fund(server, gaon.companyId, 300_000);
  await server.db
    .update(cashLedger)
    .set({ createdAt: seoulMidnight(40) })
    .where(eq(cashLedger.companyId, gaon.companyId));
  const product = await makeProduct(server, { tiers: [12_100, 0, 0, 0], salePrice: 12_100, name: '브레이크 패드 앞' });
  const token = await loginAs(server, gaon.main.id, gaon.main.pw);
  const paid = await call<{ orderSeq: number }>(
    server,
    'POST',
    'api/requestPaymentProduct',
    {
      shippingInfo: {
        ...COURIER,
        shippingPayType: 1,
        memo: '',
      },
      carts: [{ productId: product.id, qty: 2 }],
    },
    token,
  );
  expect(paid.body.code, paid.body.message).toBe(201);
  orderSeq = paid.body.results!.orderSeq;
  await fund(server, gaon.companyId, 50_000);
  const today = seoulToday().replace(/-/g, '');
  await server.db.insert(taxInvoices).values([
    {
      companyId: gaon.companyId,
      kind: 'order',
      mgtKey: `e2e-${gaon.companyId}-order-${orderSeq}`,
      orderId: orderSeq,
      status: 'failed',
      writeDate: today,
      supply: 22_000,
      tax: 2_200,
      total: 24_200,
      items: [{ orderSeq, supply: 22_000, tax: 2_200, total: 24_200 }],
      error: '팝빌 응답: 공급받는자 메일 주소가 올바르지 않습니다.',
    },
    {
      companyId: gaon.companyId,
      kind: 'monthly',
      mgtKey: `e2e-${gaon.companyId}-month-2026-10`,
      month: '2026-10',
      status: 'sent',
      writeDate: '20261031',
      supply: 100_000,
      tax: 10_000,
      total: 110_000,
      items: [
        { orderSeq: 9001, supply: 60_000, tax: 6_000, total: 66_000 },
        { orderSeq: 9002, supply: 40_000, tax: 4_000, total: 44_000 },
      ],
      ntsConfirmNum: '20261101-41000000-71234567',
      issuedAt: new Date('2026-11-01T01:00:00Z'),
    },
  ]);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe('member area paperwork: the cash ledger and tax invoices', () => {
  it('캐시 원장: every row, a period search, the balance equal to the newest row, CSV with header and balance', async () => {
    const { context, page } = await desktopPage(browser);
    await memberLogin(page, url('/management/cashLedger'), gaon.main.id, gaon.main.pw);
    await page.getByRole('heading', { name: '캐시 원장', level: 2 }).waitFor();
    const rows = page.getByTestId('ledger-row');
    await poll(() => rows.count()).toBe(3);
    const balance = await balanceOf(server, gaon.companyId);
    expect(balance).toBe(325_800);
    expect(await page.getByTestId('ledger-balance').textContent()).toBe('325,800원');
    // Newest first: its 잔액 is the company's balance.
    expect(await rows.first().locator('td').last().textContent()).toBe('325,800');
    expect(await rows.nth(1).textContent()).toContain('주문 결제');
    expect(await rows.nth(1).textContent()).toContain(`주문 ${orderSeq}`);
    expect(await rows.nth(1).textContent()).toContain('−24,200');
    await snap(page, 'cash-ledger-desktop');

    // Today only: the top-up of 40 days ago drops out.
    await page.getByRole('button', { name: '오늘', exact: true }).click();
    await poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: '전체보기' }).click();
    await poll(() => rows.count()).toBe(3);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV 내려받기' }).click(),
    ]);
    // The run's one Chromium is connected to, not launched, so the file is read as a stream
    // (download.path() answers only to the process that launched the browser).
    const csv = await text(await download.createReadStream());
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('일시,구분,주문·결제,내용,금액(원),잔액(원)');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.endsWith(',325800'))).toBe(true);
    expect(download.suggestedFilename()).toMatch(/^cash-ledger-.*\.csv$/);
    await context.close();
  });

  it('세금계산서: status with the failure reason, kind, period, amounts', async () => {
    const { context, page } = await desktopPage(browser);
    await memberLogin(page, url('/management/taxInvoices'), gaon.main.id, gaon.main.pw);
    const rows = page.getByTestId('invoice-row');
    await poll(() => rows.count()).toBe(2);
    const failed = await rows.first().textContent();
    expect(failed).toContain('주문별');
    expect(failed).toContain(`주문 ${orderSeq}`);
    expect(failed).toContain('24,200');
    expect(failed).toContain('실패');
    expect(failed).toContain('팝빌 응답: 공급받는자 메일 주소가 올바르지 않습니다.');
    const monthly = await rows.nth(1).textContent();
    expect(monthly).toContain('2026년 10월 (주문 2건)');
    expect(monthly).toContain('국세청 전송');
    expect(monthly).toContain('20261101-41000000-71234567');
    await snap(page, 'tax-invoices-desktop');
    await page.goto(url('/management/monthlyStatement'));
    await page.getByRole('heading', { name: '월간 거래명세서', level: 2 }).waitFor();
    await snap(page, 'monthly-statement-desktop');
    await context.close();
  });
});

describe("member area paperwork: 거래명세서, the company's invoice fields and the phone", () => {
  it("the order detail's 거래명세서 is a PDF, and the order shows its invoice status", async () => {
    const { context, page } = await desktopPage(browser);
    await memberLogin(page, url(`/orderDetail?seq=${orderSeq}`), gaon.main.id, gaon.main.pw);
    expect(await page.getByTestId('order-tax-invoice').textContent()).toContain('실패');
    await snap(page, 'order-detail-desktop');
    // The answer as the browser received it (its body read at the route, which passes it on untouched).
    let pdf: { status: number; type: string; url: string; auth: string; body: Buffer } | null = null;
    await page.route('**/api/orderStatement*', async (route) => {
      const answer = await route.fetch();
      pdf = {
        status: answer.status(),
        type: answer.headers()['content-type'] ?? '',
        url: route.request().url(),
        auth: (await route.request().allHeaders()).authorization ?? '',
        body: await answer.body(),
      };
      await route.fulfill({ response: answer });
    });
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: '거래명세서' }).click(),
    ]);
    await poll(() => pdf !== null).toBe(true);
    const got = pdf!;
    expect(got.status).toBe(200);
    expect(got.type).toBe('application/pdf');
    // The token travels in the header, not in the address.
    expect(got.url).toBe(url(`/api/orderStatement?seq=${orderSeq}`));
    expect(got.auth).toMatch(/^Bearer .{20,}/);
    expect(got.body.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // The new tab shows the file.
    await poll(() => tab.url()).toMatch(/^blob:/);
    if (SHOTS_DIR) {
      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      fs.writeFileSync(`${SHOTS_DIR}/statement-${orderSeq}.pdf`, got.body);
    }
    await context.close();
  });

  it('company info: the main account saves 업태, 종목, mail and 월합계; the sub-account reads them', async () => {
    const { context, page } = await desktopPage(browser);
    await memberLogin(page, url('/management/editCompanyInfo'), gaon.main.id, gaon.main.pw);
    await page.getByLabel('업태').fill('도매');
    await page.getByLabel('종목').fill('수입차 부품');
    await page.getByLabel('세금계산서 받을 메일').fill('account@gaon.kr');
    await page.getByLabel('발행 방식').selectOption('monthly');
    await snap(page, 'company-info-desktop');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect
      .poll(async () => {
        const [c] = await server.db.select().from(companies).where(eq(companies.id, gaon.companyId));
        return [c!.bizType, c!.bizItem, c!.invoiceMail, c!.invoiceMode];
      })
      .toEqual(['도매', '수입차 부품', 'account@gaon.kr', 'monthly']);
    await context.close();

    const sub = await desktopPage(browser);
    await memberLogin(sub.page, url('/management/editCompanyInfo'), gaon.subs[0]!.id, gaon.subs[0]!.pw);
    const facts = sub.page.getByTestId('company-facts');
    await facts.waitFor();
    expect(await facts.textContent()).toContain('수입차 부품');
    expect(await facts.textContent()).toContain('월합계 발행');
    expect(await sub.page.getByRole('button', { name: '저장', exact: true }).count()).toBe(0);
    await snap(sub.page, 'company-info-sub-desktop');
    // The paperwork entries are the main account's.
    await sub.page.goto(url('/management/cashLedger'));
    await sub.page.waitForURL(/\/management\/profile$/);
    await sub.context.close();
  });

  it('on a phone: the ledger, the invoices and the orders with their 거래명세서 button', async () => {
    const { context, page } = await phonePage(browser);
    await memberLogin(page, url('/mobileManagement'), gaon.main.id, gaon.main.pw);
    for (const [menu, name] of [
      ['cashLedger', 'cash-ledger'],
      ['taxInvoices', 'tax-invoices'],
      ['monthlyStatement', 'monthly-statement'],
      ['editCompanyInfo', 'company-info'],
    ] as const) {
      await page.goto(url(`/mobileManagement?menu=${menu}`));
      await page.locator('.mg-title').first().waitFor();
      if (menu === 'cashLedger') await poll(() => page.getByTestId('ledger-row').count()).toBe(3);
      if (menu === 'taxInvoices') await poll(() => page.getByTestId('invoice-row').count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await snap(page, `${name}-phone`);
    }
    await page.goto(url('/ordersm'));
    await page.getByTestId('mobile-order').first().waitFor();
    expect(await page.getByTestId('statement-button').count()).toBe(1);
    await snap(page, 'orders-phone');
    await context.close();
  });
  it("on a phone a sub-account's 회사 정보 wraps a long 상호 and 주소 without spaces inside the screen", async () => {
    // A 50-letter name with no space (the name rule allows it) and unit numbers joined by commas.
    const long = await makeCompany(server, '긴상호');
    const name = '㈜한빛수입차부품유통주식회사글로벌오토파츠인터내셔널코리아서울본사성수지점특수부품사업부문ABCDE';
    const addrSub = Array.from({ length: 14 }, (_, i) => `${301 + i}호`).join(',');
    await server.db.update(companies).set({ name, addrSub }).where(eq(companies.id, long.companyId));
    const { context, page } = await phonePage(browser);
    await memberLogin(page, url('/mobileManagement?menu=editCompanyInfo'), long.subs[0]!.id, long.subs[0]!.pw);
    const facts = page.getByTestId('company-facts');
    await facts.getByText(name).waitFor();
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([390, 390]);
    const box = (await facts.getByText(name).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await snap(page, 'company-info-sub-long-phone');
    await context.close();
  });
});

describe('back office 세금계산서', () => {
  it('lists with the failure reason, filters by status and company, retries and cancels after a confirmation', async () => {
    const [waiting] = await server.db
      .insert(taxInvoices)
      .values({
        companyId: gaon.companyId,
        kind: 'monthly',
        mgtKey: `e2e-${gaon.companyId}-month-2026-09`,
        month: '2026-09',
        status: 'pending',
        writeDate: '20260930',
        supply: 30_000,
        tax: 3_000,
        total: 33_000,
        items: [{ orderSeq: 8001, supply: 30_000, tax: 3_000, total: 33_000 }],
      })
      .returning({ id: taxInvoices.id });
    const { context, page } = await desktopPage(browser);
    await page.goto(url('/admin'));
    await page.getByLabel('아이디(메일)').fill('staff@partsmall.kr');
    await page.getByLabel('비밀번호').fill('staff1234');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByRole('link', { name: '세금계산서', exact: true }).click();
    await page.getByRole('heading', { name: '세금계산서', exact: true }).waitFor();
    const rows = page.getByTestId('admin-invoice-row');
    const failedRow = rows.filter({ hasText: '팝빌 응답: 공급받는자 메일 주소가 올바르지 않습니다.' });
    await failedRow.waitFor();
    await page.getByLabel('상태').selectOption('failed');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await poll(() => rows.filter({ hasText: '국세청 전송' }).count()).toBe(0);
    await failedRow.getByRole('button', { name: '가온상사' }).click();
    await poll(() => page.getByLabel('업체 번호').inputValue()).toBe(String(gaon.companyId));
    await snap(page, 'admin-tax-invoices-desktop');

    await failedRow.getByRole('button', { name: '다시 발행' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '다시 발행', exact: true }).click();
    await page.getByText('세금계산서를 다시 발행합니다.').first().waitFor();
    await expect
      .poll(
        async () => (await server.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderSeq)))[0]!.status,
      )
      .not.toBe('failed');

    // A waiting invoice of September: found by its period, cancelled after a confirmation.
    await page.getByRole('button', { name: '초기화' }).click();
    await page.getByLabel('작성일 시작').fill('2026-09-01');
    await page.getByLabel('작성일 끝').fill('2026-09-30');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await poll(() => rows.count()).toBe(1);
    const waitingRow = rows.filter({ hasText: '2026-09 (1건)' });
    expect(await waitingRow.textContent()).toContain('발행 대기');
    expect(await waitingRow.getByRole('button', { name: '다시 발행' }).count()).toBe(0);
    await waitingRow.getByRole('button', { name: '취소' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '발행 취소', exact: true }).click();
    await page.getByText('세금계산서 발행을 취소했습니다.').first().waitFor();
    await poll(
      async () => (await server.db.select().from(taxInvoices).where(eq(taxInvoices.id, waiting!.id)))[0]!.status,
    ).toBe('cancelled');
    await poll(() => waitingRow.textContent()).toContain('취소');
    await context.close();

    const phone = await phonePage(browser);
    await phone.page.goto(url('/admin'));
    await phone.page.getByLabel('아이디(메일)').fill('staff@partsmall.kr');
    await phone.page.getByLabel('비밀번호').fill('staff1234');
    await phone.page.getByRole('button', { name: '로그인', exact: true }).click();
    await phone.page.getByRole('heading', { name: '대시보드' }).waitFor();
    await phone.page.goto(url('/admin/taxInvoices'));
    await phone.page.getByTestId('admin-invoice-row').first().waitFor();
    await snap(phone.page, 'admin-tax-invoices-phone');
    await phone.context.close();
  });

  it("company detail edits the company's invoice fields", async () => {
    const { context, page } = await desktopPage(browser);
    await page.goto(url('/admin'));
    await page.getByLabel('아이디(메일)').fill('staff@partsmall.kr');
    await page.getByLabel('비밀번호').fill('staff1234');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByRole('heading', { name: '대시보드' }).waitFor();
    await page.goto(url('/admin/companies'));
    await page.getByRole('row').filter({ hasText: '가온상사' }).getByRole('button').first().click();
    const form = page.getByRole('form', { name: '세금계산서 정보' });
    await form.waitFor();
    await form.getByLabel('업태').fill('소매');
    await form.getByLabel('발행 방식').selectOption('order');
    await snap(page, 'admin-company-invoice-desktop');
    await form.getByRole('button', { name: '저장' }).click();
    await expect
      .poll(async () => {
        const [c] = await server.db.select().from(companies).where(eq(companies.id, gaon.companyId));
        return [c!.bizType, c!.invoiceMode];
      })
      .toEqual(['소매', 'order']);
    await context.close();
  });
});
