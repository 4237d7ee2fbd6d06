import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT, MSG_ORDER, type PaymentFinishEvent, type PayWith } from '@partsmall/contract';
import { orders, products, receivablesLedger } from '../../src/db/schema.js';
import { call, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { balanceOf, COURIER, fund, makeProduct, PICKUP, placeOrder } from '../order-helpers.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';

/**
 * Paying an order on credit (docs/requirements.md#credit-checkout): who may, the limit under
 * concurrency, holds and suspension, and cancels and returns reversing the charge, never in cash.
 */
let server: TestServer;
let buyer: TestCompany;
let t: CreditTokens;
let productId: number;

/** Picked up (no shipping fee), so an order's total is its goods. */
const pay = (token: string, qty: number, payWith?: PayWith, id = productId) =>
  placeOrder(server, token, [{ productId: id, qty }], { payWith });

const ledgerOf = (companyId: number) =>
  server.db
    .select({ kind: receivablesLedger.kind, amount: receivablesLedger.amount, orderId: receivablesLedger.orderId })
    .from(receivablesLedger)
    .where(eq(receivablesLedger.companyId, companyId))
    .orderBy(receivablesLedger.id);
const stockOf = async (id = productId) =>
  (await server.db.select({ n: products.hasAmount }).from(products).where(eq(products.id, id)))[0]!.n;
const orderCount = async (companyId: number) =>
  Number(
    (
      await server.db
        .select({ n: sql<string>`count(*)` })
        .from(orders)
        .where(eq(orders.companyId, companyId))
    )[0]!.n,
  );

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, tokens: t } = await creditBuyers(server, '외상구매'));
  // Level b buys at 10,000 a unit.
  productId = (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 12_000, stock: 500 }))
    .id;
});
afterAll(async () => {
  await server?.close();
});

