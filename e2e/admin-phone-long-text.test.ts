import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../apps/server/src/db/schema.js';
import { makeCompany } from '../apps/server/test/member-helpers.js';
import { addProduct, demoOrder } from './fixtures.js';
import { layoutFindings } from './layout-checks.js';
import { call, desktopPage, loginAs, openAdminOrder, phonePage, snap, staffLogin, startShop } from './helpers.js';

/**
 * The back office's lists on a phone (docs/requirements.md#look-and-language) with the longest texts
 * the shop takes: a list table keeps its columns and scrolls sideways, and a text longer than its
 * column wraps inside it (a word longer than its line breaks) instead of running over the next
 * columns. A staff id of 50 characters was drawn 182 px wide in its 160 px column, over 이름 and 연락처.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** The longest staff id a login takes (5-50 characters). */
const LONG_ID = `${'b'.repeat(37)}@partsmall.kr`;
/** A company's name of 50 characters, written without spaces as Korean names are. */
const LONG_COMPANY = '한빛수입차부품유통서울경기인천충청강원영남호남제주전국직영물류센터본사영업부'
  .padEnd(50, '가')
  .slice(0, 50);

describe('back-office lists on a phone with long texts', () => {
  it('the staff id, a company name and a waiting transfer wrap in their columns; no cell runs over the next', async () => {
    const admin = await loginAs(shop.server, 'admin@partsmall.kr', 'admin1234');
    const made = await call(
      shop.server,
      'adminCreateStaff',
      { id: LONG_ID, name: '경계', phone: '01012345678' },
      { token: admin },
    );
    expect(made.body.code).toBe(201);
    const co = await makeCompany(shop.server, '긴이름', 0, { cheapPasswords: true });
    await shop.server.db.update(companies).set({ name: LONG_COMPANY }).where(eq(companies.id, co.companyId));
    const buyer = await loginAs(shop.server, co.main.id, co.main.pw);
    const started = await call(
      shop.server,
      'POST',
      'payCenter/showCashPaymentWinow',
      { pgcode: 'banktransfer', amount: 50_000 },
      buyer,
    );
    expect(started.body.code).toBe(200);

    const { context, page } = await phonePage(shop.browser);
    await staffLogin(page, shop.server.base, 'admin@partsmall.kr', 'admin1234');
    const findings: string[] = [];
    const screens: [string, string, string][] = [
      ['/admin/staff', LONG_ID, 'admin-phone-staff'],
      ['/admin/companies', LONG_COMPANY, 'admin-phone-companies'],
      ['/admin/payments', LONG_COMPANY, 'admin-phone-payments'],
    ];
    for (const [path, text, name] of screens) {
      await page.goto(`${shop.server.base}${path}`);
      await page.locator('td', { hasText: text }).first().waitFor();
      await snap(page, name);
      findings.push(...(await layoutFindings(page, `admin phone ${path}`, { phone: true })));
    }
    expect(findings).toEqual([]);
    await context.close();
  });

  it("an order's long product name is read whole in its detail, wrapped in its column, on a desktop and a phone", async () => {
    const product = await addProduct(shop.server, {
      name: '메르세데스벤츠 W213 E클래스 전륜 브레이크 패드 세트 센서포함 순정OE규격 A0004203120호환',
      prices: [30_000, 30_000, 30_000, 30_000],
      stock: 9,
    });
    const seq = await demoOrder(shop.server, { product, qty: 1, price: 30_000, shipping: 0, status: 0 });
    for (const [open, device] of [
      [desktopPage, 'desktop'],
      [phonePage, 'phone'],
    ] as const) {
      const { context, page } = await open(shop.browser);
      await staffLogin(page, shop.server.base, 'admin@partsmall.kr', 'admin1234');
      const detail = await openAdminOrder(page, seq);
      const name = detail.getByRole('cell', { name: product.name });
      await name.waitFor();
      // Nothing of it cut: the cell is as wide as its text (it was cut with an ellipsis, nowrap).
      const cut = await name.evaluate((td) => td.scrollWidth - td.clientWidth);
      expect(cut, device).toBeLessThanOrEqual(0);
      // The 금액 column is still beside it, in the table's box.
      const sum = detail.getByRole('cell', { name: '30,000', exact: true }).last();
      const [nameBox, sumBox] = [await name.boundingBox(), await sum.boundingBox()];
      expect(sumBox!.x, device).toBeGreaterThanOrEqual(nameBox!.x + nameBox!.width - 1);
      await snap(page, `admin-order-long-name-${device}`);
      await context.close();
    }
  });

  it('the settings form offers each delivery method only the pay types it may take, on a phone and a desktop', async () => {
    for (const [open, device] of [
      [phonePage, 'phone'],
      [desktopPage, 'desktop'],
    ] as const) {
      const { context, page } = await open(shop.browser);
      await staffLogin(page, shop.server.base, 'admin@partsmall.kr', 'admin1234');
      await page.goto(`${shop.server.base}/admin/config`);
      const first = page.getByRole('group', { name: '배송 설정 1' });
      await first.waitFor();
      const payTypes = (method: string) =>
        first
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: method }) })
          .locator('.admin-paytypes label');
      expect(await payTypes('택배').allInnerTexts()).toEqual(['선불', '착불']);
      expect(await payTypes('방문수령').allInnerTexts()).toEqual(['방문수령']);
      await first.scrollIntoViewIfNeeded();
      await snap(page, `admin-config-delivery-${device}`);
      expect(await layoutFindings(page, `admin ${device} /admin/config`, { phone: device === 'phone' })).toEqual([]);
      await context.close();
    }
  });
});
