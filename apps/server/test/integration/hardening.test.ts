import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { cartItems, companies, orderLines, rateEvents } from '../../src/db/schema.js';
import { monthlyStatementInput } from '../../src/features/paperwork/statements.js';
import { call, fromAddress, loginAs, newAddress, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { insertOrder, makeBuyers, makeProduct, seoulToday } from '../order-helpers.js';

/**
 * Small holes an attacker and a buyer found (docs/security.md, docs/requirements.md): an empty
 * back-office update, concurrent reorders past the stock, a statement's size counted wrong, and the
 * rate-limit counters keeping a withdrawn member's login id with the addresses it was used from.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('api/admin/setCompanyInvoiceInfo', () => {
  it('with nothing to change answers a Korean 400 and changes nothing (it was a 500)', async () => {
    const staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
    const company = await makeCompany(server, '빈요청', 0);
    const before = await server.db.select().from(companies).where(eq(companies.id, company.companyId));
    const res = await call(server, 'POST', 'api/admin/setCompanyInvoiceInfo', { companyId: company.companyId }, staff);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      400,
      400,
      '바꿀 항목(업태, 종목, 세금계산서 이메일, 발행 방식)을 하나 이상 입력하세요.',
    ]);
    expect(await server.db.select().from(companies).where(eq(companies.id, company.companyId))).toEqual(before);
    const audit = await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from admin_audit where target = ${`company:${company.companyId}`}`,
    );
    expect(audit).toEqual([{ n: 0 }]);
  });
});

describe('api/reorder at once', () => {
  it('ten concurrent reorders of a 3-unit line never put more than the 5 in stock in the cart', async () => {
    const { buyer, tokens } = await makeBuyers(server, { buyer: '동시재주문', other: '다른회사' });
    const product = await makeProduct(server, { tiers: [10_000, 9_000, 8_000, 7_000], salePrice: 11_000, stock: 5 });
    const order = await insertOrder(server, {
      companyId: buyer.companyId,
      memberId: buyer.main.seq,
      status: 2,
      productId: product.id,
      qty: 3,
      totalAmount: 30_000,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(server, 'reorder', { seq: order }, { token: tokens.main })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const added = answers.map((a) => a.body.results![0]!.addedQty).sort((a, b) => b - a);
    expect(added).toEqual([3, 2, 0, 0, 0, 0, 0, 0, 0, 0]);
    const cart = await server.db.select().from(cartItems).where(eq(cartItems.memberId, buyer.main.seq));
    expect(cart.map((c) => [c.productId, c.qty])).toEqual([[product.id, 5]]);
  });
});

describe('the monthly statement size check', () => {
  /** An order of today with `lines` lines and a shipping fee, written directly. */
  async function orderWithLines(companyId: number, memberId: number, productId: number, lines: number) {
    const orderId = await insertOrder(server, { companyId, memberId, status: 1, productId, shipping: 6000 });
    await server.db.insert(orderLines).values(
      Array.from({ length: lines - 1 }, (_, i) => ({
        orderId,
        productId,
        name: '시험 부품',
        pid: `TST-${i}`,
        qty: 1,
        price: 1000,
      })),
    );
    return orderId;
  }

  it("counts an order's shipping row once, not once per line: 2,600 lines and one shipping row fit under 5,000", async () => {
    const company = await makeCompany(server, '명세행수', 0);
    const product = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    await orderWithLines(company.companyId, company.main.seq, product.id, 2600);
    const day = seoulToday();
    const input = await monthlyStatementInput(
      server.db,
      { staff: true, companyId: null },
      { startDate: day, endDate: day, companyId: company.companyId },
    );
    expect(input.orders.map((o) => [o.lines.length, o.shipping])).toEqual([[2600, 6000]]);
  });

  it('still refuses more than 5,000 rows: 5,000 lines and their shipping row are 5,001', async () => {
    const company = await makeCompany(server, '명세초과', 0);
    const product = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    await orderWithLines(company.companyId, company.main.seq, product.id, 5000);
    const day = seoulToday();
    await expect(
      monthlyStatementInput(
        server.db,
        { staff: true, companyId: null },
        { startDate: day, endDate: day, companyId: company.companyId },
      ),
    ).rejects.toMatchObject({ status: 422, message: '기간 안의 내역이 너무 많습니다. 기간을 나누어 발급하세요.' });
  });
});

describe('a withdrawal and the rate-limit counters', () => {
  const keysNaming = (loginId: string, address: string) =>
    queryRows<{ key: string }>(
      server.db,
      sql`select key from rate_events where position(lower(${loginId}) in lower(key)) > 0 or position(${address} in key) > 0 order by key`,
    );

  it("forgets the login id and the addresses it was tried from; an address's own count stays", async () => {
    const shop = await makeCompany(server, '탈퇴카운터', 0);
    const failed = newAddress();
    const used = newAddress();
    for (const id of [shop.main.id, shop.main.id.toUpperCase()]) {
      const res = await call(server, 'POST', 'api/login', { id, pw: 'wrong-password' }, undefined, fromAddress(failed));
      expect(res.status).toBe(400);
    }
    const login = await call<{ token: string }>(
      server,
      'POST',
      'api/login',
      { id: shop.main.id, pw: shop.main.pw },
      undefined,
      fromAddress(used),
    );
    expect(login.status).toBe(200);
    expect((await keysNaming(shop.main.id, failed)).map((k) => k.key)).toEqual([
      `login:address:${failed}`,
      `login:address:${failed}`,
      `login:known:${shop.main.id}|${used}`,
      // The id as typed in either case counts as the same subject.
      `login:pair:${shop.main.id}|${failed}`,
      `login:pair:${shop.main.id}|${failed}`,
      `login:subject:${shop.main.id}`,
      `login:subject:${shop.main.id}`,
    ]);

    const res = await call(
      server,
      'POST',
      'api/WithdrawMember',
      { agree1: true, agree2: true, agree3: true, agree4: true, userName: shop.main.name },
      login.body.results!.token,
    );
    expect(res.body.code, res.body.message).toBe(201);
    expect((await keysNaming(shop.main.id, failed)).map((k) => k.key)).toEqual([
      `login:address:${failed}`,
      `login:address:${failed}`,
    ]);
  });

  it("forgets the codes sent to the member's phone and its notification and bill counts; an address's own code count stays", async () => {
    const shop = await makeCompany(server, '탈퇴전화', 0);
    const other = await makeCompany(server, '잔류전화', 0);
    const address = newAddress();
    const phoneKeys = (phone: string) => [
      `notifytext:phone:${phone}`,
      `notifybill:phone:${phone}`,
      `phonecode:address:${address}:phone:${phone}`,
    ];
    await server.db.insert(rateEvents).values(
      [...phoneKeys(shop.main.phone), ...phoneKeys(other.main.phone), `phonecode:address:${address}`].map((key) => ({
        key,
      })),
    );
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    const res = await call(
      server,
      'POST',
      'api/WithdrawMember',
      { agree1: true, agree2: true, agree3: true, agree4: true, userName: shop.main.name },
      token,
    );
    expect(res.body.code, res.body.message).toBe(201);
    const left = await queryRows<{ key: string }>(
      server.db,
      sql`select key from rate_events where position(${address} in key) > 0 or position(${shop.main.phone} in key) > 0 or position(${other.main.phone} in key) > 0`,
    );
    expect(left.map((k) => k.key).sort()).toEqual(
      [...phoneKeys(other.main.phone), `phonecode:address:${address}`].sort(),
    );
  });
});