describe('who may pay on credit', () => {
  it('a company without an account is refused in Korean and nothing is written', async () => {
    const stock = await stockOf();
    const res = await pay(t.main, 1, 'credit');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_CREDIT.noAccount);
    expect(await stockOf()).toBe(stock);
    expect(await orderCount(buyer.companyId)).toBe(0);
    const otherCompany = await pay(t.other, 1, 'credit');
    expect(otherCompany.body.message).toBe(MSG_CREDIT.noAccount);
    expect((await pay('', 1, 'credit')).status).toBe(401);
    expect((await pay(t.staff, 1, 'credit')).status).toBe(403);
    const card = await call(
      server,
      'POST',
      'api/requestPaymentProduct',
      { clientRequestId: randomUUID(), shippingInfo: PICKUP, carts: [{ productId, qty: 1 }], payWith: 'card' },
      t.main,
    );
    expect(card.status).toBe(400);
    expect(card.body.message).toBe(MSG_CREDIT.payWithInvalid);
  });

  it('the main account orders on credit: no cash taken, a charge of the total, the limit used', async () => {
    await giveCredit(server, t.admin, buyer.companyId, { limit: 100_000 });
    await fund(server, buyer.companyId, 5_000);
    const res = await pay(t.main, 3, 'credit');
    expect(res.body.code, res.body.message).toBe(201);
    expect(res.body.results!.point).toBe(5_000);
    expect(res.body.results!.payWith).toBe('credit');
    expect(await balanceOf(server, buyer.companyId)).toBe(5_000);
    const [order] = await server.db.select().from(orders).where(eq(orders.id, res.body.results!.orderSeq));
    expect(order!.payWith).toBe('credit');
    const detail = await call(server, 'getMallOrderDetail', { seq: order!.id }, { token: t.main });
    expect(detail.body.results!.payWith).toBe('credit');
    expect(await ledgerOf(buyer.companyId)).toEqual([{ kind: 'charge', amount: 30_000, orderId: order!.id }]);
    const summary = await call(server, 'getCreditSummary', {}, { token: t.main });
    expect(summary.body.results).toMatchObject({ used: 30_000, available: 70_000 });
  });

  it('an order beyond the limit is refused with what is left; nothing is written', async () => {
    const stock = await stockOf();
    const orders0 = await orderCount(buyer.companyId);
    const res = await pay(t.main, 8, 'credit');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_CREDIT.overLimit(70_000));
    expect(res.body.message).toBe('외상 한도를 넘습니다. 남은 한도는 70,000원입니다. 현금(캐시)으로 결제하세요.');
    expect(await stockOf()).toBe(stock);
    expect(await orderCount(buyer.companyId)).toBe(orders0);
    expect(await ledgerOf(buyer.companyId)).toHaveLength(1);
    // Exactly up to the limit passes.
    expect((await pay(t.main, 7, 'credit')).body.code).toBe(201);
    expect((await call(server, 'getCreditSummary', {}, { token: t.main })).body.results).toMatchObject({
      used: 100_000,
      available: 0,
    });
  });

  it('an account that may exceed takes the order beyond its limit', async () => {
    await giveCredit(server, t.admin, buyer.companyId, { limit: 100_000, allowExceed: true, reason: '초과 허용' });
    expect((await pay(t.main, 1, 'credit')).body.code).toBe(201);
    expect((await call(server, 'getCreditSummary', {}, { token: t.main })).body.results).toMatchObject({
      used: 110_000,
      available: 0,
    });
  });

  it('a sub-account pays on credit only when the account allows it', async () => {
    await giveCredit(server, t.admin, buyer.companyId, { limit: 1_000_000, reason: '한도 증액' });
    const refused = await pay(t.sub, 1, 'credit');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG_CREDIT.notForSubAccount);
    await giveCredit(server, t.admin, buyer.companyId, {
      limit: 1_000_000,
      allowSubAccounts: true,
      reason: '부계정 허용',
    });
    expect((await pay(t.sub, 1, 'credit')).body.code).toBe(201);
  });

  it('a suspended or held account is refused on credit, while cash orders still work', async () => {
    await giveCredit(server, t.admin, buyer.companyId, { status: 'suspended', reason: '거래 정지' });
    const suspended = await pay(t.main, 1, 'credit');
    expect(suspended.status).toBe(400);
    expect(suspended.body.message).toBe(MSG_CREDIT.suspended);
    await giveCredit(server, t.admin, buyer.companyId, { status: 'on_hold', reason: '확인 필요' });
    const held = await pay(t.main, 1, 'credit');
    expect(held.status).toBe(400);
    expect(held.body.message).toBe(MSG_CREDIT.onHoldNoStatement);
    // The original payload (no payWith) pays from cash.
    await fund(server, buyer.companyId, 20_000);
    const cash = await pay(t.main, 2);
    expect(cash.body.code).toBe(201);
    expect(cash.body.results).not.toHaveProperty('payWith');
    expect(cash.body.message).toBe(MSG_ORDER.paid);
    expect(await balanceOf(server, buyer.companyId)).toBe(5_000);
    const [order] = await server.db.select().from(orders).where(eq(orders.id, cash.body.results!.orderSeq));
    expect(order!.payWith).toBe('cash');
    const detail = await call(server, 'getMallOrderDetail', { seq: order!.id }, { token: t.main });
    expect(detail.body.results!.payWith).toBeUndefined();
    await giveCredit(server, t.admin, buyer.companyId, { limit: 1_000_000, reason: '재개' });
  });
});

