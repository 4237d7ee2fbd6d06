import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG_ORDER } from '@partsmall/contract';
import { cartItems, members, orders, products } from '../apps/server/src/db/schema.js';
import { addProduct, cashOf, setCash, type Product } from './fixtures.js';
import { call, desktopPage, loginAs, memberLogin, shot, startShop } from './helpers.js';

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const url = (path: string) => `${shop.server.base}${path}`;

async function memberId(loginId: string): Promise<number> {
  const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, loginId));
  return m!.id;
}
const companyCash = (loginId: string) => cashOf(shop.server, loginId);
async function clearCart(loginId: string) {
  await shop.server.db.delete(cartItems).where(eq(cartItems.memberId, await memberId(loginId)));
}
async function cartOf(loginId: string) {
  return shop.server.db
    .select()
    .from(cartItems)
    .where(eq(cartItems.memberId, await memberId(loginId)));
}

/**
 * The test's own products, with four different tier prices written out (A titanium, B gold,
 * C silver, D bronze): the demo company is gold and pays B, the second company is bronze and pays D.
 */
const PAD = {
  name: '테스트 브레이크 패드',
  prices: [41_000, 32_000, 23_000, 14_000] as [number, number, number, number],
  stock: 40,
};
const DISC = {
  name: '테스트 브레이크 디스크',
  prices: [58_000, 47_500, 36_000, 25_000] as [number, number, number, number],
  stock: 40,
};
const CHINA_FILTER = {
  name: '테스트 중국 필터',
  prices: [24_000, 18_900, 15_000, 12_000] as [number, number, number, number],
  stock: 40,
  warehouse: 'china' as const,
};

async function login(page: Page, to: string, id: string) {
  await memberLogin(page, to, id);
}

const topCash = (page: Page) => page.locator('.topbar [data-testid="cash"] b');
const cartBadge = (page: Page) => page.locator('.topbar [data-testid="cart-count"]');

async function closeNoticePopup(page: Page) {
  const notice = page.getByRole('dialog', { name: '연말 배송 일정 안내' });
  await notice.waitFor();
  await notice.getByRole('button', { name: '닫기' }).click();
}

/** Adds a product from the home popup (trade socket), as a member does on the home grid. */
async function addFromHomePopup(page: Page, product: Product, qty = 1) {
  await page.goto(url(`/home?searchType=pid&keyword=${encodeURIComponent(product.pid)}`));
  await closeNoticePopup(page);
  await page.getByRole('button', { name: product.name }).first().click();
  const popup = page.getByRole('dialog', { name: product.name });
  await popup.getByTestId('price').waitFor();
  if (qty !== 1) await popup.getByLabel('수량', { exact: true }).fill(String(qty));
  await popup.getByRole('button', { name: '장바구니' }).click();
  await page.locator('.toast', { hasText: MSG_ORDER.addedToCart }).waitFor();
  await popup.getByRole('button', { name: '닫기' }).click();
}

beforeEach(async () => {
  await clearCart('demo@partsmall.kr');
  await clearCart('other@partsmall.kr');
  await setCash(shop.server, 'demo@partsmall.kr', 5_000_000);
  await setCash(shop.server, 'other@partsmall.kr', 100_000);
});

