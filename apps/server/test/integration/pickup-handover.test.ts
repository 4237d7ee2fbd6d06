import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ORDER } from '@partsmall/contract';
import { orders, shipments, smsOutbox } from '../../src/db/schema.js';
import { parseCsv } from '../../src/shared/csv.js';
import { call, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * A 방문수령 order in the back office (docs/requirements.md#shipping, #shipping-and-tracking,
 * #back-office): the order CSV names how each order goes and a pickup's place, never the buyer's
 * address; a pickup is handed over at its warehouse, so 출고완료 takes no carrier nor waybill and the
 * buyer is told it was handed over; a missing waybill is named as the waybill.
 */
let server: TestServer;
let staff: string;
let company: TestCompany;
let productId: number;

beforeAll(async () => {
  server = await startTestServer({ env: { JOBS_POLL_SECONDS: '0.5', JOBS_RETRY_LIMIT: '1' } });
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  company = await makeCompany(server, '수령창구', 0);
  productId = (await makeProduct(server, { tiers: [4000, 4000, 4000, 4000], salePrice: 4000 })).id;
});
afterAll(async () => {
  await server?.close();
});

/** A 출고확정 order of the company: 택배 선불 to the tests' address, or 방문수령 when `pickup`. */
async function confirmedOrder(pickup: boolean): Promise<number> {
  const seq = await insertOrder(server, {
    companyId: company.companyId,
    memberId: company.main.seq,
    status: 1,
    productId,
    shipping: pickup ? 0 : 6000,
  });
  if (pickup) await server.db.update(orders).set({ shippingValue: 4, shippingPayType: 2 }).where(eq(orders.id, seq));
  return seq;
}

const ship = (seq: number, extra: Record<string, unknown>) =>
  call(server, 'POST', 'api/admin/setOrderStatus', { seq, status: 2, ...extra }, staff);

describe('the back-office order CSV', () => {
  it("has a 배송 방법 column and gives a 방문수령 order its 수령 장소, not the buyer's address", async () => {
    const courier = await confirmedOrder(false);
    const pickup = await confirmedOrder(true);
    const res = await call<{ csv: string }>(server, 'POST', 'api/admin/orderExport', { company: '수령창구' }, staff);
    const [header, ...lines] = parseCsv(res.body.results!.csv);
    const column = (name: string) => header!.indexOf(name);
    const cells = (seq: number) => {
      const line = lines.find((l) => l[0] === String(seq))!;
      return ['배송 방법', '주소', '수령 장소'].map((name) => line[column(name)]);
    };
    expect(header!.slice(8, 14)).toEqual(['배송비', '배송 방법', '받는 분', '연락처', '주소', '수령 장소']);
    expect(cells(courier)).toEqual(['택배 · 선불', '서울 성동구 성수이로 77 3층', '']);
    expect(cells(pickup)).toEqual(['방문수령', '', '한국 김포물류센터 (방문수령)']);
  });
});

describe('handing over a 방문수령 order', () => {
  it('refuses a carrier or a waybill with its reason and changes nothing', async () => {
    const seq = await confirmedOrder(true);
    for (const [extra, field] of [
      [{ carrier: 'kr.cjlogistics', waybill: '601234567890' }, 'waybill'],
      [{ carrier: 'kr.cjlogistics' }, 'carrier'],
      [{ carrier: 'direct', waybill: '' }, 'carrier'],
    ] as const) {
      const res = await ship(seq, extra);
      expect([res.status, res.body.message, res.body.field], JSON.stringify(extra)).toEqual([
        400,
        '방문수령 주문은 창고에서 직접 전달하므로 택배사와 송장번호를 넣지 않습니다.',
        field,
      ]);
    }
    const [order] = await server.db.select().from(orders).where(eq(orders.id, seq));
    expect([order!.status, order!.carrier, order!.waybill, order!.shippedAt]).toEqual([1, '', '', null]);
  });

  it('is 출고완료 without a carrier, has no parcel to track, and the buyer is told where it was handed over', async () => {
    const seq = await confirmedOrder(true);
    const res = await ship(seq, { carrier: '', waybill: ' ' });
    expect([res.status, res.body.code]).toEqual([200, 201]);
    const [order] = await server.db.select().from(orders).where(eq(orders.id, seq));
    expect([order!.status, order!.carrier, order!.waybill, order!.shippedAt !== null]).toEqual([2, '', '', true]);
    expect(await server.db.select().from(shipments).where(eq(shipments.orderId, seq))).toEqual([]);
    const told = await until('the hand-over notice', async () => {
      const rows = await server.db
        .select({ event: smsOutbox.event, text: smsOutbox.text })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.phone, company.main.phone), isNotNull(smsOutbox.event)));
      return rows.find((r) => r.text.includes(`주문번호: ${seq}\n`));
    });
    expect(told).toEqual({
      event: 'pickedUp',
      text: `[파츠몰] 주문하신 상품을 수령 장소에서 전달해 드렸습니다.\n\n주문번호: ${seq}\n수령 장소: 한국 김포물류센터 (방문수령)`,
    });
  });
});

describe('shipping by courier', () => {
  it('names the waybill, not the carrier, when only the waybill is missing', async () => {
    const seq = await confirmedOrder(false);
    for (const carrier of ['kr.cjlogistics', '동네화물']) {
      const res = await ship(seq, { carrier, waybill: '' });
      expect([res.status, res.body.message, res.body.field], carrier).toEqual([
        400,
        '송장번호를 입력하세요.',
        'waybill',
      ]);
    }
    const none = await ship(seq, {});
    expect([none.status, none.body.message, none.body.field]).toEqual([400, MSG_ORDER.carrierRequired, 'carrier']);
  });
});
