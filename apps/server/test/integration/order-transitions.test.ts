import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_ORDER, ORDER_STATUS, findTransition, type StatusActor } from '@partsmall/contract';
import { orderEvents, orders, products } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany, type TestCompany } from '../member-helpers.js';
import { balanceOf, insertOrder, makeProduct, seoulMidnight } from '../order-helpers.js';

/**
 * Order statuses (docs/requirements.md#order-statuses) on the server: every pair of statuses is tried through the API, for
 * staff (api/admin/setOrderStatus) and for the buyer (api/cancelMallOrder → 3, api/returnMallOrder
 * → 4), and the answer must be what the transition table says (generated from the table itself;
 * the contract's test pins the table to docs/requirements.md#order-statuses). Then the return deadline's boundary, in
 * Seoul days.
 */
let server: TestServer;
let shop: TestCompany;
let buyer: string;
let staff: string;

const STATUSES = Object.values(ORDER_STATUS);

beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '상태표', 0);
  [buyer, staff] = await Promise.all([
    loginAs(server, shop.main.id, shop.main.pw),
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

/**
 * An order sitting in `status` with everything any move out of it could ask for: placed just now
 * (same-day cancel), shipped just now (return window), a return reason when it is in a return.
 */
async function orderIn(status: number, productId: number) {
  const inReturn = status === 4 || status === 5 || status === 6;
  return insertOrder(server, {
    companyId: shop.companyId,
    memberId: shop.main.seq,
    status,
    productId,
    qty: 2,
    totalAmount: 10_000,
    shipping: 6000,
    shippedAt: status === 0 || status === 1 || status === 3 || status === 8 ? null : new Date(),
    returnReason: inReturn ? 0 : null,
  });
}

const statusOf = async (seq: number) => (await server.db.select().from(orders).where(eq(orders.id, seq)))[0]!.status;
const stockOf = async (id: number) =>
  (await server.db.select().from(products).where(eq(products.id, id)))[0]!.hasAmount;

/** What a move the table allows gives back: cancels everything, an approved return (reason 0) everything too. */
const REFUNDED = new Set([3, 5, 8]);

async function expectMove(
  actor: StatusActor,
  from: number,
  to: number,
  send: (seq: number) => Promise<{ status: number; body: { code: number; message: string } }>,
) {
  const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000, stock: 40 });
  const seq = await orderIn(from, p.id);
  const cash = await balanceOf(server, shop.companyId);
  const allowed = findTransition(from, to, actor) !== null;
  const res = await send(seq);
  const what = `${from} → ${to} by ${actor}: ${res.status} ${res.body.message}`;
  if (allowed) {
    expect([res.status, res.body.code], what).toEqual([200, 201]);
    expect(await statusOf(seq), what).toBe(to);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, seq));
    expect(
      events.map((e) => [e.fromStatus, e.toStatus]),
      what,
    ).toEqual([[from, to]]);
    expect(await balanceOf(server, shop.companyId), what).toBe(cash + (REFUNDED.has(to) ? 16_000 : 0));
    expect(await stockOf(p.id), what).toBe(REFUNDED.has(to) ? 42 : 40);
  } else {
    expect([res.status, res.body.code, res.body.message], what).toEqual([409, 409, MSG_ORDER.statusMoveRefused]);
    expect(await statusOf(seq), what).toBe(from);
    expect(await balanceOf(server, shop.companyId), what).toBe(cash);
    expect(await stockOf(p.id), what).toBe(40);
  }
}

describe('every pair of statuses, staff', () => {
  for (const from of STATUSES) {
    it(`from ${from} to each status`, async () => {
      for (const to of STATUSES) {
        await expectMove('staff', from, to, (seq) =>
          call(
            server,
            'adminSetOrderStatus',
            { seq, status: to, carrier: 'CJ대한통운', waybill: String(600_000_000_000 + seq), note: '검수 중' },
            { token: staff },
          ),
        );
      }
    });
  }
});

