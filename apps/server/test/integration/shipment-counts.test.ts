import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, shipmentCountsAnswer } from '@partsmall/contract';
import { orders, shipments } from '../../src/db/schema.js';
import { call, clearOfSeoulMidnight, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, staffSession, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct, seoulMidnight } from '../order-helpers.js';

/**
 * The member area's 배송 현황 (docs/requirements.md#member-area): api/getMallShipmentCounts counts the
 * company's own orders waiting to ship (0, 1), on their way (2 by a followed carrier without a
 * delivery) and delivered (or shipped by 퀵 or 직접 배송) on one of the last 30 Seoul days; an order
 * without a warehouse (storage_id 0) counts nowhere.
 */
let server: TestServer;
let productId: number;

const counts = (token?: string) => call(server, 'getMallShipmentCounts', undefined, { token });

/**
 * An order of the company's main account in `status`, with a followed shipment delivered at
 * `deliveredAt` (null: on its way), shipped two days before it (or at `shippedAt`), or, with
 * `tracked` false, a 퀵 shipment nothing follows.
 */
async function order(
  company: TestCompany,
  status: number,
  deliveredAt?: Date | null,
  o: { shippedAt?: Date; tracked?: boolean } = {},
): Promise<number> {
  const orderId = await insertOrder(server, {
    companyId: company.companyId,
    memberId: company.main.seq,
    status,
    productId,
  });
  const tracked = o.tracked ?? true;
  if (deliveredAt !== undefined)
    await server.db.insert(shipments).values({
      orderId,
      carrierCode: tracked ? 'kr.cjlogistics' : null,
      carrierName: tracked ? 'CJ대한통운' : '퀵',
      waybill: tracked ? '601234567890' : '',
      tracked,
      shippedAt: o.shippedAt ?? new Date((deliveredAt ?? new Date()).getTime() - 2 * 86_400_000),
      deliveredAt,
    });
  return orderId;
}

beforeAll(async () => {
  server = await startTestServer();
  productId = (await makeProduct(server, { tiers: [21_000, 0, 0, 0], salePrice: 21_000 })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('api/getMallShipmentCounts', () => {
  it("answers 1/1/1 for a company with one order in each state, to its main and sub-account alike, in the contract's shape", async () => {
    await clearOfSeoulMidnight();
    const gaon = await makeCompany(server, '배송가온', 1);
    const other = await makeCompany(server, '배송나래', 0);
    await order(gaon, 0);
    await order(gaon, 2, null);
    await order(gaon, 2, new Date(Date.now() - 3_600_000));
    // Delivered 31 days ago, another company's order, and an order without a warehouse: none counts.
    await order(gaon, 2, new Date(seoulMidnight(31).getTime() + 12 * 3_600_000));
    await order(other, 1);
    const noWarehouse = await order(gaon, 0);
    await server.db.update(orders).set({ storageId: 0 }).where(eq(orders.id, noWarehouse));

    for (const account of [gaon.main, gaon.subs[0]!]) {
      const res = await counts(await loginAs(server, account.id, account.pw));
      expect(res.status, account.id).toBe(200);
      expect(res.body).toEqual({ code: 200, message: MSG.ok, results: { awaiting: 1, shipping: 1, delivered: 1 } });
      expect(shipmentCountsAnswer.strict().safeParse(res.body).success).toBe(true);
    }
    const theirs = await counts(await loginAs(server, other.main.id, other.main.pw));
    expect(theirs.body.results).toEqual({ awaiting: 1, shipping: 0, delivered: 0 });
  });

  it('counts statuses 0 and 1 as waiting, 2 by its delivery or an untracked carrier, no other status, over 30 Seoul days with today', async () => {
    await clearOfSeoulMidnight();
    const company = await makeCompany(server, '배송경계', 0);
    await order(company, 0);
    await order(company, 1);
    // 출고완료 by a followed carrier without a delivery time: on its way, if shipped within the window.
    await order(company, 2, null);
    await order(company, 2, null, { shippedAt: seoulMidnight(29) });
    await order(company, 2, null, { shippedAt: new Date(seoulMidnight(29).getTime() - 1) });
    // Without a shipment row (shipped before they were written): no figure.
    await order(company, 2);
    // 퀵 or 직접 배송: nothing reports a delivery, so one shipped within the window is delivered.
    await order(company, 2, null, { tracked: false, shippedAt: seoulMidnight(29) });
    await order(company, 2, null, { tracked: false, shippedAt: new Date(seoulMidnight(29).getTime() - 1) });
    // The first instant of the 30th Seoul day back counts; the instant before it does not.
    await order(company, 2, seoulMidnight(29));
    await order(company, 2, new Date(seoulMidnight(29).getTime() - 1));
    // Cancelled, returned or refused orders are in no figure, a delivered shipment of theirs neither.
    for (const status of [3, 4, 5, 6, 8]) await order(company, status, new Date(Date.now() - 86_400_000));

    const res = await counts(await loginAs(server, company.main.id, company.main.pw));
    expect(res.body.results).toEqual({ awaiting: 2, shipping: 2, delivered: 2 });
  });

  it('refuses a visitor (401) and staff (403), who have no company orders', async () => {
    const visitor = await counts();
    expect([visitor.status, visitor.body.code]).toEqual([401, 401]);
    const staff = await counts((await staffSession(server)).token);
    expect([staff.status, staff.body.code]).toEqual([403, 403]);
  });
});