describe("a credit checkout's answer", () => {
  it("says 'credit' over HTTP and the trade channel, and again when the request is repeated", async () => {
    const body = { clientRequestId: randomUUID(), shippingInfo: PICKUP, carts: [{ productId, qty: 1 }] };
    const first = await call(server, 'requestPaymentProduct', { ...body, payWith: 'credit' }, { token: t.main });
    expect(first.body.code, first.body.message).toBe(201);
    expect(first.body.results).toMatchObject({ repeated: false, totalAmount: 10_000, payWith: 'credit' });
    // Nothing was paid: the order went on the receivables.
    expect(first.body.message).toBe('외상으로 주문했습니다.');
    const again = await call(server, 'requestPaymentProduct', { ...body, payWith: 'credit' }, { token: t.main });
    expect(again.body.message).toBe(MSG_ORDER.orderedOnCredit);
    expect(again.body.results).toMatchObject({
      orderSeq: first.body.results!.orderSeq,
      repeated: true,
      payWith: 'credit',
    });
    const socket = tradeSocket(server, t.main);
    try {
      const finished = nextEvent<PaymentFinishEvent>(socket, 'paymentFinish');
      socket.emit('requestPaymentProduct', { ...body, clientRequestId: randomUUID(), payWith: 'credit' });
      const event = await finished;
      expect(event.code, event.message).toBe(201);
      expect(event.results).toMatchObject({ repeated: false, totalAmount: 10_000, payWith: 'credit' });
      expect(event.message).toBe(MSG_ORDER.orderedOnCredit);
    } finally {
      socket.close();
    }
  });
});

describe('two checkouts at the limit', () => {
  it('ten concurrent credit checkouts of 30,000 under a 100,000 limit: exactly three pass', async () => {
    const racer: TestCompany = await makeCompany(server, '동시외상', 0);
    const token = (await createSession(server.db, racer.main.seq)).token;
    await giveCredit(server, t.admin, racer.companyId, { limit: 100_000, reason: '경합 시험' });
    const product = (
      await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 100 })
    ).id;
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(token, 3, 'credit', product)));
    const passed = results.filter((r) => r.body.code === 201);
    const refused = results.filter((r) => r.status === 400);
    expect(passed).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused)
      expect(r.body.message).toMatch(/^외상 한도를 넘습니다\. 남은 한도는 (10,000|40,000|70,000)원입니다/);
    const rows = await ledgerOf(racer.companyId);
    expect(rows.map((r) => r.amount)).toEqual([30_000, 30_000, 30_000]);
    expect(await stockOf(product)).toBe(91);
    expect(await orderCount(racer.companyId)).toBe(3);
  });

  it('ten concurrent credit checkouts of ten different products: still exactly three pass', async () => {
    // Each order locks only its own product, so nothing but the credit account's row lock keeps two
    // of them from reading the same exposure (docs/requirements.md#credit-checkout).
    const racer: TestCompany = await makeCompany(server, '동시외상다품목', 0);
    const token = (await createSession(server.db, racer.main.seq)).token;
    await giveCredit(server, t.admin, racer.companyId, { limit: 100_000, reason: '경합 시험' });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(
        (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 10 })).id,
      );
    const results = await Promise.all(ids.map((id) => pay(token, 3, 'credit', id)));
    expect(results.filter((r) => r.body.code === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
    expect((await ledgerOf(racer.companyId)).map((r) => r.amount)).toEqual([30_000, 30_000, 30_000]);
    expect(await orderCount(racer.companyId)).toBe(3);
  });

  it('a checkout racing a limit change sees either the old or the new limit, never both', async () => {
    const racer: TestCompany = await makeCompany(server, '한도변경', 0);
    const token = (await createSession(server.db, racer.main.seq)).token;
    await giveCredit(server, t.admin, racer.companyId, { limit: 50_000, reason: '경합 시험' });
    const product = (
      await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 100 })
    ).id;
    const [order, change] = await Promise.all([
      pay(token, 4, 'credit', product),
      giveCredit(server, t.admin, racer.companyId, { limit: 30_000, reason: '한도 축소' }),
    ]);
    expect(change.account!.limit).toBe(30_000);
    const charged = (await ledgerOf(racer.companyId)).reduce((s, r) => s + r.amount, 0);
    // Passed under the old limit (40,000 ≤ 50,000) or refused under the new one (40,000 > 30,000).
    if (order.body.code === 201) expect(charged).toBe(40_000);
    else {
      expect(order.body.message).toBe(MSG_CREDIT.overLimit(30_000));
      expect(charged).toBe(0);
    }
  });
});