describe('an order from the cart to its cancellation', () => {
  it('the demo member fills the cart, pays with a saved address, sees the order in its popup, cancels it and gets the cash back', async () => {
    const a = await addProduct(shop.server, PAD);
    const b = await addProduct(shop.server, DISC);
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/home'), 'demo@partsmall.kr');
    await expect.poll(() => cartBadge(page).textContent()).toBe('0');
    await expect.poll(() => topCash(page).textContent()).toBe('5,000,000원');

    // A from the home popup over the trade socket, B from the product page with a plain call.
    await addFromHomePopup(page, a);
    await expect.poll(() => cartBadge(page).textContent()).toBe('1');
    await page.goto(url(`/productDetail/${b.id}`));
    await page.getByRole('heading', { name: b.name }).waitFor();
    await page.getByRole('button', { name: '장바구니', exact: true }).click();
    await page.locator('.toast', { hasText: MSG_ORDER.addedToCart }).waitFor();
    await expect.poll(() => cartBadge(page).textContent()).toBe('2');

    await page.locator('.topbar .cart-link').click();
    await page.waitForURL(/\/cart$/);
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(2);
    // Both lines come from one warehouse and are selected on arrival: 32,000 + 47,500 (gold).
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('79,500원');
    // Two of A: the + button, saved on the server.
    await lines.filter({ hasText: a.name }).getByRole('button', { name: '수량 늘리기' }).click();
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('111,500원');
    await expect.poll(async () => (await cartOf('demo@partsmall.kr')).find((l) => l.productId === a.id)?.qty).toBe(2);
    await shot(page, 'cart-desktop');

    await page.getByRole('button', { name: '선택 상품 주문하기 (2건)' }).click();
    await page.waitForURL(/\/checkOut$/);
    await page.getByRole('heading', { name: '주문/결제' }).waitFor();
    await expect.poll(() => page.getByTestId('checkout-item').count()).toBe(2);
    await expect.poll(() => page.getByTestId('goods-total').textContent()).toBe('111,500원');
    // Cash is the choice on arrival, and the line under the title says so (외상 has its own line).
    expect(await page.locator('.page-intro').textContent()).toBe('받는 분과 배송 방법을 확인한 뒤 캐시로 결제합니다.');
    // Courier, prepaid by default: 6,000 won.
    await expect.poll(() => page.getByLabel('배송비 결제').inputValue()).toBe('0');
    expect(await page.getByTestId('shipping-fee').textContent()).toBe('6,000원');
    expect(await page.getByTestId('pay-total').textContent()).toBe('117,500원');
    expect(await page.getByLabel('배송 메모').inputValue()).toBe(MSG_ORDER.defaultMemo);
    // The company's default delivery address fills the recipient.
    const recipient = async () =>
      Promise.all(
        ['받는 분 이름', '받는 분 연락처', '우편번호', '주소', '상세주소'].map((label) =>
          page.getByLabel(label, { exact: true }).inputValue(),
        ),
      );
    expect(await recipient()).toEqual(['박준호', '01012345601', '04790', '서울특별시 성동구 성수이로 77', '3층 301호']);
    // The sender is the buyer's company while direct delivery is off.
    expect(await page.getByTestId('company-sender').textContent()).toContain('한빛수입차부품');

    await page.getByRole('button', { name: '배송지 목록' }).click();
    const book = page.getByRole('dialog', { name: '배송지 목록' });
    await book.getByText('서울특별시 성동구 성수이로 77').waitFor();
    await shot(page, 'checkout-address-book-desktop');
    await book.getByRole('button', { name: '박준호 선택' }).click();
    expect(await book.count()).toBe(0);
    expect(await page.getByLabel('받는 분 이름').inputValue()).toBe('박준호');
    expect(await page.getByLabel('받는 분 연락처').inputValue()).toBe('01012345601');
    expect(await page.getByLabel('우편번호').inputValue()).toBe('04790');
    expect(await page.getByLabel('상세주소').inputValue()).toBe('3층 301호');
    await shot(page, 'checkout-desktop');

    await page.getByRole('button', { name: '117,500원 결제하기' }).click();
    await page.waitForURL(/\/checkOutFinish\?seq=\d+$/);
    const seq = Number(new URL(page.url()).searchParams.get('seq'));
    await page.getByRole('heading', { name: '주문이 완료되었습니다' }).waitFor();
    await expect.poll(() => page.getByTestId('used-cash').textContent()).toBe('117,500원');
    expect(await page.getByTestId('remaining-cash').textContent()).toBe('4,882,500원');
    await page.getByText(a.name).waitFor();
    // The top bar falls by exactly goods + 6,000 (pushed base info), and the cart is empty.
    await expect.poll(() => topCash(page).textContent()).toBe('4,882,500원');
    await expect.poll(() => cartBadge(page).textContent()).toBe('0');
    expect(await companyCash('demo@partsmall.kr')).toBe(4_882_500);
    const [order] = await shop.server.db.select().from(orders).where(eq(orders.id, seq));
    expect([
      order!.status,
      order!.totalAmount,
      order!.shipping,
      order!.name,
      order!.shippingValue,
      order!.shippingPayType,
    ]).toEqual([0, 111_500, 6000, '박준호', 1, 0]);
    await shot(page, 'checkout-finish-desktop');

    // The order detail popup from the finished page: window.open('/orderDetail?seq=…').
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: '주문 상세' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe(`/orderDetail?seq=${seq}`);
    await popup.getByRole('heading', { name: '주문 상세' }).waitFor();
    await expect.poll(() => popup.getByTestId('order-status').textContent()).toBe('구매요청');
    expect(await popup.getByTestId('order-used').textContent()).toBe('117,500원');
    await popup.getByRole('cell', { name: a.name }).waitFor();
    await popup.getByRole('cell', { name: b.name }).waitFor();
    await popup.getByText('010-1234-5601').first().waitFor();
    await popup.getByText('(04790) 서울특별시 성동구 성수이로 77 3층 301호').waitFor();
    await popup.setViewportSize({ width: 800, height: 600 });
    await shot(popup, 'order-detail-popup');

    // Cancel on the order's day: the status turns to 출고취소 and the cash comes back.
    await popup.getByRole('button', { name: '주문 취소' }).click();
    const confirm = popup.getByRole('alertdialog', { name: '주문 취소' });
    await confirm.getByRole('button', { name: '주문 취소' }).click();
    await popup.locator('.toast', { hasText: MSG_ORDER.cancelled }).waitFor();
    await expect.poll(() => popup.getByTestId('order-status').textContent()).toBe('출고취소');
    expect(await popup.getByRole('button', { name: '주문 취소' }).count()).toBe(0);
    await shot(popup, 'order-detail-popup-cancelled');
    await expect.poll(() => topCash(page).textContent()).toBe('5,000,000원');
    expect(await companyCash('demo@partsmall.kr')).toBe(5_000_000);

    // Developer shortcuts close the popup.
    // The window closes while the key press is still being delivered, so the press itself may fail.
    await Promise.all([
      popup.waitForEvent('close', { timeout: 5000 }),
      popup.keyboard.press('F12').catch(() => undefined),
    ]);
    await context.close();
  });
});

