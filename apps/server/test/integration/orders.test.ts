import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ORDER } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import {
  cartItems,
  cashLedger,
  companies,
  members,
  orderEvents,
  orderLines,
  orders,
  products,
  shippingAddresses,
} from '../../src/db/schema.js';
import { call, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { COURIER, insertOrder, makeProduct } from '../order-helpers.js';

let server: TestServer;
let demo: string;
let sub: string;
let other: string;
let staff: string;
let demoCompanyId: number;

async function product(stock: number, price: number, storageId = 1) {
  const [row] = await server.db
    .insert(products)
    .values({
      name: `주문 테스트 부품 ${randomUUID().slice(0, 6)}`,
      pid: `ORD-${randomUUID().slice(0, 8)}`,
      pidKey: `ORD${randomUUID().slice(0, 8).toUpperCase()}`,
      priceA: price,
      priceB: price,
      priceC: price,
      priceD: price,
      salePrice: price,
      hasAmount: stock,
      stockName: storageId === 1 ? '한국 김포물류센터' : '중국 위해직수입창고',
      storageId,
    })
    .returning();
  return row!;
}

const point = async (companyId: number) =>
  (await server.db.select().from(companies).where(eq(companies.id, companyId)))[0]!.point;
const stock = async (id: number) => (await server.db.select().from(products).where(eq(products.id, id)))[0]!.hasAmount;
const orderCount = async () =>
  (await queryRows<{ n: number }>(server.db, sql`select count(*)::int as n from orders`))[0]!.n;

function pay(
  token: string,
  carts: { seq?: number; productId?: number; qty: number }[],
  shippingInfo: Record<string, unknown> = COURIER,
) {
  return call<{ orderSeq: number; totalAmount: number; shipping: number; point: number }>(
    server,
    'POST',
    'api/requestPaymentProduct',
    { clientRequestId: randomUUID(), shippingInfo, carts },
    token,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  [demo, sub, other, staff] = await Promise.all([
    loginAs(server, 'demo@partsmall.kr', 'demo1234'),
    loginAs(server, 'sub@partsmall.kr', 'demo1234'),
    loginAs(server, 'other@partsmall.kr', 'demo1234'),
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
  ]);
  const [m] = await server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  demoCompanyId = m!.companyId!;
});
afterAll(async () => {
  await server?.close();
});

describe('cart', () => {
  it('refuses an add past the stock with what the cart already holds, and the original text when it holds none', async () => {
    const p = await product(23, 5000);
    const add = (qty: number) => call(server, 'addToCart', { productId: p.id, hasAmount: qty }, { token: sub });
    // An empty cart: more than the stock is the original text, all of it goes in.
    const tooMany = await add(24);
    expect([tooMany.status, tooMany.body.message]).toEqual([400, '재고가 부족합니다. 주문 가능 수량은 23개입니다.']);
    expect((await add(22)).body.code).toBe(201);
    // 22 in the cart: 5 more are refused, saying so; the line keeps its 22.
    const five = await add(5);
    expect([five.status, five.body.message]).toEqual([
      400,
      '재고가 부족합니다. 주문 가능 수량은 23개입니다. (재고 23개, 장바구니 22개)',
    ]);
    const line = async () => (await server.db.select().from(cartItems).where(eq(cartItems.productId, p.id)))[0]!.qty;
    expect(await line()).toBe(22);
    // The same over the trade channel.
    const socket = tradeSocket(server, sub);
    try {
      const answer = nextEvent(socket, 'addToCartCallBack');
      socket.emit('addToCart', { productId: p.id, hasAmount: 2 });
      expect(await answer).toMatchObject({
        code: 400,
        message: '재고가 부족합니다. 주문 가능 수량은 23개입니다. (재고 23개, 장바구니 22개)',
      });
    } finally {
      socket.close();
    }
    // The last unit fits: 23 of 23.
    expect((await add(1)).body.code).toBe(201);
    expect(await line()).toBe(23);
    expect((await add(1)).body.message).toBe(
      '재고가 부족합니다. 주문 가능 수량은 23개입니다. (재고 23개, 장바구니 23개)',
    );
  });

  it('adds, lists with the tier price, updates and refuses bad quantities', async () => {
    const p = await product(10, 5000);
    expect((await call(server, 'addToCart', { productId: p.id, hasAmount: 2 })).status).toBe(401);
    expect((await call(server, 'addToCart', { productId: p.id, hasAmount: 2 }, { token: staff })).status).toBe(403);
    const added = await call(server, 'addToCart', { productId: p.id, hasAmount: 2 }, { token: demo });
    expect([added.body.code, added.body.message]).toEqual([201, '장바구니에 담았습니다.']);
    for (const qty of [0, -1, 1.5, 1e9, '1.5', ' 3']) {
      const bad = await call(server, 'POST', 'api/addToCart', { productId: p.id, hasAmount: qty }, demo);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/[가-힣]/);
    }
    // 2 in the cart and 9 more pass the stock of 10: the answer says what the cart holds.
    const over = await call(server, 'addToCart', { productId: p.id, hasAmount: 9 }, { token: demo });
    expect(over.body.message).toBe('재고가 부족합니다. 주문 가능 수량은 10개입니다. (재고 10개, 장바구니 2개)');
    expect((await call(server, 'addToCart', { productId: 2_000_000_000, hasAmount: 1 }, { token: demo })).status).toBe(
      404,
    );
    const list = await call(server, 'getMallCartInfo', { page: 1, size: 64 }, { token: demo });
    const line = list.body.results!.find((l) => l.productInfo.seq === p.id)!;
    expect([line.qty, line.productInfo.price]).toEqual([2, 5000]);
    const upd = await call(server, 'updateCartQuantity', { seq: line.seq, qty: 4 }, { token: demo });
    expect(upd.body.code).toBe(201);
    expect((await call(server, 'updateCartQuantity', { seq: line.seq, qty: 11 }, { token: demo })).status).toBe(400);
    expect((await call(server, 'updateCartQuantity', { seq: line.seq, qty: 0 }, { token: demo })).status).toBe(400);
    // Another company's member cannot touch the line, and it stays as it was.
    expect((await call(server, 'updateCartQuantity', { seq: line.seq, qty: 1 }, { token: other })).status).toBe(404);
    const [row] = await server.db.select().from(cartItems).where(eq(cartItems.id, line.seq));
    expect(row!.qty).toBe(4);
  });

  it('deletes over the trade channel and pushes the new cart count', async () => {
    const p = await product(5, 1000);
    await call(server, 'addToCart', { productId: p.id, hasAmount: 1 }, { token: demo });
    const [line] = await server.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.productId, p.id)));
    const socket = tradeSocket(server, other);
    const refused = nextEvent<{ code: number; message: string }>(socket, 'stateToCartCallBack');
    socket.emit('stateCartItem', { seq: line!.id });
    expect((await refused).code).toBe(404);
    socket.close();
    const mine = tradeSocket(server, demo);
    const done = nextEvent<{ code: number; message: string }>(mine, 'stateToCartCallBack');
    const pushed = nextEvent<{ result: { carts: number } }>(mine, 'toClientBaseInfo');
    mine.emit('stateCartItem', { seq: line!.id });
    expect(await done).toEqual({ code: 201, message: '장바구니에서 삭제했습니다.' });
    const count = (
      await queryRows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from cart_items c join members m on m.id = c.member_id where m.login_id = 'demo@partsmall.kr'`,
      )
    )[0]!.n;
    expect((await pushed).result.carts).toBe(count);
    mine.close();
  });

  it("pages a member's own cart with its total, sums a part added again and keeps its vehicle, and pushes the count", async () => {
    const VIN = 'WBA8E9C50GK123456';
    const co = await makeCompany(server, '장바구니', 1);
    const [main, second] = await Promise.all([
      loginAs(server, co.main.id, co.main.pw),
      loginAs(server, co.subs[0]!.id, co.subs[0]!.pw),
    ]);
    const parts = [await product(10, 1100), await product(10, 1200), await product(10, 1300)];
    const soldOut = await product(0, 1400);
    const refused = await call(server, 'addToCart', { productId: soldOut.id, hasAmount: 1 }, { token: main });
    expect([refused.status, refused.body.message]).toEqual([400, MSG_ORDER.soldOut(soldOut.name)]);
    const socket = tradeSocket(server, main);
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      for (const [i, p] of parts.entries()) {
        const pushed = nextEvent<{ result: { carts: number } }>(socket, 'toClientBaseInfo');
        const body = { productId: p.id, hasAmount: 1, ...(i === 0 ? { vin: VIN } : {}) };
        expect((await call(server, 'addToCart', body, { token: main })).body.code).toBe(201);
        // The member's own count: the demo company's carts and the sub-account's are not in it.
        expect((await pushed).result.carts).toBe(i + 1);
      }
    } finally {
      socket.close();
    }
    // The first part again, without a vehicle: the quantity sums and the vehicle stays.
    await call(server, 'addToCart', { productId: parts[0]!.id, hasAmount: 2 }, { token: main });
    const page = async (n: number) => {
      const res = await call(server, 'getMallCartInfo', { page: n, size: 2 }, { token: main });
      return [res.body.total, res.body.results!.map((l) => [l.productInfo.seq, l.qty, l.vin])];
    };
    expect(await page(1)).toEqual([
      3,
      [
        [parts[0]!.id, 3, VIN],
        [parts[1]!.id, 1, null],
      ],
    ]);
    expect(await page(2)).toEqual([3, [[parts[2]!.id, 1, null]]]);
    const subCart = await call(server, 'getMallCartInfo', { page: 1, size: 64 }, { token: second });
    expect([subCart.body.total, subCart.body.results]).toEqual([0, []]);
  });

  it('buy now answers the payment items without storing anything', async () => {
    const p = await product(3, 2500);
    const res = await call(server, 'addToBuy', { productId: p.id, hasAmount: 2 }, { token: demo });
    expect(res.body.code).toBe(201);
    expect(res.body.results![0]).toMatchObject({ productId: p.id, qty: 2, productInfo: { price: 2500 }, vin: null });
    const picked = await call(
      server,
      'addToBuy',
      { productId: p.id, hasAmount: 1, vin: 'wba8e9c50gk123456' },
      { token: demo },
    );
    expect(picked.body.results![0]).toMatchObject({ productId: p.id, qty: 1, vin: 'WBA8E9C50GK123456' });
    expect((await call(server, 'addToBuy', { productId: p.id, hasAmount: 4 }, { token: demo })).status).toBe(400);
  });
});

describe('addresses and delivery options', () => {
  it('saves and lists addresses per company; another company cannot edit them', async () => {
    const saved = await call(
      server,
      'setMallShppingInfo',
      {
        name: '이창고',
        phone: '0212345678',
        postNum: '12345',
        address: '경기 김포시 고촌읍 1',
        addrSub: '2동',
        basic: false,
      },
      { token: demo },
    );
    expect(saved.body.code).toBe(201);
    const list = await call(
      server,
      'getMyShippingInfo',
      { searchType: 'name', searchKeyword: '이창고', page: 1, size: 10 },
      { token: sub },
    );
    expect(list.body.results!.map((a) => a.name)).toEqual(['이창고']);
    const hijack = await call(
      server,
      'setMallShppingInfo',
      {
        seq: saved.body.results!.seq,
        name: '남의회사',
        phone: '0212345678',
        postNum: '12345',
        address: '어딘가 1',
        addrSub: '2층',
      },
      { token: other },
    );
    expect(hijack.status).toBe(404);
    const [row] = await server.db
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.id, saved.body.results!.seq));
    expect(row!.name).toBe('이창고');
    const none = await call(server, 'getMyShippingInfo', { searchKeyword: '이창고' }, { token: other });
    expect(none.body.results).toEqual([]);
    expect(
      (
        await call(
          server,
          'POST',
          'api/setMallShppingInfo',
          { phone: '0212345678', postNum: '12345', address: '주소 1' },
          demo,
        )
      ).status,
    ).toBe(400);
  });

  it('lists delivery methods per warehouse', async () => {
    const res = await call(server, 'getDeliInfo', {}, { token: demo });
    expect(res.body.results!.map((w) => w.warehouse_name.slice(0, 2))).toEqual(['한국', '중국']);
    expect(Object.keys(res.body.results![0]!.delivery_methods)).toEqual(['gdFreight', 'gdDelivery', 'quick', 'pickUp']);
  });
});

describe('paying', () => {
  it('pays cart lines: goods plus 6,000 prepaid, ledger row, stock down, lines gone', async () => {
    const a = await product(10, 11_000);
    const b = await product(10, 4_500);
    await call(server, 'addToCart', { productId: a.id, hasAmount: 2 }, { token: demo });
    await call(server, 'addToCart', { productId: b.id, hasAmount: 3 }, { token: demo });
    const lines = await server.db
      .select()
      .from(cartItems)
      .where(sql`${cartItems.productId} in (${a.id}, ${b.id})`);
    const before = await point(demoCompanyId);
    const res = await pay(
      demo,
      lines.map((l) => ({ seq: l.id, qty: l.qty })),
    );
    expect(res.body.code).toBe(201);
    const goods = 2 * 11_000 + 3 * 4_500;
    expect(res.body.results).toMatchObject({ totalAmount: goods, shipping: 6000, point: before - goods - 6000 });
    expect(await point(demoCompanyId)).toBe(before - goods - 6000);
    expect([await stock(a.id), await stock(b.id)]).toEqual([8, 7]);
    expect(
      await server.db
        .select()
        .from(cartItems)
        .where(sql`${cartItems.productId} in (${a.id}, ${b.id})`),
    ).toEqual([]);
    const [ledger] = await server.db
      .select()
      .from(cashLedger)
      .where(eq(cashLedger.note, `주문 #${res.body.results!.orderSeq}`));
    expect([ledger!.type, ledger!.amount]).toEqual(['order', -(goods + 6000)]);
    const detail = await call(server, 'getMallOrderDetail', { seq: res.body.results!.orderSeq }, { token: sub });
    expect([detail.body.results!.orderProductInfo.length, detail.body.results!.status]).toEqual([2, 0]);
    expect(
      (await call(server, 'getMallOrderDetail', { seq: res.body.results!.orderSeq }, { token: other })).status,
    ).toBe(404);
    const list = await call(server, 'getMallOrderInfo', { page: 1, size: 15 }, { token: other });
    expect(list.body.results!.some((o) => o.seq === res.body.results!.orderSeq)).toBe(false);
  });

  it('refuses and changes nothing: two warehouses, missing freight branch or sender, another company cart line, sold out, short balance', async () => {
    const korea = await product(5, 1000, 1);
    const china = await product(5, 1000, 2);
    const before = [await point(demoCompanyId), await orderCount(), await stock(korea.id), await stock(china.id)];
    const twoWarehouses = await pay(demo, [
      { productId: korea.id, qty: 1 },
      { productId: china.id, qty: 1 },
    ]);
    expect(twoWarehouses.body.message).toBe('한 번에 한 창고의 상품만 주문할 수 있습니다. 창고별로 나누어 주문하세요.');
    const freight = await pay(demo, [{ productId: korea.id, qty: 1 }], { ...COURIER, shippingValue: 0 });
    expect([freight.status, freight.body.message, freight.body.field]).toEqual([
      400,
      '화물 영업소를 입력하세요.',
      'shippingInfo.arrive',
    ]);
    const sender = await pay(demo, [{ productId: korea.id, qty: 1 }], { ...COURIER, directDeli: true });
    expect(sender.body.message).toBe('보내는 분을 입력하세요.');
    await call(server, 'addToCart', { productId: korea.id, hasAmount: 1 }, { token: other });
    const [othersLine] = await server.db.select().from(cartItems).where(eq(cartItems.productId, korea.id));
    expect((await pay(demo, [{ seq: othersLine!.id, qty: 1 }])).status).toBe(404);
    const soldOut = await pay(demo, [{ productId: korea.id, qty: 6 }]);
    expect(soldOut.body.message).toContain('재고가 부족합니다');
    // A product no longer on sale (deleted since it was put in the cart), beside one that is: neither is bought.
    const gone = await pay(demo, [
      { productId: korea.id, qty: 1 },
      { productId: 2_000_000_000, qty: 1 },
    ]);
    expect([gone.status, gone.body.message, gone.body.field]).toEqual([400, MSG_ORDER.productGone, 'carts']);
    expect([await point(demoCompanyId), await orderCount(), await stock(korea.id), await stock(china.id)]).toEqual(
      before,
    );
  });

  it('the order keeps what was asked: each line with its vehicle, memo, job reference and factory number, the delivery as given', async () => {
    const noted = await product(9, 12_000);
    const direct = await product(9, 8_000);
    await server.db.update(products).set({ factoryNum: 'FN-77 120' }).where(eq(products.id, noted.id));
    const added = await call(
      server,
      'addQuickOrderToCart',
      { lines: [{ productId: noted.id, qty: 2, memo: '좌측 앞', jobRef: 'JOB-0412' }] },
      { token: other },
    );
    expect(added.body.code).toBe(201);
    const [line] = await server.db.select().from(cartItems).where(eq(cartItems.productId, noted.id));
    // 퀵, 착불, the receiver picking it up, sent in another company's name.
    const delivery = {
      shippingValue: 2,
      shippingPayType: 1,
      receiverIsSelfQuick: true,
      directDeli: true,
      fromName: '한빛정비',
      fromPhone: '0215447788',
    };
    const res = await call<{ orderSeq: number }>(
      server,
      'POST',
      'api/requestPaymentProduct',
      {
        clientRequestId: randomUUID(),
        shippingInfo: { ...COURIER, ...delivery },
        jobRef: '12가3456',
        carts: [
          { seq: line!.id, qty: 2 },
          { productId: direct.id, qty: 1, vin: 'WBA8E9G50GNU12345' },
        ],
      },
      other,
    );
    expect(res.body.code).toBe(201);
    const seq = res.body.results!.orderSeq;
    const [order] = await server.db.select().from(orders).where(eq(orders.id, seq));
    expect(order).toMatchObject({
      ...delivery,
      jobRef: '12가3456',
      shipping: 0,
      totalAmount: 32_000,
    });
    const lines = await server.db.select().from(orderLines).where(eq(orderLines.orderId, seq)).orderBy(orderLines.id);
    expect(lines.map((l) => [l.productId, l.qty, l.vin, l.memo, l.jobRef, l.factoryNum])).toEqual([
      [noted.id, 2, null, '좌측 앞', 'JOB-0412', 'FN-77 120'],
      [direct.id, 1, 'WBA8E9G50GNU12345', '', '', ''],
    ]);
  });

  it("a repeated request answers its own company's order with its amounts; another company may use the same id", async () => {
    const p = await product(9, 7_000);
    const id = randomUUID();
    const body = { clientRequestId: id, shippingInfo: COURIER, carts: [{ productId: p.id, qty: 1 }] };
    const mine = await call<{ orderSeq: number }>(server, 'POST', 'api/requestPaymentProduct', body, demo);
    const theirs = await call<{ orderSeq: number }>(server, 'POST', 'api/requestPaymentProduct', body, other);
    expect([mine.body.code, theirs.body.code]).toEqual([201, 201]);
    expect(theirs.body.results!.orderSeq).not.toBe(mine.body.results!.orderSeq);
    const again = await call(server, 'POST', 'api/requestPaymentProduct', body, other);
    expect(again.body.results).toMatchObject({
      orderSeq: theirs.body.results!.orderSeq,
      repeated: true,
      totalAmount: 7_000,
      shipping: 6_000,
    });
    expect(await stock(p.id)).toBe(7);
  });

  it('a product sold out between cart and payment, and a balance spent in another tab, are refused', async () => {
    const p = await product(2, 30_000);
    await call(server, 'addToCart', { productId: p.id, hasAmount: 2 }, { token: other });
    await server.db.update(products).set({ hasAmount: 1 }).where(eq(products.id, p.id));
    const [line] = await server.db.select().from(cartItems).where(eq(cartItems.productId, p.id));
    expect((await pay(other, [{ seq: line!.id, qty: 2 }])).body.message).toContain('재고가 부족합니다');
    const otherCompany = (await server.db.select().from(members).where(eq(members.loginId, 'other@partsmall.kr')))[0]!
      .companyId!;
    const cash = await point(otherCompany);
    const costly = await product(5, cash - 6000 + 1);
    const short = await pay(other, [{ productId: costly.id, qty: 1 }]);
    expect(short.body.message).toBe('캐시 잔액이 부족합니다.');
    expect(await point(otherCompany)).toBe(cash);
    expect(await stock(costly.id)).toBe(5);
  });
});