describe('what counts against the limit', () => {
  it('a shipped order not yet on a statement still uses the limit', async () => {
    const shipper: TestCompany = await makeCompany(server, '출고외상', 0);
    const token = (await createSession(server.db, shipper.main.seq)).token;
    await giveCredit(server, t.admin, shipper.companyId, { limit: 100_000, reason: '한도 시험' });
    const first = await pay(token, 6, 'credit');
    expect(first.body.code).toBe(201);
    const seq = first.body.results!.orderSeq;
    expect((await call(server, 'adminSetOrderStatus', { seq, status: 1 }, { token: t.staff })).body.code).toBe(201);
    const shipped = await call(
      server,
      'adminSetOrderStatus',
      // Picked up: handed over at the warehouse, no carrier.
      { seq, status: 2 },
      { token: t.staff },
    );
    expect(shipped.body.code, shipped.body.message).toBe(201);
    // 60,000 shipped and unbilled: 50,000 more is over the 100,000 limit, 40,000 is not.
    const over = await pay(token, 5, 'credit');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MSG_CREDIT.overLimit(40_000));
    expect((await pay(token, 4, 'credit')).body.code).toBe(201);
    expect((await ledgerOf(shipper.companyId)).map((r) => r.amount)).toEqual([60_000, 40_000]);
  });
});