describe('checkout: a pickup, and the order detail popup', () => {
  it('a pickup drops the courier memo and names 방문수령 once on the finished page', async () => {
    const a = await addProduct(shop.server, PAD);
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/home'), 'demo@partsmall.kr');
    await addFromHomePopup(page, a);
    await page.goto(url('/cart'));
    await page.getByRole('button', { name: '선택 상품 주문하기 (1건)' }).click();
    await page.waitForURL(/\/checkOut$/);
    const memo = page.getByLabel('배송 메모');
    expect(await memo.inputValue()).toBe(MSG_ORDER.defaultMemo);
    // The standard memo is for the courier: gone for a pickup, back for a delivery, kept when written by the buyer.
    await page.getByRole('radio', { name: '방문수령' }).check();
    await expect.poll(() => memo.inputValue()).toBe('');
    await page.getByRole('radio', { name: '택배' }).check();
    await expect.poll(() => memo.inputValue()).toBe(MSG_ORDER.defaultMemo);
    await memo.fill('오후 3시에 방문합니다.');
    await page.getByRole('radio', { name: '방문수령' }).check();
    await expect.poll(() => page.getByTestId('shipping-fee').textContent()).toBe('0원');
    expect(await memo.inputValue()).toBe('오후 3시에 방문합니다.');
    await memo.fill('');
    await shot(page, 'checkout-pickup-desktop');
    await page.getByRole('button', { name: '32,000원 결제하기' }).click();
    await page.waitForURL(/\/checkOutFinish\?seq=\d+$/);
    await page.getByRole('heading', { name: '주문이 완료되었습니다' }).waitFor();
    const facts = await page
      .locator('.finish-facts')
      .last()
      .evaluate((dl) =>
        Array.from(dl.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
      );
    expect(facts.find(([dt]) => dt === '배송 방법')?.[1]).toBe('방문수령');
    expect(facts.some(([dt]) => dt === '배송 메모')).toBe(false);
    const [order] = await shop.server.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(new URL(page.url()).searchParams.get('seq'))));
    expect([order!.shippingValue, order!.shippingPayType, order!.memo]).toEqual([4, 2, '']);
    await shot(page, 'checkout-finish-pickup-desktop');
    await context.close();
  });

  it('the order detail popup closes on the context menu and goes home without a stored order', async () => {
    const a = await addProduct(shop.server, PAD);
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const paid = await call<{ orderSeq: number }>(
      shop.server,
      'POST',
      'api/requestPaymentProduct',
      {
        clientRequestId: `e2e-popup-${Date.now()}`,
        shippingInfo: {
          name: '박준호',
          phone: '01012345601',
          postNum: '04790',
          address: '서울 성동구',
          addrSub: '3층',
          shippingValue: 4,
          shippingPayType: 2,
        },
        carts: [{ productId: a.id, qty: 1 }],
      },
      token,
    );
    expect(paid.body.code).toBe(201);
    const seq = paid.body.results!.orderSeq;
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/home'), 'demo@partsmall.kr');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate((s) => {
        sessionStorage.setItem('orderDetailSeq', String(s));
        window.open('/orderDetail', 'orderDetail', 'width=800,height=600');
      }, seq),
    ]);
    // No query: the popup reads the seq its opener stored.
    await popup.getByRole('heading', { name: '주문 상세' }).waitFor();
    await popup.getByRole('cell', { name: a.name }).waitFor();
    // Pickup, no fee: the gold price alone.
    expect(await popup.getByTestId('order-used').textContent()).toBe('32,000원');
    await Promise.all([
      popup.waitForEvent('close', { timeout: 5000 }),
      popup
        .locator('.od-popup')
        .click({ button: 'right' })
        .catch(() => undefined),
    ]);

    // A fresh tab with nothing stored goes home.
    const other = await context.newPage();
    await other.goto(url('/orderDetail'));
    await other.waitForURL(/\/home$/);
    await context.close();
  });
});

