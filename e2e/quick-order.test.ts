import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, members, orderLines, orders, products } from '../apps/server/src/db/schema.js';
import { QT } from '../apps/web/src/features/quick-order/texts.js';
import { addProduct, setCash, type Product } from './fixtures.js';
import { desktopPage, phonePage, memberLogin, shot, startShop } from './helpers.js';
import { shopPhoneFindings } from './layout-checks.js';

/**
 * Quick order from an estimate in the browser (docs/requirements.md#quick-order): 20 pasted lines with
 * old (superseded) numbers of the demo catalogue and numbers typed with dashes and spaces → the table
 * says replaced / choose / short / sold out / unknown per line → the buyer picks a warehouse → all
 * go to the cart → checkout pays with cash → the order holds exactly those lines.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
const url = (path: string) => `${shop.server.base}${path}`;
/** The example line of the paste box's hint ('예: …'). */
const pasteExample = /예: (.+)$/.exec(QT.pasteHint)![1]!;

async function login(page: Page, to: string, id: string) {
  await memberLogin(page, to, id);
}

async function demoMember(): Promise<number> {
  const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  return m!.id;
}

/** Prices A–D distinct; the demo company is gold and pays B. */
const prices = (b: number): [number, number, number, number] => [b + 3000, b, b - 1000, b - 2000];

/** A product of the demo seed, its tier prices set by the test so that the total is written out here. */
async function demoProduct(pid: string, b: number): Promise<Product> {
  const [priceA, priceB, priceC, priceD] = prices(b);
  const [p] = await shop.server.db
    .update(products)
    .set({ priceA, priceB, priceC, priceD, salePrice: priceA + 5000 })
    .where(eq(products.pid, pid))
    .returning();
  return p!;
}

/** The products of the estimate: two of the demo catalogue's chains, twelve typed exactly, and the awkward ones. */
interface EstimateStock {
  bmw: Product;
  jaguar: Product;
  exact: Product[];
  twoKorea: Product;
  twoChina: Product;
  short: Product;
  soldOut: Product;
}

/** The demo member's cart emptied, its cash enough, and the products the estimate names. */
async function stockTheEstimate(member: number): Promise<EstimateStock> {
  await shop.server.db.delete(cartItems).where(eq(cartItems.memberId, member));
  await setCash(shop.server, 'demo@partsmall.kr', 5_000_000);
  // The demo catalogue's supersession chains (epc demo, generate.ts): old number → … → the product sold.
  const bmw = await demoProduct('42215489599', 31_000); // 07119906743 → 07119907356 → 42215489599
  const jaguar = await demoProduct('T4A52485', 27_000); // T4N30444 → T4N30481 → T4A52485
  // Twelve products of the test, each typed another way below.
  const exact: Product[] = [];
  for (let i = 1; i <= 12; i++) {
    const n = String(100 + i);
    exact.push(
      await addProduct(shop.server, {
        name: `견적 부품 ${n}`,
        pid: `7788-${n}-${String(5000 + i)}`,
        prices: prices(10_000 + i * 1000),
        stock: 40,
      }),
    );
  }
  const twoKorea = await addProduct(shop.server, {
    name: '두 창고 부품',
    pid: '7788-200-0001',
    prices: prices(21_000),
    stock: 9,
  });
  const twoChina = await addProduct(shop.server, {
    name: '두 창고 부품',
    pid: '7788-200-0001',
    prices: prices(19_000),
    stock: 4,
    warehouse: 'china',
  });
  const short = await addProduct(shop.server, {
    name: '부족 부품',
    pid: '7788-300-0001',
    prices: prices(15_000),
    stock: 2,
  });
  const soldOut = await addProduct(shop.server, {
    name: '품절 부품',
    pid: '7788-400-0001',
    prices: prices(8000),
    stock: 0,
  });
  return { bmw, jaguar, exact, twoKorea, twoChina, short, soldOut };
}

