import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MEMBER } from '@partsmall/contract';
import { payments } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * Impossible dates (docs/requirements.md#validation) crashed the date-range calls with a 500. One date schema in the
 * contract refuses them with the form's message on every call with dates; possible dates at the
 * ends of the calendar are searched without a fault; ranges are Seoul days, inclusive.
 */
let server: TestServer;
let shop: TestCompany;
let token: string;

const CALLS = ['api/getMallOrderInfo', 'api/mallCashPaymentInfo', 'api/mallLicensePaymentInfo'];
const IMPOSSIBLE = ['2026-13-01', '0000-00-00', '2026-12-32', '9999-99-99', '2026-02-30'];

beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '날짜', 0);
  token = await loginAs(server, shop.main.id, shop.main.pw);
  const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
  // Two orders a second apart across Seoul midnight (14:59:59 and 15:00:00 UTC).
  for (const createdAt of ['2026-03-10T23:59:59+09:00', '2026-03-11T00:00:00+09:00']) {
    await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 0,
      productId: p.id,
      createdAt: new Date(createdAt),
    });
  }
  for (const [paidAt, amount] of [
    ['2026-03-10T23:59:59+09:00', 11_000],
    ['2026-03-11T00:00:00+09:00', 12_000],
  ] as const) {
    await server.db.insert(payments).values({
      gatewayId: `date-test-${amount}`,
      provider: 'sandbox',
      companyId: shop.companyId,
      memberId: shop.main.seq,
      kind: 'point',
      pgcode: 'creditcard',
      amount,
      productName: `캐시 충전 ${amount}`,
      status: 'paid',
      paidAt: new Date(paidAt),
    });
  }
});
afterAll(async () => {
  await server?.close();
});

describe('impossible dates', () => {
  for (const path of CALLS) {
    for (const date of IMPOSSIBLE) {
      it(`${path}: ${date} as start or end date → 400 '${MSG_MEMBER.dateImpossible}'`, async () => {
        for (const [field, body] of [
          ['startDate', { startDate: date, endDate: '2026-03-11', searchType: 'date' }],
          ['endDate', { startDate: '2026-03-10', endDate: date, searchType: 'date' }],
          ['startDate', { startDate: date, endDate: '', searchType: '' }],
        ] as const) {
          const res = await call(server, 'POST', path, { ...body, page: 1, size: 15 }, token);
          expect([res.status, res.body.code, res.body.message, res.body.field], `${JSON.stringify(body)}`).toEqual([
            400,
            400,
            MSG_MEMBER.dateImpossible,
            field,
          ]);
        }
      });
    }
  }
});

describe('possible dates', () => {
  it('the whole calendar (0001-01-01 to 9999-12-31) is searched without a fault', async () => {
    for (const path of CALLS) {
      const res = await call<unknown[]>(
        server,
        'POST',
        path,
        { startDate: '0001-01-01', endDate: '9999-12-31', searchType: 'date', page: 1, size: 15 },
        token,
      );
      expect([res.status, res.body.code], path).toEqual([200, 200]);
    }
  });

  it('a leap day is a day', async () => {
    const res = await call(
      server,
      'getMallOrderInfo',
      { startDate: '2024-02-29', endDate: '2024-02-29', searchType: 'date' },
      { token },
    );
    expect([res.status, res.body.total]).toEqual([200, 0]);
  });

  it('the order list counts Seoul days: 23:59:59 belongs to the 10th, 00:00:00 to the 11th', async () => {
    const day = async (d: string) =>
      (
        await call(
          server,
          'getMallOrderInfo',
          { startDate: d, endDate: d, searchType: 'date', page: 1, size: 15 },
          { token },
        )
      ).body.results!.map((o) => o.created);
    expect(await day('2026-03-10')).toEqual(['2026-03-10T14:59:59.000Z']);
    expect(await day('2026-03-11')).toEqual(['2026-03-10T15:00:00.000Z']);
    expect(await day('2026-03-09')).toEqual([]);
  });

  it("an empty searchType lists every order and payment whatever dates come with it (the original client's 'all')", async () => {
    const body = { startDate: '2026-03-09', endDate: '2026-03-09', searchType: '' as const, page: 1, size: 15 };
    const orderTimes = await call(server, 'getMallOrderInfo', body, { token });
    expect([orderTimes.body.results!.map((o) => o.created), orderTimes.body.total]).toEqual([
      ['2026-03-10T15:00:00.000Z', '2026-03-10T14:59:59.000Z'],
      2,
    ]);
    const paid = await call(server, 'mallCashPaymentInfo', body, { token });
    expect(paid.body.results!.map((r) => r.amount)).toEqual([12_000, 11_000]);
  });

  it("a null date is no date, as '' or a missing field: the original client's cleared dates", async () => {
    for (const path of CALLS) {
      const answers = [];
      for (const dates of [{ startDate: null, endDate: null }, { startDate: '', endDate: '' }, {}]) {
        const res = await call(server, 'POST', path, { ...dates, searchType: '', page: 1, size: 15 }, token);
        expect([res.status, res.body.code], `${path} ${JSON.stringify(dates)}`).toEqual([200, 200]);
        answers.push([res.body.results, res.body.total]);
      }
      expect(answers[0], path).toEqual(answers[1]);
      expect(answers[0], path).toEqual(answers[2]);
      // To search by date both are needed: a null one is told so, as a blank one.
      const asked = await call(
        server,
        'POST',
        path,
        { startDate: null, endDate: '2026-03-11', searchType: 'date' },
        token,
      );
      expect([asked.status, asked.body.message, asked.body.field]).toEqual([
        400,
        MSG_MEMBER.dateRangeRequired,
        'startDate',
      ]);
    }
    const orders = await call(
      server,
      'getMallOrderInfo',
      { startDate: null, endDate: null, searchType: '' },
      { token },
    );
    expect(orders.body.total).toBe(2);
  });

  it('the cash history counts Seoul days the same way, and the range is inclusive', async () => {
    const amounts = async (startDate: string, endDate: string) =>
      (
        await call(
          server,
          'mallCashPaymentInfo',
          { startDate, endDate, searchType: 'date', page: 1, size: 15 },
          { token },
        )
      ).body.results!.map((r) => r.amount);
    expect(await amounts('2026-03-10', '2026-03-10')).toEqual([11_000]);
    expect(await amounts('2026-03-11', '2026-03-11')).toEqual([12_000]);
    expect(await amounts('2026-03-10', '2026-03-11')).toEqual([12_000, 11_000]);
  });
});