describe('the cart: its live badge, quantities, warehouses and removal', () => {
  it('a second tab of the same member sees the cart badge change live', async () => {
    const a = await addProduct(shop.server, PAD);
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/home'), 'demo@partsmall.kr');
    const second = await context.newPage();
    await login(second, url('/notice'), 'demo@partsmall.kr');
    await expect.poll(() => cartBadge(second).textContent()).toBe('0');
    await addFromHomePopup(page, a, 3);
    await expect.poll(() => cartBadge(page).textContent()).toBe('1');
    // No reload in the second tab: the server pushed the new base info.
    await expect.poll(() => cartBadge(second).textContent()).toBe('1');
    expect((await cartOf('demo@partsmall.kr'))[0]!.qty).toBe(3);
    await context.close();
  });

  it('the cart clamps a typed quantity to the stock, keeps one warehouse selected, and removes a line after confirming', async () => {
    const k1 = await addProduct(shop.server, { ...PAD, stock: 6 });
    const k2 = await addProduct(shop.server, DISC);
    const china = await addProduct(shop.server, CHINA_FILTER);
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    for (const p of [k1, k2, china]) {
      const res = await call(shop.server, 'POST', 'api/addToCart', { productId: p.id, hasAmount: 1 }, token);
      expect(res.body.code).toBe(201);
    }
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/cart'), 'demo@partsmall.kr');
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(3);
    await page.getByRole('region', { name: china.stockName }).waitFor();
    // The first warehouse (Korea) is selected; the China line cannot join it.
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('2건');
    await page.getByLabel(`${china.name} 선택`).click();
    await page.getByRole('alertdialog').getByText(MSG_ORDER.oneWarehouse).waitFor();
    await shot(page, 'cart-one-warehouse-desktop');
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    expect(await page.getByLabel(`${china.name} 선택`).isChecked()).toBe(false);

    // A typed quantity above the stock is clamped and stored.
    const qty = lines.filter({ hasText: k1.name }).getByLabel('수량', { exact: true });
    await qty.fill(String(k1.hasAmount + 50));
    expect(await qty.inputValue()).toBe(String(k1.hasAmount));
    await page.locator('.toast', { hasText: '재고가 6개라 수량을 맞췄습니다.' }).waitFor();
    await expect.poll(async () => (await cartOf('demo@partsmall.kr')).find((l) => l.productId === k1.id)?.qty).toBe(6);
    // 6 × 32,000 + 47,500 (gold).
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('239,500원');

    // Removal asks first, then goes over the trade socket and the list reloads.
    await page.getByRole('button', { name: `${k2.name} 삭제` }).click();
    const confirm = page.getByRole('alertdialog', { name: '장바구니 삭제' });
    await confirm.getByText(`'${k2.name}' 상품을 장바구니에서 삭제할까요?`).waitFor();
    await shot(page, 'cart-remove-confirm-desktop');
    await confirm.getByRole('button', { name: '삭제' }).click();
    await page.locator('.toast', { hasText: MSG_ORDER.removedFromCart }).waitFor();
    await expect.poll(() => lines.count()).toBe(2);
    await expect.poll(() => cartBadge(page).textContent()).toBe('2');
    expect((await cartOf('demo@partsmall.kr')).map((l) => l.productId).sort()).toEqual([k1.id, china.id].sort());

    // Switching warehouse: unselect Korea, then the China line can be chosen.
    await page.getByLabel(`${k1.name} 선택`).click();
    await page.getByLabel(`${china.name} 선택`).click();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('1건');
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('18,900원');
    await context.close();
  });
});