/** The spellings of an estimate: tabs (Excel), commas, single spaces inside the number, dashes, lower case. */
const ESTIMATE = [
  '07 11 9 906 743\t2\t엔진오일 필터',
  'T4N-30444, 1',
  '7788 101 5001\t1',
  '7788-102-5002, 2',
  '77881035003 3',
  '7788 104 5004 1 좌측',
  '7788.105.5005\t2',
  '7788/106/5006, 1',
  '7788-107-5007 4',
  '7788 108 5008\t1',
  '77881095009, 2',
  '7788-110-5010\t1',
  '7788 111 5011 3',
  '7788-112-5012, 1',
  '7788 200 0001\t2',
  '7788-300-0001, 5',
  '7788-400-0001 1',
  'ZZ-0000-9999 1',
  'ZZ 1234 5678\t2',
  'QQ-555, 1',
];

/** Pastes the estimate and asks for the check: the region of the results. */
async function pasteEstimate(page: Page, lines: string[]) {
  await page.getByRole('heading', { name: '빠른주문' }).waitFor();
  await page.getByRole('textbox', { name: '품번 목록 붙여넣기' }).fill(lines.join('\n'));
  await shot(page, 'quick-order-paste-desktop');
  await page.getByRole('button', { name: '품번 확인' }).click();
  const results = page.getByRole('region', { name: '확인 결과' });
  await results.waitFor();
  return results;
}

/** What the table says of each of the 20 lines, and how many can go to the cart. */
async function expectLineStatuses(page: Page, results: Locator) {
  const rows = results.locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(20);
  // Each line's status badge, in the order pasted.
  expect(await rows.locator('.badge').allTextContents()).toEqual([
    '대체품번',
    '대체품번',
    ...Array<string>(12).fill('일치'),
    '선택 필요',
    '재고 부족',
    '품절',
    '찾지 못함',
    '찾지 못함',
    '찾지 못함',
  ]);
  // The old number says which current number replaced it, through the whole chain.
  await rows
    .nth(0)
    .getByText(/대체품번 \(이전 번호 07 11 9 906 743 → 07119907356 → 현재 42215489599\)/)
    .waitFor();
  // The short line is lowered to the stock and says so; the unknown ones offer a chat inquiry.
  expect(await rows.nth(15).getByLabel('16줄 수량').inputValue()).toBe('2');
  expect(await rows.nth(17).getByRole('button', { name: '채팅으로 문의' }).count()).toBe(1);
  // 2 replaced + 12 exact + short can go; choose waits for a pick; sold out and unknown cannot.
  await results.getByText('20줄 중 15줄을 담을 수 있습니다.').waitFor();
  expect(await rows.nth(14).getByLabel('15줄 담기').isChecked()).toBe(false);
  await shot(page, 'quick-order-results-desktop');
}

/** The buyer picks the Korean warehouse for the line with two, then puts all 16 in the cart. */
async function pickWarehouseAndFillCart(page: Page, results: Locator, korea: Product) {
  const rows = results.locator('tbody tr');
  await rows.nth(14).getByLabel('15줄 상품').selectOption(String(korea.id));
  await results.getByText('20줄 중 16줄을 담을 수 있습니다.').waitFor();
  expect(await rows.nth(14).getByLabel('15줄 담기').isChecked()).toBe(true);
  await page.getByRole('button', { name: '모두 장바구니에 담기 (16)' }).click();
  await page.waitForURL(/\/cart$/);
  await expect.poll(() => page.getByTestId('cart-line').count()).toBe(16);
  await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('16건');
  await shot(page, 'quick-order-cart-desktop');
}

/** What should be ordered: product and quantity per line, at the gold price (B). */
function wantedLines(stock: EstimateStock): Map<number, { qty: number; price: number }> {
  return new Map<number, { qty: number; price: number }>([
    [stock.bmw.id, { qty: 2, price: 31_000 }],
    [stock.jaguar.id, { qty: 1, price: 27_000 }],
    // 11,000 … 22,000 won, quantities as pasted.
    ...stock.exact.map(
      (p, i) => [p.id, { qty: [1, 2, 3, 1, 2, 1, 4, 1, 2, 1, 3, 1][i]!, price: 11_000 + i * 1000 }] as const,
    ),
    [stock.twoKorea.id, { qty: 2, price: 21_000 }],
    [stock.short.id, { qty: 2, price: 15_000 }],
  ]);
}

