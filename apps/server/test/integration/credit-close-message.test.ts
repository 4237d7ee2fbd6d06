import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/features/auth/sessions.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { giveInvoiceFields, makeCompany } from '../member-helpers.js';
import { makeProduct, placeOrder, seoulToday } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';

/**
 * What 월 마감 answers (docs/requirements.md#monthly-close): the statements it made, and when it made
 * none, why: the month was closed already (or a later month's statement passed it), or there was
 * nothing to bill. Before, a second close answered '0개 업체의 명세서를 마감했습니다.'.
 */
let server: TestServer;
let t: CreditTokens;
let productId: number;
const month = seoulToday().slice(0, 7);

const close = async (body: { month: string; companyId?: number }) => {
  const res = await call(server, 'adminCloseMonth', body, { token: t.admin });
  return {
    code: res.body.code,
    message: res.body.message,
    closed: res.body.results?.closed,
    already: res.body.results?.already,
  };
};
/** A company with credit and one shipped credit order. */
async function billedCompany(label: string) {
  const c = await makeCompany(server, label, 0);
  const token = (await createSession(server.db, c.main.seq)).token;
  await giveInvoiceFields(server, c.companyId);
  await giveCredit(server, t.admin, c.companyId);
  const order = await placeOrder(server, token, [{ productId, qty: 1 }], { payWith: 'credit' });
  expect(order.body.code, order.body.message).toBe(201);
  const seq = order.body.results!.orderSeq;
  // Picked up (placeOrder's default): handed over at 2, no carrier.
  for (const extra of [{ status: 1 }, { status: 2 }]) {
    const moved = await call(server, 'adminSetOrderStatus', { seq, ...extra }, { token: t.staff });
    expect(moved.body.code, moved.body.message).toBe(201);
  }
  return c.companyId;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens: t } = await creditBuyers(server, '마감안내'));
  productId = (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000 })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('월 마감 says what it did', () => {
  it('a month closed already, or passed by a later statement, says so instead of "0개 업체"', async () => {
    const companyId = await billedCompany('다시마감');
    expect(await close({ month, companyId })).toEqual({
      code: 201,
      message: '1개 업체의 명세서를 마감했습니다.',
      closed: 1,
      already: 0,
    });
    const closedAlready = {
      code: 201,
      message: '이미 마감된 달입니다. 만든 명세서는 명세서 목록에서 확인하세요.',
      closed: 0,
      already: 1,
    };
    expect(await close({ month, companyId })).toEqual(closedAlready);
    // 1999-01: the company's statement of this month took every line before it.
    expect(await close({ month: '1999-01', companyId })).toEqual(closedAlready);
  });

  it('a close that makes some statements names the companies closed before', async () => {
    const first = await billedCompany('먼저마감');
    const second = await billedCompany('나중마감');
    expect((await close({ month, companyId: first })).closed).toBe(1);
    // Every company with an account: `second` is made now, `first` (and the one above) were closed.
    const all = await close({ month });
    expect(all).toMatchObject({ code: 201, closed: 1, already: 2 });
    expect(all.message).toBe('1개 업체의 명세서를 마감했습니다. 2개 업체는 이미 마감되어 있었습니다.');
    expect(second).toBeGreaterThan(first);
  });

  it('a company with nothing to bill and nothing carried in is told no statement was made', async () => {
    const c = await makeCompany(server, '거래없음', 0);
    await giveCredit(server, t.admin, c.companyId);
    expect(await close({ month, companyId: c.companyId })).toEqual({
      code: 201,
      message: '이 달은 외상 거래도 이월 잔액도 없어 만든 명세서가 없습니다.',
      closed: 0,
      already: 0,
    });
  });
});