describe("checkout's refusals and what it says with nothing to pay", () => {
  it('checkout refuses a freight order without branch, a direct delivery without sender, and an empty selection', async () => {
    const a = await addProduct(shop.server, PAD);
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url(`/productDetail/${a.id}`), 'demo@partsmall.kr');
    await page.getByRole('button', { name: '바로구매' }).click();
    await page.waitForURL(/\/checkOut$/);
    await expect.poll(() => page.getByTestId('checkout-item').count()).toBe(1);
    await page.getByLabel('받는 분 이름').fill('김철수');
    await page.getByLabel('받는 분 연락처').fill('010-9876-5432');
    expect(await page.getByLabel('받는 분 연락처').inputValue()).toBe('01098765432');
    await page.getByLabel('우편번호').fill('06236');
    await page.getByLabel('주소', { exact: true }).fill('서울특별시 강남구 테헤란로 1');
    await page.getByLabel('상세주소').fill('2층');
    const alertBox = page.getByRole('alertdialog');
    const pay = page.getByRole('button', { name: /결제하기$/ });

    await page.getByRole('radio', { name: '화물' }).check();
    // Freight is paid on arrival by default: no fee.
    await expect.poll(() => page.getByTestId('shipping-fee').textContent()).toBe('0원');
    await pay.click();
    await alertBox.getByText(MSG_ORDER.freightBranchRequired).waitFor();
    await alertBox.getByRole('button', { name: '확인' }).click();
    await page.getByText(MSG_ORDER.freightBranchRequired).waitFor();
    await shot(page, 'checkout-freight-error-desktop');
    await page.getByRole('radio', { name: '택배' }).check();

    await page.getByLabel('직배송 (보내는 분을 직접 입력)').check();
    expect(await page.getByLabel('보내는 분 이름').inputValue()).toBe('');
    await pay.click();
    await alertBox.getByText(MSG_ORDER.senderRequired).waitFor();
    await alertBox.getByRole('button', { name: '확인' }).click();
    await page.getByLabel('보내는 분 이름').fill('우리정비');
    await pay.click();
    await alertBox.getByText(MSG_ORDER.senderPhoneRequired).waitFor();
    await alertBox.getByRole('button', { name: '확인' }).click();

    await page.getByLabel(`${a.name} 주문에 포함`).uncheck();
    await pay.click();
    await alertBox.getByText(MSG_ORDER.selectProduct).waitFor();
    await alertBox.getByRole('button', { name: '확인' }).click();
    const [count] = await shop.server.db
      .select()
      .from(orders)
      .where(and(eq(orders.memberId, await memberId('demo@partsmall.kr')), eq(orders.name, '김철수')));
    expect(count).toBeUndefined();

    // Saving the typed address needs a postcode; with it, the address book has it.
    await page.getByLabel('우편번호').fill('');
    await page.getByRole('button', { name: '배송지 저장' }).click();
    await alertBox.getByText(MSG_ORDER.addressNeeds).waitFor();
    await alertBox.getByRole('button', { name: '확인' }).click();
    await page.getByLabel('우편번호').fill('06236');
    await page.getByRole('button', { name: '배송지 저장' }).click();
    await page.locator('.toast', { hasText: MSG_ORDER.addressSaved }).waitFor();
    await page.getByRole('button', { name: '배송지 목록' }).click();
    await page.getByRole('dialog', { name: '배송지 목록' }).getByText('서울특별시 강남구 테헤란로 1').waitFor();
    await context.close();
  });

  it('paying more than the cash shows the insufficient balance message and charges nothing', async () => {
    // other@ is bronze with 100,000 won: nine pads at 14,000 plus 6,000 shipping are 132,000.
    const costly = await addProduct(shop.server, PAD);
    const qty = 9;
    expect(await companyCash('other@partsmall.kr')).toBe(100_000);
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url(`/productDetail/${costly.id}`), 'other@partsmall.kr');
    await page.getByRole('heading', { name: costly.name }).waitFor();
    await page.getByLabel('수량', { exact: true }).fill(String(qty));
    await page.getByRole('button', { name: '바로구매' }).click();
    await page.waitForURL(/\/checkOut$/);
    await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('132,000원');
    await page.getByText('캐시 잔액이 32,000원 부족합니다.').waitFor();
    await page.getByLabel('받는 분 이름').fill('정우성');
    await page.getByLabel('받는 분 연락처').fill('01012345603');
    await page.getByLabel('우편번호').fill('46900');
    await page.getByLabel('주소', { exact: true }).fill('부산광역시 사상구 새벽로 1');
    await page.getByLabel('상세주소').fill('1층');
    await page.getByRole('button', { name: /결제하기$/ }).click();
    await page.getByRole('alertdialog').getByText(MSG_ORDER.insufficientBalance).waitFor();
    await shot(page, 'checkout-insufficient-desktop');
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    // The form stays as it was, and nothing was charged.
    expect(await page.getByLabel('받는 분 이름').inputValue()).toBe('정우성');
    expect(page.url()).toMatch(/\/checkOut$/);
    expect(await companyCash('other@partsmall.kr')).toBe(100_000);
    await context.close();
  });

  it('a checkout with nothing to pay (a bookmark, a reload after paying) says so once and goes home', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/checkOut'), 'demo@partsmall.kr');
    await page.waitForURL(/\/home$/);
    const told = page.locator('.toast', { hasText: '결제할 상품이 없습니다.' });
    await told.waitFor();
    // Long enough for a toast loop to show itself (it made more than 1,400 in 30 s).
    await page.waitForTimeout(1500);
    expect(await told.count()).toBe(1);
    expect(await page.locator('.toast').count()).toBe(1);
    await page.getByRole('button', { name: '더보기' }).waitFor();
    await shot(page, 'checkout-nothing-to-pay-desktop');
    await context.close();
  });

  it('an empty cart says so and links home', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url('/cart'), 'demo@partsmall.kr');
    await page.getByText('장바구니가 비어 있습니다.').waitFor();
    await shot(page, 'cart-empty-desktop');
    await page.getByRole('link', { name: '상품 보러 가기' }).click();
    await page.waitForURL(/\/home$/);
    await context.close();
  });
});

