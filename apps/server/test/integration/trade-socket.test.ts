import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_ORDER, type ClientBaseInfoEvent, type TradeAnswer } from '@partsmall/contract';
import { orders, sessions } from '../../src/db/schema.js';
import { call, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { PICKUP, insertOrder, makeProduct } from '../order-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Opens the trade channel, asks for base info once and returns the answer. */
async function baseInfo(token: string | undefined): Promise<ClientBaseInfoEvent> {
  const socket = tradeSocket(server, token);
  try {
    const answer = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    return await answer;
  } finally {
    socket.close();
  }
}

describe('trade socket: requestClientBaseInfo', () => {
  it('answers the demo main account with its company cash, licence and user info', async () => {
    const token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const event = await baseInfo(token);
    expect(event.code).toBe(200);
    const result = event.result!;
    expect(Object.keys(result).sort()).toEqual(
      [
        'buys',
        'carts',
        'licenseValidDays',
        'memberLicense',
        'memberPoint',
        'token',
        'userInfo',
        'userSearchVinCount',
      ].sort(),
    );
    expect(result.memberPoint).toBe(5_000_000);
    expect([29, 30]).toContain(result.licenseValidDays);
    expect(result.memberLicense).toBe(result.licenseValidDays);
    expect(result.token).toBe(token);
    expect(result.userInfo).toMatchObject({ id: 'demo@partsmall.kr', type: 0, companyName: '한빛수입차부품' });
    expect(result.userInfo.companyInfo).toMatchObject({ level: 'b', point: 5_000_000 });
    for (const n of [result.carts, result.buys, result.userSearchVinCount]) {
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(0);
    }
  });

  it('a sub-account sees the same company cash and licence', async () => {
    const event = await baseInfo(await loginAs(server, 'sub@partsmall.kr', 'demo1234'));
    expect(event.code).toBe(200);
    expect(event.result!.memberPoint).toBe(5_000_000);
    expect([29, 30]).toContain(event.result!.licenseValidDays);
    expect(event.result!.userInfo.type).not.toBe(0);
  });

  it('another company sees its own cash and no licence', async () => {
    const event = await baseInfo(await loginAs(server, 'other@partsmall.kr', 'demo1234'));
    expect(event.result).toMatchObject({ memberPoint: 100_000, licenseValidDays: 0, memberLicense: 0 });
    expect(event.result!.userInfo.companyInfo).toMatchObject({ name: '대성모터스', level: 'd' });
  });

  it('staff have no company: zero cash and licence', async () => {
    const event = await baseInfo(await loginAs(server, 'staff@partsmall.kr', 'staff1234'));
    expect(event.code).toBe(200);
    expect(event.result).toMatchObject({ memberPoint: 0, licenseValidDays: 0 });
    expect(event.result!.userInfo).toMatchObject({ role: 'staff', companyInfo: null });
  });

  it('answers every request on an open socket, not just the first', async () => {
    const socket = tradeSocket(server, await loginAs(server, 'demo@partsmall.kr', 'demo1234'));
    try {
      for (let i = 0; i < 3; i++) {
        const answer = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
        socket.emit('requestClientBaseInfo');
        expect((await answer).code).toBe(200);
      }
    } finally {
      socket.close();
    }
  });

  it('answers a request sent the moment the socket connects, every time', async () => {
    const token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const answers = await Promise.all(Array.from({ length: 20 }, () => baseInfo(token)));
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
  });
});

describe('trade socket: bad tokens', () => {
  it.each([
    ['a made-up token', 'not-a-token'],
    ['no token', undefined],
    ['an oversized token', 'x'.repeat(10_000)],
  ])('%s gets {code: 401} and the socket is closed', async (_what, token) => {
    const socket = tradeSocket(server, token);
    const closed = nextEvent(socket, 'disconnect');
    const event = await nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
    expect(event).toEqual({ code: 401, message: MSG.tokenExpired });
    await closed;
    socket.close();
  });

  it('an expired session gets 401', async () => {
    const token = await loginAs(server, 'other@partsmall.kr', 'demo1234');
    await server.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const event = await baseInfo(token);
    expect(event.code).toBe(401);
    expect(event.result).toBeUndefined();
    expect((await call(server, 'logout', {}, { token })).status).toBe(401);
  });

  it('a session revoked while the socket is open answers 401 on the next request', async () => {
    const token = await loginAs(server, 'sub@partsmall.kr', 'demo1234');
    const socket = tradeSocket(server, token);
    try {
      const first = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      socket.emit('requestClientBaseInfo');
      expect((await first).code).toBe(200);
      // Revoked behind the hub's back (as another server instance would), not through logout.
      await server.db.update(sessions).set({ revokedAt: new Date() }).where(isNull(sessions.revokedAt));
      const second = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      socket.emit('requestClientBaseInfo');
      expect((await second).code).toBe(401);
    } finally {
      socket.close();
    }
  });
});

describe('trade socket: the cart and what a tab is told', () => {
  /** A company of its own with a tab open on the trade channel, and two products in stock. */
  async function openTab(label: string) {
    // Another company's order, which the new company's counts must not include.
    const elsewhere = await makeCompany(server, `${label}이웃`, 0);
    const sold = await makeProduct(server, { tiers: [1_000, 1_000, 1_000, 1_000], salePrice: 1_000, stock: 5 });
    await insertOrder(server, {
      companyId: elsewhere.companyId,
      memberId: elsewhere.main.seq,
      status: 0,
      productId: sold.id,
    });
    const c = await makeCompany(server, label, 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    const tab = tradeSocket(server, token);
    const first = nextEvent<ClientBaseInfoEvent>(tab, 'toClientBaseInfo');
    tab.emit('requestClientBaseInfo');
    // A new company's own counts, whatever other companies have ordered.
    expect((await first).result).toMatchObject({ carts: 0, buys: 0, userSearchVinCount: 0, memberPoint: 0 });
    const tiers: [number, number, number, number] = [3_000, 3_000, 3_000, 3_000];
    const [p, q] = [
      await makeProduct(server, { tiers, salePrice: 3_000, stock: 20 }),
      await makeProduct(server, { tiers, salePrice: 3_000, stock: 20 }),
    ];
    return { c, token, tab, p, q };
  }
  const cartQuantities = async (token: string) =>
    ((await call(server, 'getMallCartInfo', {}, { token })).body.results ?? []).map((l) => l.qty);

  it("takes the quantity as hasAmount, or as qty when a phone sends it (the original API's two forms)", async () => {
    const { token, tab, p, q } = await openTab('소켓수량');
    try {
      for (const [form, product] of [
        [{ hasAmount: 3 }, p],
        [{ qty: 4 }, q],
      ] as const) {
        const answered = nextEvent<TradeAnswer>(tab, 'addToCartCallBack');
        tab.emit('addToCart', { productId: product.id, ...form });
        expect(await answered).toMatchObject({ code: 201, message: MSG_ORDER.addedToCart });
      }
      expect((await cartQuantities(token)).sort()).toEqual([3, 4]);
    } finally {
      tab.close();
    }
  });

  /**
   * The original client keeps digits only in its number inputs, so its quantity may come as '2'; the
   * price, originHasAmount and companyId it sends beside it are ignored in any shape
   * (docs/requirements.md#validation).
   */
  it('a quantity sent as a string of digits is added, bought and changed over HTTP; other text is refused', async () => {
    const { token, tab, p, q } = await openTab('문자수량');
    tab.close();
    const post = (path: string, body: Record<string, unknown>) => call(server, 'POST', `api/${path}`, body, token);
    const answer = (r: { status: number; body: { message?: string; field?: string } }) => [
      r.status,
      r.body.message,
      r.body.field,
    ];
    const desktop = { productId: String(p.id), hasAmount: '2', price: 21700, originHasAmount: 23, companyId: 0 };
    expect((await post('addToCart', desktop)).status).toBe(200);
    const phone = { productId: q.id, qty: '1', price: '3000', originHasAmount: null, companyId: '0' };
    expect((await post('addToCart', phone)).status).toBe(200);
    const bought = await post('addToBuy', { ...desktop, hasAmount: '3', price: null });
    expect((bought.body.results as { qty: number }[])[0]!.qty).toBe(3);
    expect((await cartQuantities(token)).sort()).toEqual([1, 2]);
    for (const hasAmount of ['0', '-1', '1.5', '1e3', ' 2', '２', '']) {
      for (const path of ['addToCart', 'addToBuy'])
        expect(answer(await post(path, { ...desktop, hasAmount })), `${path} ${JSON.stringify(hasAmount)}`).toEqual([
          400,
          MSG_ORDER.qtyInvalid,
          'hasAmount',
        ]);
    }
    expect(answer(await post('addToCart', { ...phone, qty: '1.5' }))).toEqual([400, MSG_ORDER.qtyInvalid, 'qty']);
    expect(answer(await post('addToCart', { ...desktop, hasAmount: '99999999999999999999' }))).toEqual([
      400,
      MSG_ORDER.qtyMax(100_000),
      'hasAmount',
    ]);
    const lines = (await call(server, 'getMallCartInfo', {}, { token })).body.results!;
    const line = lines.find((l) => l.productInfo.seq === p.id)!;
    expect((await post('updateCartQuantity', { seq: String(line.seq), qty: '4' })).status).toBe(200);
    expect(answer(await post('updateCartQuantity', { seq: line.seq, qty: '1e3' }))).toEqual([
      400,
      MSG_ORDER.qtyInvalid,
      'qty',
    ]);
    // Over the stock names the field the call sent: updateCartQuantity's and a phone's qty.
    expect(answer(await post('updateCartQuantity', { seq: line.seq, qty: '21' }))).toEqual([
      400,
      MSG_ORDER.qtyOverStock(20),
      'qty',
    ]);
    expect(answer(await post('addToCart', { ...phone, qty: '20' }))).toEqual([
      400,
      MSG_ORDER.qtyOverStock(20, 1),
      'qty',
    ]);
    expect(answer(await post('addToCart', { ...desktop, hasAmount: '17' }))).toEqual([
      400,
      MSG_ORDER.qtyOverStock(20, 4),
      'hasAmount',
    ]);
    expect((await cartQuantities(token)).sort()).toEqual([1, 4]);
  });

  it("the trade channel's addToCart takes a quantity of digits and refuses other text on the field sent", async () => {
    const { token, tab, p, q } = await openTab('소켓문자수량');
    const add = async (form: Record<string, unknown>) => {
      const answered = nextEvent<TradeAnswer>(tab, 'addToCartCallBack');
      tab.emit('addToCart', form);
      return answered;
    };
    try {
      const ignored = { price: '1', originHasAmount: null, companyId: '0' };
      expect(await add({ productId: String(p.id), hasAmount: '2', ...ignored })).toMatchObject({ code: 201 });
      expect(await add({ productId: q.id, qty: '3', ...ignored })).toMatchObject({ code: 201 });
      for (const hasAmount of ['0', '1.5', '1e3', ' 2', '２', ''])
        expect(await add({ productId: p.id, hasAmount }), JSON.stringify(hasAmount)).toMatchObject({
          code: 400,
          message: MSG_ORDER.qtyInvalid,
          field: 'hasAmount',
        });
      expect(await add({ productId: q.id, qty: '-1' })).toMatchObject({ code: 400, field: 'qty' });
      expect(await add({ productId: q.id, qty: '18' })).toMatchObject({
        code: 400,
        message: MSG_ORDER.qtyOverStock(20, 3),
        field: 'qty',
      });
      expect((await cartQuantities(token)).sort()).toEqual([2, 3]);
    } finally {
      tab.close();
    }
  });

  it('a payment over the socket whose delivery memo holds a NUL is refused on the field (400), nothing paid', async () => {
    const { c, tab, p } = await openTab('소켓제어문자');
    try {
      const finished = nextEvent<TradeAnswer>(tab, 'paymentFinish');
      tab.emit('requestPaymentProduct', {
        shippingInfo: { ...PICKUP, memo: '문 앞\u0000에 두세요' },
        carts: [{ productId: p.id, qty: 1 }],
      });
      expect(await finished).toMatchObject({ code: 400, message: MSG.textInvalid, field: 'shippingInfo.memo' });
      expect(await server.db.select().from(orders).where(eq(orders.companyId, c.companyId))).toEqual([]);
    } finally {
      tab.close();
    }
  });

  it('a new cart line is pushed to the tab; a quantity change is not (the line count stays)', async () => {
    const { token, tab, p, q } = await openTab('소켓푸시');
    try {
      let pushed = nextEvent<ClientBaseInfoEvent>(tab, 'toClientBaseInfo');
      expect((await call(server, 'addToCart', { productId: p.id, hasAmount: 1 }, { token })).body.code).toBe(201);
      expect((await pushed).result!.carts).toBe(1);
      const [line] = (await call(server, 'getMallCartInfo', {}, { token })).body.results!;
      // The next base info the tab receives is the second line's: the quantity change before it sent none.
      pushed = nextEvent<ClientBaseInfoEvent>(tab, 'toClientBaseInfo');
      expect((await call(server, 'updateCartQuantity', { seq: line!.seq, qty: 5 }, { token })).body.code).toBe(201);
      expect((await call(server, 'addToCart', { productId: q.id, hasAmount: 1 }, { token })).body.code).toBe(201);
      expect((await pushed).result!.carts).toBe(2);
    } finally {
      tab.close();
    }
  });

  it("an admin's licence adjustment is pushed to the company's open tab with the new days", async () => {
    const { c, tab } = await openTab('소켓이용권');
    try {
      const admin = await loginAs(server, 'admin@partsmall.kr', 'admin1234');
      const pushed = nextEvent<ClientBaseInfoEvent>(tab, 'toClientBaseInfo');
      const res = await call(
        server,
        'adminAdjustLicense',
        { companyId: c.companyId, days: 30, reason: '장애 보상' },
        { token: admin },
      );
      expect(res.body.code).toBe(201);
      expect((await pushed).result).toMatchObject({ licenseValidDays: 30, memberLicense: 30 });
    } finally {
      tab.close();
    }
  });
});
