import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { COURIER, fund, insertOrder, makeProduct } from '../order-helpers.js';

/**
 * The order or payment a 캐시 원장 row names (docs/requirements.md#cash-ledger) is one the wallet
 * wrote into its note, never a number staff typed into an adjustment's reason.
 */
let server: TestServer;
let admin: string;
let buyer: TestCompany;
let token: string;
let foreignOrder: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginAs(server, 'admin@partsmall.kr', 'admin1234');
  buyer = await makeCompany(server, '원장참조', 0);
  token = await loginAs(server, buyer.main.id, buyer.main.pw);
  const stranger = await makeCompany(server, '남의주문', 0);
  const product = await makeProduct(server, { tiers: [5_000, 0, 0, 0], salePrice: 5_000 });
  foreignOrder = await insertOrder(server, {
    companyId: stranger.companyId,
    memberId: stranger.main.seq,
    status: 0,
    productId: product.id,
    totalAmount: 5_000,
  });
}, 60_000);
afterAll(() => server?.close());

async function csvLines(): Promise<string[]> {
  const res = await fetch(`${server.base}/api/cashLedgerExport?format=csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

describe('캐시 원장: references', () => {
  it("an adjustment's reason naming an order or a payment is only its note; an order's row names its order", async () => {
    for (const reason of [`주문 #${foreignOrder} 배송 지연 보상`, '누락분 보전 (결제 #1)']) {
      const res = await call(
        server,
        'POST',
        'api/admin/adjustCash',
        { companyId: buyer.companyId, amount: 1_000, reason },
        admin,
      );
      expect(res.status, reason).toBe(200);
    }
    await fund(server, buyer.companyId, 20_000);
    const product = await makeProduct(server, { tiers: [7_000, 0, 0, 0], salePrice: 7_000 });
    const paid = await call(
      server,
      'requestPaymentProduct',
      { shippingInfo: { ...COURIER, shippingPayType: 1, memo: '' }, carts: [{ productId: product.id, qty: 1 }] },
      { token },
    );
    expect(paid.body.code, paid.body.message).toBe(201);
    const orderSeq = paid.body.results!.orderSeq;

    const ledger = await call(server, 'getCashLedger', {}, { token });
    expect(ledger.status).toBe(200);
    expect(ledger.body.results!.map((r) => [r.typeLabel, r.note, r.orderSeq, r.paymentSeq])).toEqual([
      ['주문 결제', `주문 #${orderSeq}`, orderSeq, null],
      ['관리자 조정', '시험 충전', null, null],
      ['관리자 조정', '관리자 조정: 누락분 보전 (결제 #1)', null, null],
      ['관리자 조정', `관리자 조정: 주문 #${foreignOrder} 배송 지연 보상`, null, null],
    ]);

    const lines = await csvLines();
    expect(lines.slice(1, 3).map((l) => l.split(',').slice(1))).toEqual([
      ['관리자 조정', '', `관리자 조정: 주문 #${foreignOrder} 배송 지연 보상`, '1000', '1000'],
      ['관리자 조정', '', '관리자 조정: 누락분 보전 (결제 #1)', '1000', '2000'],
    ]);
    expect(lines[4]!.split(',').slice(1)).toEqual([
      '주문 결제',
      `주문 #${orderSeq}`,
      `주문 #${orderSeq}`,
      '-7000',
      '15000',
    ]);
  });
});