describe('checkout: a price changed since it opened', () => {
  it('a price raised after checkout opened is refused and shown; the buyer pays the new price on the second press', async () => {
    // demo@ is gold (tier B): one pad at 32,000 plus 6,000 shipping, then the shop raises tier B to 35,000.
    const pad = await addProduct(shop.server, PAD);
    await setCash(shop.server, 'demo@partsmall.kr', 300_000);
    const { page, context } = await desktopPage(shop.browser);
    await login(page, url(`/productDetail/${pad.id}`), 'demo@partsmall.kr');
    await page.getByRole('heading', { name: pad.name }).waitFor();
    await page.getByRole('button', { name: '바로구매' }).click();
    await page.waitForURL(/\/checkOut$/);
    await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('38,000원');
    await shop.server.db.update(products).set({ priceB: 35_000 }).where(eq(products.id, pad.id));
    await page.getByLabel('받는 분 이름').fill('한가격');
    await page.getByLabel('받는 분 연락처').fill('01012345604');
    await page.getByLabel('우편번호').fill('04524');
    await page.getByLabel('주소', { exact: true }).fill('서울특별시 중구 세종대로 110');
    await page.getByLabel('상세주소').fill('2층');
    await page.getByRole('button', { name: /결제하기$/ }).click();
    const told = `'${pad.name}' 상품의 가격이 32,000원에서 35,000원으로 바뀌었습니다. 바뀐 가격을 확인하고 다시 결제해 주세요.`;
    await page.getByRole('alertdialog').getByText(told).waitFor();
    await shot(page, 'checkout-price-changed-desktop');
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    // Nothing was charged; the checkout now shows the price the shop charges.
    expect(await companyCash('demo@partsmall.kr')).toBe(300_000);
    await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('41,000원');
    await page.getByRole('button', { name: /결제하기$/ }).click();
    await page.waitForURL(/\/checkOutFinish/);
    expect(await companyCash('demo@partsmall.kr')).toBe(259_000);
    await context.close();
  });
});