describe("a move's texts", () => {
  it('refuses a control character or bidi override in the note, carrier or waybill, and text too long, changing nothing', async () => {
    const p = await makeProduct(server, { tiers: [6100, 6100, 6100, 6100], salePrice: 6100 });
    const held = await orderIn(ORDER_STATUS.returnRequested, p.id);
    const placed = await orderIn(ORDER_STATUS.shipmentConfirmed, p.id);
    const refused: [number, Record<string, unknown>, string][] = [
      [held, { status: ORDER_STATUS.returnOnHold, note: '\u202e취소' }, MSG.textInvalid],
      [held, { status: ORDER_STATUS.returnOnHold, note: '검수\u0007' }, MSG.textInvalid],
      [held, { status: ORDER_STATUS.returnOnHold, note: '가'.repeat(256) }, '메모는 255자 이내로 입력하세요.'],
      [placed, { status: ORDER_STATUS.shipmentComplete, carrier: 'CJ\u202e', waybill: '6543210987' }, MSG.textInvalid],
      [placed, { status: ORDER_STATUS.shipmentComplete, carrier: 'CJ대한통운', waybill: '654\u0000' }, MSG.textInvalid],
      [placed, { status: ORDER_STATUS.shipmentComplete, carrier: 'c'.repeat(31) }, '택배사는 30자 이내로 입력하세요.'],
      [
        placed,
        { status: ORDER_STATUS.shipmentComplete, waybill: '1'.repeat(41) },
        '송장번호는 40자 이내로 입력하세요.',
      ],
      [placed, { status: '출고' }, '변경할 주문 상태를 선택하세요.'],
    ];
    for (const [seq, move, message] of refused) {
      const res = await call(server, 'POST', 'api/admin/setOrderStatus', { seq, ...move }, staff);
      expect([res.status, res.body.message], JSON.stringify(move)).toEqual([400, message]);
    }
    expect([await statusOf(held), await statusOf(placed)]).toEqual([
      ORDER_STATUS.returnRequested,
      ORDER_STATUS.shipmentConfirmed,
    ]);
    const ok = await call(
      server,
      'adminSetOrderStatus',
      { seq: held, status: ORDER_STATUS.returnOnHold, note: '가'.repeat(255) },
      { token: staff },
    );
    expect([ok.body.code, ok.body.results?.status]).toEqual([201, ORDER_STATUS.returnOnHold]);
  });
});

describe('every status, the buyer', () => {
  for (const from of STATUSES) {
    it(`from ${from}: cancel (→ 3) and return (→ 4)`, async () => {
      await expectMove('buyer', from, 3, (seq) => call(server, 'cancelMallOrder', { seq }, { token: buyer }));
      await expectMove('buyer', from, 4, (seq) =>
        call(server, 'returnMallOrder', { seq, returnReason: 0 }, { token: buyer }),
      );
    });
  }

  it('the buyer has no other move: the staff call answers 403 whatever the pair', async () => {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000 });
    for (const from of STATUSES) {
      const seq = await orderIn(from, p.id);
      for (const to of STATUSES) {
        const res = await call(server, 'adminSetOrderStatus', { seq, status: to }, { token: buyer });
        expect([res.status, res.body.message], `${from} → ${to}`).toEqual([403, MSG.forbidden]);
      }
      expect(await statusOf(seq)).toBe(from);
    }
  });

  it('the books balance after every move', async () => {
    await expectLedgerMatchesBalances(server);
  });
});

describe('the return deadline in Seoul days', () => {
  async function shippedOrder(shippedAt: Date) {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000 });
    return insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 2,
      productId: p.id,
      shippedAt,
    });
  }
  const requestReturn = (seq: number) => call(server, 'returnMallOrder', { seq, returnReason: 0 }, { token: buyer });

  it('day 20 is accepted: shipped at 00:00 Seoul twenty days ago', async () => {
    const seq = await shippedOrder(seoulMidnight(20));
    const res = await requestReturn(seq);
    expect([res.body.code, res.body.message]).toEqual([201, MSG_ORDER.returnRequested]);
    expect(await statusOf(seq)).toBe(4);
  });

  it('day 21 is refused: shipped at 23:59:59 Seoul twenty-one days ago', async () => {
    const seq = await shippedOrder(new Date(seoulMidnight(20).getTime() - 1000));
    const res = await requestReturn(seq);
    expect([res.status, res.body.message, res.body.field]).toEqual([400, MSG_ORDER.returnWindow, 'status']);
    expect(await statusOf(seq)).toBe(2);
  });

  it('the shipment day is day 0: shipped yesterday 23:59:59 Seoul is day 1, today 00:00 is day 0; both accepted', async () => {
    for (const shippedAt of [new Date(seoulMidnight(0).getTime() - 1000), seoulMidnight(0)]) {
      expect((await requestReturn(await shippedOrder(shippedAt))).body.code).toBe(201);
    }
  });
});