/** From the cart, the selected lines are ordered and paid with cash: the order's number. */
async function orderAndPayWithCash(page: Page): Promise<number> {
  await page.getByRole('button', { name: '선택 상품 주문하기 (16건)' }).click();
  await page.waitForURL(/\/checkOut$/);
  await expect.poll(() => page.getByTestId('checkout-item').count()).toBe(16);
  await expect.poll(() => page.getByTestId('goods-total').textContent()).toBe('524,000원');
  await page.getByRole('button', { name: '530,000원 결제하기' }).click();
  await page.waitForURL(/\/checkOutFinish\?seq=\d+$/);
  await page.getByRole('heading', { name: '주문이 완료되었습니다' }).waitFor();
  const seq = Number(new URL(page.url()).searchParams.get('seq'));
  await shot(page, 'quick-order-paid-desktop');
  return seq;
}

/** The order holds exactly the wanted lines, and neither the sold-out product nor the Chinese warehouse's one. */
async function expectOrder(seq: number, member: number, want: Map<number, unknown>, stock: EstimateStock) {
  const [order] = await shop.server.db.select().from(orders).where(eq(orders.id, seq));
  expect([order!.memberId, order!.storageId, order!.totalAmount]).toEqual([member, 1, 524_000]);
  const lines = await shop.server.db.select().from(orderLines).where(eq(orderLines.orderId, seq));
  expect(
    new Map(lines.map((l) => [l.productId, { qty: l.qty, price: l.price }])),
    'the order lines: product, quantity, price',
  ).toEqual(want);
  // Neither the sold-out product nor the Chinese warehouse's one went into the order.
  expect(lines.some((l) => l.productId === stock.soldOut.id || l.productId === stock.twoChina.id)).toBe(false);
}

describe('quick order in the browser', () => {
  // One story, each step on what the one before left on the page: the steps are above.
  it('20 pasted lines → replaced, choose, short, sold out, unknown → pick a warehouse → cart → pay with cash → the order', async () => {
    const member = await demoMember();
    const stock = await stockTheEstimate(member);
    expect(ESTIMATE).toHaveLength(20);

    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/quickOrder'), 'demo@partsmall.kr');
    const results = await pasteEstimate(page, ESTIMATE);
    await expectLineStatuses(page, results);
    await pickWarehouseAndFillCart(page, results, stock.twoKorea);
    const want = wantedLines(stock);
    const goods = [...want.values()].reduce((sum, l) => sum + l.qty * l.price, 0);
    expect(goods).toBe(524_000);
    const seq = await orderAndPayWithCash(page);
    await expectOrder(seq, member, want, stock);
    await context.close();
  });

  it("a phone pastes at /mobileQuickOrder and sees one row per line; the paste box's own example is a demo part", async () => {
    const fit = await addProduct(shop.server, {
      name: '휴대폰 견적 부품',
      pid: '7788-500-0001',
      prices: prices(12_000),
      stock: 5,
    });
    const { page, context } = await phonePage(shop.browser);
    await login(page, url('/mobileQuickOrder'), 'demo@partsmall.kr');
    await page.getByRole('heading', { name: '빠른주문' }).waitFor();
    await page
      .getByRole('textbox', { name: '품번 목록 붙여넣기' })
      .fill(`7788 500 0001 2\n07119907356\t1\nZZ-0000-9999 1\n${pasteExample}`);
    await page.getByRole('button', { name: '품번 확인' }).click();
    const rows = page.getByRole('region', { name: '확인 결과' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.locator('.badge').allTextContents()).toEqual(['일치', '대체품번', '찾지 못함', '일치']);
    await rows.nth(0).getByText(fit.name).waitFor();
    // The hint under the box shows a number a newcomer to the demo shop finds.
    await rows.nth(3).getByText('벤츠 E클래스 W213 프론트 브레이크 패드').waitFor();
    // As the accessibility walk's screens (e2e/layout-checks.ts): the cards' fields and 채팅으로 문의
    // are 44 px touch targets, nothing wider than the phone.
    expect(await shopPhoneFindings(page, 'quick order results')).toEqual([]);
    await shot(page, 'quick-order-results-phone');
    await context.close();
  });
});