describe('cancels and returns reverse the charge, never in cash', () => {
  it('a buyer’s cancel, a seller cancel and an approved return each post a reversal; the cash balance stays', async () => {
    const cash = await balanceOf(server, buyer.companyId);
    const before = (await ledgerOf(buyer.companyId)).length;
    const stock = await stockOf();

    const a = (await pay(t.main, 2, 'credit')).body.results!.orderSeq;
    expect((await call(server, 'cancelMallOrder', { seq: a }, { token: t.main })).body.code).toBe(201);

    const b = (await pay(t.main, 1, 'credit')).body.results!.orderSeq;
    expect((await call(server, 'adminSetOrderStatus', { seq: b, status: 8 }, { token: t.staff })).body.code).toBe(201);

    const c = (await pay(t.main, 4, 'credit')).body.results!.orderSeq;
    expect((await call(server, 'adminSetOrderStatus', { seq: c, status: 1 }, { token: t.staff })).body.code).toBe(201);
    const shipped = await call(server, 'adminSetOrderStatus', { seq: c, status: 2 }, { token: t.staff });
    expect(shipped.body.code, shipped.body.message).toBe(201);
    // 단순 변심 (1): the goods back, not the shipping (none here).
    expect((await call(server, 'returnMallOrder', { seq: c, returnReason: 1 }, { token: t.main })).body.code).toBe(201);
    expect((await call(server, 'adminSetOrderStatus', { seq: c, status: 5 }, { token: t.staff })).body.code).toBe(201);

    const rows = (await ledgerOf(buyer.companyId)).slice(before);
    expect(rows).toEqual([
      { kind: 'charge', amount: 20_000, orderId: a },
      { kind: 'reversal', amount: -20_000, orderId: a },
      { kind: 'charge', amount: 10_000, orderId: b },
      { kind: 'reversal', amount: -10_000, orderId: b },
      { kind: 'charge', amount: 40_000, orderId: c },
      { kind: 'reversal', amount: -40_000, orderId: c },
    ]);
    expect(await balanceOf(server, buyer.companyId)).toBe(cash);
    expect(await stockOf()).toBe(stock);
    const reversals = await server.db
      .select()
      .from(receivablesLedger)
      .where(and(eq(receivablesLedger.companyId, buyer.companyId), eq(receivablesLedger.kind, 'reversal')));
    expect(new Set(reversals.map((r) => r.idemKey)).size).toBe(reversals.length);
  });

  it("the buyer's cancel says where the money went: a 외상 order's amount off what is owed, a cash order's cash back", async () => {
    const { buyer: own, tokens } = await creditBuyers(server, '외상취소안내');
    await giveCredit(server, tokens.admin, own.companyId, { limit: 100_000 });
    await fund(server, own.companyId, 50_000);

    const onCredit = (await pay(tokens.main, 2, 'credit')).body.results!.orderSeq;
    const cash = await balanceOf(server, own.companyId);
    const creditCancel = await call(server, 'cancelMallOrder', { seq: onCredit }, { token: tokens.main });
    expect(creditCancel.body.code, creditCancel.body.message).toBe(201);
    expect(creditCancel.body.message).toBe('주문이 취소되었습니다. 주문 금액은 외상 미수금에서 차감되었습니다.');
    expect(creditCancel.body.results).toMatchObject({ seq: onCredit, status: 3, payWith: 'credit' });
    // No cash moved: the balance is what it was before the cancel.
    expect(await balanceOf(server, own.companyId)).toBe(cash);
    expect((await call(server, 'getCreditSummary', {}, { token: tokens.main })).body.results).toMatchObject({
      used: 0,
    });

    const inCash = (await pay(tokens.main, 3)).body.results!.orderSeq;
    expect(await balanceOf(server, own.companyId)).toBe(cash - 30_000);
    const cashCancel = await call(server, 'cancelMallOrder', { seq: inCash }, { token: tokens.main });
    expect(cashCancel.body.code, cashCancel.body.message).toBe(201);
    expect(cashCancel.body.message).toBe('주문이 취소되었습니다. 결제한 캐시를 돌려드렸습니다.');
    expect(await balanceOf(server, own.companyId)).toBe(cash);
  });

  it('sent by parcel: a return for change of mind reverses the goods, a defect the goods and the shipping; each reversal says 반품 or 취소', async () => {
    const { buyer: own, tokens } = await creditBuyers(server, '외상택배');
    await giveCredit(server, tokens.admin, own.companyId, { limit: 300_000 });
    // 택배, the 6,000 fee paid with the order: it is charged on credit with the goods.
    const parcel = async (qty: number) =>
      (await placeOrder(server, tokens.main, [{ productId, qty }], { payWith: 'credit', shippingInfo: COURIER })).body
        .results!.orderSeq;
    const shipAndReturn = async (seq: number, returnReason: number) => {
      await call(server, 'adminSetOrderStatus', { seq, status: 1 }, { token: tokens.staff });
      const shipped = await call(
        server,
        'adminSetOrderStatus',
        { seq, status: 2, carrier: 'CJ대한통운', waybill: `55500${seq}`.padEnd(12, '7') },
        { token: tokens.staff },
      );
      expect(shipped.body.code, shipped.body.message).toBe(201);
      const asked = await call(server, 'returnMallOrder', { seq, returnReason }, { token: tokens.main });
      expect(asked.body.code, asked.body.message).toBe(201);
      const approved = await call(server, 'adminSetOrderStatus', { seq, status: 5 }, { token: tokens.staff });
      expect(approved.body.code, approved.body.message).toBe(201);
    };

    const mind = await parcel(2);
    await shipAndReturn(mind, 1);
    const defect = await parcel(3);
    await shipAndReturn(defect, 0);
    const cancelled = await parcel(1);
    expect((await call(server, 'cancelMallOrder', { seq: cancelled }, { token: tokens.main })).body.code).toBe(201);

    const rows = await server.db
      .select({ kind: receivablesLedger.kind, amount: receivablesLedger.amount, note: receivablesLedger.note })
      .from(receivablesLedger)
      .where(eq(receivablesLedger.companyId, own.companyId))
      .orderBy(receivablesLedger.id);
    expect(rows).toEqual([
      { kind: 'charge', amount: 26_000, note: expect.any(String) },
      { kind: 'reversal', amount: -20_000, note: `주문 #${mind} 반품` },
      { kind: 'charge', amount: 36_000, note: expect.any(String) },
      { kind: 'reversal', amount: -36_000, note: `주문 #${defect} 반품` },
      { kind: 'charge', amount: 16_000, note: expect.any(String) },
      { kind: 'reversal', amount: -16_000, note: `주문 #${cancelled} 취소` },
    ]);
  });
});