describe('order statuses', () => {
  async function paidOrder(storageId = 1, price = 10_000, qty = 2) {
    const p = await product(10, price, storageId);
    const res = await pay(demo, [{ productId: p.id, qty }]);
    return { seq: res.body.results!.orderSeq, product: p };
  }
  const staffMove = (seq: number, status: number, extra: Record<string, unknown> = {}) =>
    call(server, 'adminSetOrderStatus', { seq, status, ...extra }, { token: staff });

  it('the buyer cancels on the order day: goods and shipping back, stock restored; a second cancel is refused', async () => {
    const { seq, product: p } = await paidOrder();
    const before = await point(demoCompanyId);
    const res = await call(server, 'cancelMallOrder', { seq }, { token: sub });
    expect([res.body.code, res.body.message]).toEqual([201, '주문이 취소되었습니다. 결제한 캐시를 돌려드렸습니다.']);
    expect(await point(demoCompanyId)).toBe(before + 20_000 + 6000);
    expect(await stock(p.id)).toBe(10);
    const again = await call(server, 'cancelMallOrder', { seq }, { token: demo });
    expect([again.status, again.body.message]).toEqual([409, '현재 주문 상태에서는 할 수 없는 요청입니다.']);
    expect(await point(demoCompanyId)).toBe(before + 26_000);
    const [ledger] = await server.db
      .select()
      .from(cashLedger)
      .where(eq(cashLedger.note, `주문 #${seq} 취소 환불`));
    expect([ledger!.type, ledger!.amount]).toEqual(['cancel', 26_000]);
  });

  it('cancelling is refused after the order day and for another company', async () => {
    const { seq } = await paidOrder();
    expect((await call(server, 'cancelMallOrder', { seq }, { token: other })).status).toBe(404);
    await server.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(orders.id, seq));
    const late = await call(server, 'cancelMallOrder', { seq }, { token: demo });
    expect(late.body.message).toBe('주문 취소는 주문 당일에만 할 수 있습니다.');
  });

  it('staff drive an order through shipment and a return; each move is recorded; wrong roles and orders are refused', async () => {
    const { seq, product: p } = await paidOrder(1, 8000, 3);
    expect((await call(server, 'adminSetOrderStatus', { seq, status: 1 }, { token: demo })).status).toBe(403);
    expect((await staffMove(seq, 2, { carrier: 'CJ대한통운', waybill: '1234' })).status).toBe(409);
    expect((await staffMove(seq, 1)).body.code).toBe(201);
    expect((await staffMove(seq, 2)).body.message).toBe('택배사와 송장번호를 입력하세요.');
    expect((await staffMove(seq, 2, { carrier: 'CJ대한통운', waybill: '6543210987' })).body.code).toBe(201);
    expect((await call(server, 'cancelMallOrder', { seq }, { token: demo })).status).toBe(409);
    const ret = await call(server, 'returnMallOrder', { seq, returnReason: 1 }, { token: demo });
    expect(ret.body.code).toBe(201);
    expect((await staffMove(seq, 6, { note: '회수 후 검수 중입니다.' })).body.code).toBe(201);
    const before = await point(demoCompanyId);
    expect((await staffMove(seq, 5)).body.code).toBe(201);
    // Change of mind: goods back, shipping kept.
    expect(await point(demoCompanyId)).toBe(before + 24_000);
    // The 캐시 원장 names it a return's refund, not a cancel's.
    const [refundRow] = await server.db
      .select({ type: cashLedger.type, amount: cashLedger.amount, note: cashLedger.note })
      .from(cashLedger)
      .where(eq(cashLedger.companyId, demoCompanyId))
      .orderBy(desc(cashLedger.id))
      .limit(1);
    expect(refundRow).toEqual({ type: 'return', amount: 24_000, note: `주문 #${seq} 반품 환불` });
    expect(await stock(p.id)).toBe(10);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, seq));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 0],
      [0, 1],
      [1, 2],
      [2, 4],
      [4, 6],
      [6, 5],
    ]);
    expect(events.every((e) => e.memberId !== null)).toBe(true);
    expect((await staffMove(seq, 4)).status).toBe(409);
  });

  it('returns: not for change of mind from the China warehouse, not after 20 days; a defect refunds shipping too', async () => {
    const china = await paidOrder(2, 5000, 1);
    await staffMove(china.seq, 1);
    await staffMove(china.seq, 2, { carrier: '한진택배', waybill: '555000000001' });
    expect(
      (await call(server, 'returnMallOrder', { seq: china.seq, returnReason: 1 }, { token: demo })).body.message,
    ).toBe('중국 창고 상품은 단순 변심으로 반품할 수 없습니다.');
    const late = await paidOrder(1, 5000, 1);
    await staffMove(late.seq, 1);
    await staffMove(late.seq, 2, { carrier: '한진택배', waybill: '556000000002' });
    await server.db
      .update(orders)
      .set({ shippedAt: new Date(Date.now() - 25 * 86_400_000) })
      .where(eq(orders.id, late.seq));
    expect(
      (await call(server, 'returnMallOrder', { seq: late.seq, returnReason: 0 }, { token: demo })).body.message,
    ).toBe('반품 신청은 출고 완료 후 20일 이내에만 할 수 있습니다.');
    expect(
      (await call(server, 'returnMallOrder', { seq: china.seq, returnReason: 0 }, { token: demo })).body.code,
    ).toBe(201);
    const before = await point(demoCompanyId);
    await staffMove(china.seq, 5);
    expect(await point(demoCompanyId)).toBe(before + 5000 + 6000);
  });

  it('seller cancels a confirmed order with a full refund; the books always balance', async () => {
    const { seq } = await paidOrder(1, 3000, 1);
    await staffMove(seq, 1);
    const before = await point(demoCompanyId);
    expect((await staffMove(seq, 8)).body.code).toBe(201);
    expect(await point(demoCompanyId)).toBe(before + 9000);
    const rows = await queryRows<{ point: string; ledger: string }>(
      server.db,
      sql`select c.point, coalesce((select sum(amount) from cash_ledger l where l.company_id = c.id), 0) as ledger from companies c`,
    );
    for (const r of rows) expect(Number(r.ledger)).toBe(Number(r.point));
  });

  it("a hold's note is the buyer's note from staff; a note on any other move stays in the history, under who made each move", async () => {
    const { seq } = await paidOrder(1, 6000, 1);
    const staffNoteOf = async () =>
      (await call(server, 'getMallOrderDetail', { seq }, { token: demo })).body.results!.staffNote;
    expect((await staffMove(seq, 1, { note: '월요일 출고 예정' })).body.code).toBe(201);
    expect(await staffNoteOf()).toBe('');
    await staffMove(seq, 2, { carrier: 'CJ대한통운', waybill: '6543210123' });
    expect((await call(server, 'returnMallOrder', { seq, returnReason: 0 }, { token: sub })).body.code).toBe(201);
    expect((await staffMove(seq, 6, { note: '회수 후 검수 중입니다.' })).body.code).toBe(201);
    expect(await staffNoteOf()).toBe('회수 후 검수 중입니다.');
    expect((await staffMove(seq, 5, { note: '검수 완료, 환불합니다.' })).body.code).toBe(201);
    expect(await staffNoteOf()).toBe('회수 후 검수 중입니다.');

    const names = await server.db
      .select({ loginId: members.loginId, name: members.name })
      .from(members)
      .where(sql`${members.loginId} in ('demo@partsmall.kr', 'sub@partsmall.kr', 'staff@partsmall.kr')`);
    const nameOf = (loginId: string) => names.find((n) => n.loginId === loginId)!.name;
    expect(new Set(names.map((n) => n.name)).size).toBe(3);
    const detail = (await call(server, 'adminOrderDetail', { seq }, { token: staff })).body.results!;
    expect(detail.order.staffNote).toBe('회수 후 검수 중입니다.');
    expect(detail.events.map((e) => [e.fromStatus, e.toStatus, e.note, e.memberName])).toEqual([
      [null, 0, '', nameOf('demo@partsmall.kr')],
      [0, 1, '월요일 출고 예정', nameOf('staff@partsmall.kr')],
      [1, 2, '', nameOf('staff@partsmall.kr')],
      [2, 4, '', nameOf('sub@partsmall.kr')],
      [4, 6, '회수 후 검수 중입니다.', nameOf('staff@partsmall.kr')],
      [6, 5, '검수 완료, 환불합니다.', nameOf('staff@partsmall.kr')],
    ]);
    const events = (await call(server, 'adminGetOrderEvents', { seq }, { token: staff })).body.results!;
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.note])).toEqual(
      detail.events.map((e) => [e.fromStatus, e.toStatus, e.note]),
    );
  });

  it("a move that refunds pushes the buyer's open tab its new balance; one that refunds nothing pushes nothing", async () => {
    const { seq } = await paidOrder(1, 5000, 1);
    const tab = tradeSocket(server, sub);
    const opened = nextEvent<{ result: { memberPoint: number } }>(tab, 'toClientBaseInfo');
    tab.emit('requestClientBaseInfo');
    const before = (await opened).result.memberPoint;
    expect(before).toBe(await point(demoCompanyId));
    // The next base info the tab receives is the seller cancel's: the confirmation before it sent none.
    const pushed = nextEvent<{ result: { memberPoint: number } }>(tab, 'toClientBaseInfo');
    expect((await staffMove(seq, 1)).body.code).toBe(201);
    expect((await staffMove(seq, 8)).body.code).toBe(201);
    // 5,000 of goods and 6,000 of shipping back.
    expect((await pushed).result.memberPoint).toBe(before + 11_000);
    tab.close();
  });

  it('an order row without a warehouse (storage_id 0) is shown, counted, moved and printed nowhere', async () => {
    const visible = await paidOrder(1, 4000, 1);
    const hidden = await paidOrder(1, 7000, 2);
    const memberList = async () => {
      const res = await call(server, 'getMallOrderInfo', { page: 1, size: 100 }, { token: demo });
      return { seqs: res.body.results!.map((o) => o.seq), total: res.body.total };
    };
    const staffList = async () => {
      const res = await call(server, 'adminOrderList', { page: 1, size: 100 }, { token: staff });
      return { seqs: res.body.results!.map((o) => o.seq), total: res.body.total };
    };
    const dashboard = async () => {
      const d = (await call(server, 'adminDashboard', {}, { token: staff })).body.results!;
      return { today: d.today, waiting: d.waiting.find((w) => w.status === 0)!.count };
    };
    const statement = (seq: number) =>
      fetch(`${server.base}/api/orderStatement?seq=${seq}`, { headers: { authorization: `Bearer ${demo}` } });

    const [membersBefore, staffBefore, dashBefore] = await Promise.all([memberList(), staffList(), dashboard()]);
    expect(membersBefore.seqs).toEqual(expect.arrayContaining([visible.seq, hidden.seq]));
    expect(staffBefore.seqs).toEqual(expect.arrayContaining([visible.seq, hidden.seq]));
    expect((await statement(hidden.seq)).status).toBe(200);

    await server.db.update(orders).set({ storageId: 0, stockName: '' }).where(eq(orders.id, hidden.seq));
    const balance = await point(demoCompanyId);

    const membersAfter = await memberList();
    expect(membersAfter.seqs).toContain(visible.seq);
    expect(membersAfter.seqs).not.toContain(hidden.seq);
    expect(membersAfter.total).toBe(membersBefore.total! - 1);
    const staffAfter = await staffList();
    expect(staffAfter.seqs).toContain(visible.seq);
    expect(staffAfter.seqs).not.toContain(hidden.seq);
    expect(staffAfter.total).toBe(staffBefore.total! - 1);
    // 7,000 × 2 of goods left today's sales with the order; it no longer waits for staff.
    expect(await dashboard()).toEqual({
      today: { orders: dashBefore.today.orders - 1, sales: dashBefore.today.sales - 14_000 },
      waiting: dashBefore.waiting - 1,
    });

    const notFound = ['주문 정보를 찾을 수 없습니다.', 404];
    const detail = await call(server, 'getMallOrderDetail', { seq: hidden.seq }, { token: demo });
    expect([detail.body.message, detail.status]).toEqual(notFound);
    const staffDetail = await call(server, 'adminOrderDetail', { seq: hidden.seq }, { token: staff });
    expect([staffDetail.body.message, staffDetail.status]).toEqual(notFound);
    const cancel = await call(server, 'cancelMallOrder', { seq: hidden.seq }, { token: demo });
    expect([cancel.body.message, cancel.status]).toEqual(notFound);
    const move = await call(server, 'adminSetOrderStatus', { seq: hidden.seq, status: 1 }, { token: staff });
    expect([move.body.message, move.status]).toEqual(notFound);
    expect((await statement(hidden.seq)).status).toBe(404);
    const reorder = await call(server, 'reorder', { seq: hidden.seq }, { token: demo });
    expect([reorder.body.message, reorder.status]).toEqual(['주문을 찾을 수 없습니다.', 404]);

    // Nothing moved: no refund, no stock back, the status as it was.
    expect(await point(demoCompanyId)).toBe(balance);
    expect(await stock(hidden.product.id)).toBe(8);
    const [row] = await server.db.select({ status: orders.status }).from(orders).where(eq(orders.id, hidden.seq));
    expect(row!.status).toBe(0);
    // The order beside it still answers each of them.
    expect((await call(server, 'getMallOrderDetail', { seq: visible.seq }, { token: demo })).status).toBe(200);
    expect((await statement(visible.seq)).status).toBe(200);
  });
});

