import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@partsmall/contract';
import { orders } from '../../src/db/schema.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import type { TestCompany } from '../member-helpers.js';
import { COURIER, balanceOf, fund, insertOrder, makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';

/**
 * The order in which a payment is refused over HTTP (docs/requirements.md#validation): the goods, then
 * the delivery form by its own rules (the freight branch and the sender among them), all before
 * anything is priced or locked; the balance last, in the payment's transaction. Each refusal names
 * its field in Korean, never the generic '요청 형식이 올바르지 않습니다.'.
 */
let server: TestServer;
let buyer: TestCompany;
let tokens: BuyerTokens;

const CASH = 14_800;

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, tokens } = await makeBuyers(server, { buyer: '잔액부족', other: '남의회사' }));
  await fund(server, buyer.companyId, CASH);
});
afterAll(async () => {
  await server?.close();
});

const answer = (r: { status: number; body: { message: string; field?: string } }) => [
  r.status,
  r.body.message,
  r.body.field,
];
const pay = (body: Record<string, unknown>) =>
  call(server, 'POST', 'api/requestPaymentProduct', { clientRequestId: randomUUID(), ...body }, tokens.main);
const ordersOfBuyer = async () =>
  (await server.db.select().from(orders).where(eq(orders.companyId, buyer.companyId))).length;

describe('a payment short of cash', () => {
  it('is told of its delivery form first, then of the balance; nothing is charged', async () => {
    const p = await makeProduct(server, { tiers: [500_000, 500_000, 500_000, 500_000], salePrice: 500_000, stock: 10 });
    const carts = [{ productId: p.id, qty: 3 }];
    const freight = { ...COURIER, shippingValue: 0, shippingPayType: 1 };
    const placed = await ordersOfBuyer();

    expect(answer(await pay({ carts: [], shippingInfo: { ...freight, arrive: '' } }))).toEqual([
      400,
      '주문할 상품을 선택하세요.',
      'carts',
    ]);
    expect(answer(await pay({ carts, shippingInfo: { ...freight, arrive: '' } }))).toEqual([
      400,
      '화물 영업소를 입력하세요.',
      'shippingInfo.arrive',
    ]);
    expect(answer(await pay({ carts, shippingInfo: { ...COURIER, directDeli: true } }))).toEqual([
      400,
      '보내는 분을 입력하세요.',
      'shippingInfo.fromName',
    ]);
    expect(answer(await pay({ carts, shippingInfo: { ...COURIER, phone: '010' } }))).toEqual([
      400,
      '받는 분 연락처는 숫자 10~11자리로 입력하세요.',
      'shippingInfo.phone',
    ]);
    expect(answer(await pay({ carts, shippingInfo: { ...freight, arrive: '성수 영업소' } }))).toEqual([
      400,
      '캐시 잔액이 부족합니다.',
      'point',
    ]);
    expect(await balanceOf(server, buyer.companyId)).toBe(CASH);
    expect(await ordersOfBuyer()).toBe(placed);
  });
});

describe('a payload without its parts', () => {
  it('asks for the goods, then for the delivery information', async () => {
    expect(answer(await pay({}))).toEqual([400, '주문할 상품을 선택하세요.', 'carts']);
    expect(answer(await pay({ carts: [{ productId: 3, qty: 1 }] }))).toEqual([
      400,
      '배송 정보를 입력하세요.',
      'shippingInfo',
    ]);
  });
});

describe("a cash ledger export's format", () => {
  it('none, or another than csv and pdf, is asked to be chosen', async () => {
    const choose = [400, '파일 형식은 CSV 또는 PDF 중에서 선택하세요.', 'format'];
    expect(answer(await call(server, 'GET', 'api/cashLedgerExport', {}, tokens.main))).toEqual(choose);
    expect(answer(await call(server, 'GET', 'api/cashLedgerExport', { format: 'xls' }, tokens.main))).toEqual(choose);
  });
});

describe("a staff move's note", () => {
  it('sent as a number is told to be text, and the order stays as it was', async () => {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000, stock: 5 });
    const seq = await insertOrder(server, {
      companyId: buyer.companyId,
      memberId: buyer.main.seq,
      status: ORDER_STATUS.returnRequested,
      productId: p.id,
      totalAmount: 5000,
      shippedAt: new Date(),
      returnReason: 0,
    });
    const r = await call(
      server,
      'POST',
      'api/admin/setOrderStatus',
      { seq, status: ORDER_STATUS.returnOnHold, note: 123 },
      tokens.staff,
    );
    expect(answer(r)).toEqual([400, '메모를 글자로 입력하세요.', 'note']);
    expect((await server.db.select().from(orders).where(eq(orders.id, seq)))[0]!.status).toBe(
      ORDER_STATUS.returnRequested,
    );
  });
});