describe('the order list (api/getMallOrderInfo)', () => {
  it('lists newest first, an order of the same instant by its number (higher first), and pages in that order', async () => {
    const co = await makeCompany(server, '주문목록', 0);
    const token = await loginAs(server, co.main.id, co.main.pw);
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    const at = (iso: string) => ({
      companyId: co.companyId,
      memberId: co.main.seq,
      status: 0,
      productId: p.id,
      createdAt: new Date(iso),
    });
    // Written out of order: the middle one, the oldest, then two of one instant, the newest.
    const middle = await insertOrder(server, at('2026-05-02T10:00:00+09:00'));
    const oldest = await insertOrder(server, at('2026-05-01T10:00:00+09:00'));
    const tiedFirst = await insertOrder(server, at('2026-05-03T10:00:00+09:00'));
    const tiedSecond = await insertOrder(server, at('2026-05-03T10:00:00+09:00'));
    const page = async (n: number) => (await call(server, 'getMallOrderInfo', { page: n, size: 3 }, { token })).body;
    const [first, second] = [await page(1), await page(2)];
    expect([first.results!.map((o) => o.seq), first.total]).toEqual([[tiedSecond, tiedFirst, middle], 4]);
    expect([second.results!.map((o) => o.seq), second.total]).toEqual([[oldest], 4]);
  });
});
