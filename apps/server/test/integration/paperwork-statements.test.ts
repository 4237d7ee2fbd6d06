import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ORDER, MSG_PAPERWORK } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { fund, insertOrder, makeProduct, seoulDayOf, seoulMidnight, seoulToday, COURIER } from '../order-helpers.js';
import { cashLedger, companies, orderLines, orders } from '../../src/db/schema.js';
import { eq, sql } from 'drizzle-orm';
import { pdfText } from '../pdf-text.js';

/**
 * 거래명세서 and 캐시 원장 (docs/requirements.md#statements, docs/requirements.md#cash-ledger): who may read which statement, the periods refused, the PDF's
 * text, and the ledger whose last balance is the company's balance.
 */
let server: TestServer;
let a: TestCompany;
let b: TestCompany;
let tokens: { main: string; sub: string; other: string; staff: string };
let orderA: number;
let cancelledA: number;
let orderB: number;

async function raw(p: string, query: Record<string, string | number>, token?: string) {
  const res = await fetch(
    `${server.base}/${p}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    cache: res.headers.get('cache-control'),
    disposition: res.headers.get('content-disposition') ?? '',
    body,
    json: () => JSON.parse(body.toString('utf8')) as { code: number; message: string; field?: string },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  a = await makeCompany(server, '가온');
  b = await makeCompany(server, '나래');
  await server.db
    .update(companies)
    .set({ ceo: '김가온', addrMain: '부산 해운대구 센텀중앙로 97', phone: '0517001234' })
    .where(eq(companies.id, a.companyId));
  const product = await makeProduct(server, { tiers: [11_000, 0, 0, 0], salePrice: 11_000, name: '브레이크 패드' });
  orderA = await insertOrder(server, {
    companyId: a.companyId,
    memberId: a.main.seq,
    status: 2,
    productId: product.id,
    qty: 2,
    totalAmount: 22_000,
    shipping: 6_600,
    createdAt: seoulMidnight(3),
  });
  cancelledA = await insertOrder(server, {
    companyId: a.companyId,
    memberId: a.main.seq,
    status: 3,
    productId: product.id,
    qty: 1,
    totalAmount: 77_000,
    shipping: 0,
    createdAt: seoulMidnight(2),
  });
  orderB = await insertOrder(server, {
    companyId: b.companyId,
    memberId: b.main.seq,
    status: 0,
    productId: product.id,
    totalAmount: 33_000,
    createdAt: seoulMidnight(1),
  });
  tokens = {
    main: await loginAs(server, a.main.id, a.main.pw),
    sub: await loginAs(server, a.subs[0]!.id, a.subs[0]!.pw),
    other: await loginAs(server, b.main.id, b.main.pw),
    staff: await loginAs(server, 'staff@partsmall.kr', 'staff1234'),
  };
});
afterAll(async () => {
  await server?.close();
});

describe('api/orderStatement', () => {
  it('answers the PDF to the company main and sub accounts and to staff, with the lines and totals', async () => {
    for (const token of [tokens.main, tokens.sub, tokens.staff]) {
      const res = await raw('api/orderStatement', { seq: orderA }, token);
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/pdf');
      // A company's paper is personal: no browser or proxy keeps a copy (docs/security.md#headers).
      expect(res.cache).toBe('no-store');
      expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const text = pdfText((await raw('api/orderStatement', { seq: orderA }, tokens.main)).body);
    expect(text.replace(/\s/g, '')).toContain('거래명세서');
    expect(text.replace(/\s/g, '')).not.toContain('월간거래명세서');
    expect(text).toContain('가온상사');
    expect(text).toContain('김가온');
    expect(text).toContain('시험 부품');
    // 22,000 + 6,600 = 28,600 = 26,000 + 2,600.
    expect(text).toContain('28,600');
    expect(text).toContain('26,000');
    expect(text).toContain('2,600');
  });

  it('prints every line of an order of several lines', async () => {
    const [line] = await server.db
      .select({ productId: orderLines.productId })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderA));
    const seq = await insertOrder(server, {
      companyId: a.companyId,
      memberId: a.main.seq,
      status: 1,
      productId: line!.productId,
      qty: 1,
      totalAmount: 11_000,
      createdAt: seoulMidnight(2),
    });
    await server.db.insert(orderLines).values({
      orderId: seq,
      productId: line!.productId,
      name: '오일 필터 세트',
      pid: 'OF-22331',
      qty: 3,
      price: 4_400,
    });
    const rows = pdfText((await raw('api/orderStatement', { seq }, tokens.main)).body).replace(/\s/g, '');
    // No, part number, name, quantity, unit price, supply value, tax: both lines, then the shipping.
    expect(rows).toContain('1TST시험부품111,00010,0001,000');
    expect(rows).toContain('2OF-22331오일필터세트34,40012,0001,200');
  });

  it("prints the order's 작업번호/차량번호 and the lines' own, once each", async () => {
    await server.db.update(orders).set({ jobRef: '12가3456' }).where(eq(orders.id, orderA));
    await server.db.update(orderLines).set({ jobRef: 'JOB-7781' }).where(eq(orderLines.orderId, orderA));
    const text = pdfText((await raw('api/orderStatement', { seq: orderA }, tokens.main)).body);
    expect(text).toContain('12가3456');
    expect(text).toContain('JOB-7781');
    await server.db.update(orders).set({ jobRef: '' }).where(eq(orders.id, orderA));
    await server.db.update(orderLines).set({ jobRef: '' }).where(eq(orderLines.orderId, orderA));
    expect(pdfText((await raw('api/orderStatement', { seq: orderA }, tokens.main)).body)).not.toContain('JOB-7781');
  });

  it("prints the buyer's 사업자등록번호, whole address and phone, a line's memo, and a reference the order and its line share once", async () => {
    await server.db.update(companies).set({ addrSub: '센텀타워 12층' }).where(eq(companies.id, a.companyId));
    await server.db.update(orders).set({ jobRef: '77다8888' }).where(eq(orders.id, orderA));
    await server.db
      .update(orderLines)
      .set({ jobRef: '77다8888', memo: '좌측 앞바퀴' })
      .where(eq(orderLines.orderId, orderA));
    const text = pdfText((await raw('api/orderStatement', { seq: orderA }, tokens.main)).body).replace(/\s/g, '');
    const license = a.license.replace(/\D/g, '');
    expect(text).toContain(`${license.slice(0, 3)}-${license.slice(3, 5)}-${license.slice(5)}`);
    expect(text).toContain('부산해운대구센텀중앙로97센텀타워12층');
    expect(text).toContain('051-700-1234');
    expect(text).toContain('메모:좌측앞바퀴');
    expect(text.split('77다8888')).toHaveLength(2);
    await server.db.update(companies).set({ addrSub: '' }).where(eq(companies.id, a.companyId));
    await server.db.update(orders).set({ jobRef: '' }).where(eq(orders.id, orderA));
    await server.db.update(orderLines).set({ jobRef: '', memo: '' }).where(eq(orderLines.orderId, orderA));
  });

  it('a cancelled or returned order reads as such, not as a claim of its amount', async () => {
    const plain = pdfText((await raw('api/orderStatement', { seq: orderA }, tokens.main)).body);
    expect(plain).toContain('위 금액을 정히 영수(청구)합니다.');
    const cancelled = pdfText((await raw('api/orderStatement', { seq: cancelledA }, tokens.main)).body);
    expect(cancelled).toContain('(공급받는자 보관용 · 취소된 주문)');
    expect(cancelled).toContain(
      '취소된 주문입니다. 아래 금액은 청구하지 않으며, 결제된 금액은 환불되었습니다. (주문 상태: 출고취소)',
    );
    expect(cancelled).toContain('이 주문은 취소되어 위 금액을 청구하지 않습니다.');
    expect(cancelled).not.toContain('정히 영수(청구)');
    await server.db.update(orders).set({ status: 5 }).where(eq(orders.id, cancelledA));
    const returned = pdfText((await raw('api/orderStatement', { seq: cancelledA }, tokens.main)).body);
    expect(returned).toContain(
      '반품된 주문입니다. 아래 금액은 청구하지 않으며, 결제된 금액은 환불되었습니다. (주문 상태: 반품승인)',
    );
    expect(returned).toContain('이 주문은 반품되어 위 금액을 청구하지 않습니다.');
    expect(returned).not.toContain('정히 영수(청구)');
    await server.db.update(orders).set({ status: 8 }).where(eq(orders.id, cancelledA));
    expect(pdfText((await raw('api/orderStatement', { seq: cancelledA }, tokens.main)).body)).toContain(
      '(주문 상태: 판매자취소)',
    );
    await server.db.update(orders).set({ status: 3 }).where(eq(orders.id, cancelledA));
  });

  it('a return for change of mind kept its shipping: its statement claims the shipping alone, and so does the period', async () => {
    await server.db
      .update(orders)
      .set({ status: 5, returnReason: 1, shipping: 6_000 })
      .where(eq(orders.id, cancelledA));
    const periodText = async () =>
      pdfText(
        (
          await raw(
            'api/monthlyStatement',
            { startDate: seoulDayOf(seoulMidnight(10)), endDate: seoulToday() },
            tokens.main,
          )
        ).body,
      );
    try {
      const own = pdfText((await raw('api/orderStatement', { seq: cancelledA }, tokens.main)).body);
      expect(own).toContain(
        '반품된 주문입니다. 상품 금액은 환불되었고, 단순 변심 반품이라 배송비는 환불되지 않았습니다. (주문 상태: 반품승인)',
      );
      expect(own).toContain('이 주문은 반품되어 위 배송비만 청구합니다.');
      expect(own).toContain('6,000');
      expect(own).not.toContain('77,000');
      const period = await periodText();
      expect(period).toContain(`주문번호 ${cancelledA}`);
      expect(period).not.toContain('77,000');
      // Returned for a defect (reason 0): everything was refunded, nothing is claimed, the period leaves it out.
      await server.db.update(orders).set({ returnReason: 0 }).where(eq(orders.id, cancelledA));
      const defect = pdfText((await raw('api/orderStatement', { seq: cancelledA }, tokens.main)).body);
      expect(defect).toContain('반품된 주문입니다. 아래 금액은 청구하지 않으며, 결제된 금액은 환불되었습니다.');
      const periodAfter = await periodText();
      expect(periodAfter).not.toContain(`주문번호 ${cancelledA}`);
    } finally {
      await server.db
        .update(orders)
        .set({ status: 3, returnReason: null, shipping: 0 })
        .where(eq(orders.id, cancelledA));
    }
  });

  it('a 외상 order undone says its amount came off what the company owes, never that it was refunded', async () => {
    const own = async () => pdfText((await raw('api/orderStatement', { seq: cancelledA }, tokens.main)).body);
    await server.db.update(orders).set({ payWith: 'credit' }).where(eq(orders.id, cancelledA));
    try {
      const cancelled = await own();
      expect(cancelled).toContain(
        '취소된 주문입니다. 아래 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다. (주문 상태: 출고취소)',
      );
      expect(cancelled).toContain('이 주문은 취소되어 위 금액을 청구하지 않습니다.');
      expect(cancelled).not.toContain('환불');
      await server.db.update(orders).set({ status: 5, returnReason: 0 }).where(eq(orders.id, cancelledA));
      const returned = await own();
      expect(returned).toContain(
        '반품된 주문입니다. 아래 금액은 청구하지 않으며, 외상 미수금에서 차감되었습니다. (주문 상태: 반품승인)',
      );
      expect(returned).not.toContain('환불');
      await server.db.update(orders).set({ returnReason: 1, shipping: 6_000 }).where(eq(orders.id, cancelledA));
      const kept = await own();
      expect(kept).toContain(
        '반품된 주문입니다. 상품 금액은 외상 미수금에서 차감되었고, 단순 변심 반품이라 배송비는 차감되지 않았습니다. (주문 상태: 반품승인)',
      );
      expect(kept).toContain('이 주문은 반품되어 위 배송비만 청구합니다.');
      expect(kept).not.toContain('환불');
    } finally {
      await server.db
        .update(orders)
        .set({ payWith: 'cash', status: 3, returnReason: null, shipping: 0 })
        .where(eq(orders.id, cancelledA));
    }
  });

  it("another company's order is 404 with a Korean message; a visitor 401; a bad seq 400", async () => {
    const other = await raw('api/orderStatement', { seq: orderA }, tokens.other);
    expect(other.status).toBe(404);
    expect(other.json().message).toBe(MSG_ORDER.orderNotFound);
    expect((await raw('api/orderStatement', { seq: orderB }, tokens.main)).status).toBe(404);
    expect((await raw('api/orderStatement', { seq: orderA })).status).toBe(401);
    expect((await raw('api/orderStatement', { seq: 'abc' }, tokens.main)).status).toBe(400);
    expect((await raw('api/orderStatement', { seq: 99_999_999 }, tokens.staff)).status).toBe(404);
  });
});

describe('api/monthlyStatement', () => {
  const start = () => seoulDayOf(seoulMidnight(10));

  it("lists the company's orders of the period, cancelled ones left out (main account)", async () => {
    const res = await raw('api/monthlyStatement', { startDate: start(), endDate: seoulToday() }, tokens.main);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.cache).toBe('no-store');
    const text = pdfText(res.body);
    expect(text.replace(/\s/g, '')).toContain('월간거래명세서');
    expect(text).toContain(`주문번호 ${orderA}`);
    expect(text).not.toContain(`주문번호 ${cancelledA}`);
    expect(text).not.toContain('77,000');
    // The names of the dates work too.
    expect((await raw('api/monthlyStatement', { from: start(), to: seoulToday() }, tokens.main)).status).toBe(200);
  });

  it('marks a 외상 order and says how much of the 합계 the 외상 월 명세서 bills, so it is not counted twice', async () => {
    const c = await makeCompany(server, '월명세점검', 0);
    const product = await makeProduct(server, { tiers: [22_000, 0, 0, 0], salePrice: 22_000, name: '점화코일' });
    const at = { companyId: c.companyId, memberId: c.main.seq, status: 2, productId: product.id };
    const creditOrder = await insertOrder(server, { ...at, qty: 2, totalAmount: 44_000, createdAt: seoulMidnight(3) });
    const cashOrder = await insertOrder(server, {
      ...at,
      totalAmount: 13_000,
      shipping: 0,
      createdAt: seoulMidnight(2),
    });
    const period = { startDate: start(), endDate: seoulToday(), companyId: c.companyId };
    const cashOnly = pdfText((await raw('api/monthlyStatement', period, tokens.staff)).body);
    expect(cashOnly).toContain(`주문번호 ${creditOrder}`);
    expect(cashOnly).not.toContain('외상');
    await server.db.update(orders).set({ payWith: 'credit' }).where(eq(orders.id, creditOrder));
    const text = pdfText((await raw('api/monthlyStatement', period, tokens.staff)).body);
    expect(text).toMatch(new RegExp(`주문번호 ${creditOrder}\\s+외상`));
    expect(text).not.toMatch(new RegExp(`주문번호 ${cashOrder}\\s+외상`));
    expect(text).toContain(
      '합계 중 외상 주문 1건 50,000원은 외상 월 명세서로 청구합니다. 나머지 13,000원은 캐시로 결제되었습니다.',
    );
    await server.db.update(orders).set({ payWith: 'credit' }).where(eq(orders.id, cashOrder));
    expect(pdfText((await raw('api/monthlyStatement', period, tokens.staff)).body)).toContain(
      '합계 중 외상 주문 2건 63,000원은 외상 월 명세서로 청구합니다.',
    );
  });

  it('a period whose orders were all cancelled or returned gives no ₩0 statement, but a Korean message', async () => {
    // Company B's only order, moved to 판매자취소 for this test.
    await server.db.update(orders).set({ status: 8 }).where(eq(orders.id, orderB));
    const res = await raw(
      'api/monthlyStatement',
      { startDate: start(), endDate: seoulToday(), companyId: b.companyId },
      tokens.staff,
    );
    await server.db.update(orders).set({ status: 0 }).where(eq(orders.id, orderB));
    expect(res.status).toBe(404);
    expect(res.json().message).toBe(
      '기간 안에 발급할 주문이 없습니다. 취소·반품된 주문은 거래명세서에 들어가지 않습니다.',
    );
  });

  it('refuses a period of more rows than a statement holds before drawing it; one row fewer is drawn', async () => {
    const c = await makeCompany(server, '명세서한도', 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    const product = await makeProduct(server, { tiers: [1_100, 0, 0, 0], salePrice: 1_100, name: '한도 시험 볼트' });
    // One order of yesterday: its line, 4,999 more lines and the shipping fee make 5,001 rows.
    const id = await insertOrder(server, {
      companyId: c.companyId,
      memberId: c.main.seq,
      status: 2,
      productId: product.id,
      qty: 1,
      totalAmount: 5_000 * 1_100,
      shipping: 3_300,
      createdAt: seoulMidnight(1),
    });
    await server.db.execute(sql`insert into order_lines (order_id, product_id, name, pid, qty, price)
      select order_id, product_id, name, pid, qty, price from order_lines, generate_series(1, 4999) where order_id = ${id}`);
    const period = { startDate: seoulDayOf(seoulMidnight(1)), endDate: seoulToday() };
    const tooMany = await raw('api/monthlyStatement', period, token);
    expect([tooMany.status, tooMany.json().message, tooMany.json().field]).toEqual([
      422,
      MSG_PAPERWORK.tooManyRows,
      'endDate',
    ]);
    const [last] = await server.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(sql`${orderLines.id} desc`)
      .limit(1);
    await server.db.delete(orderLines).where(eq(orderLines.id, last!.id));
    const drawn = await raw('api/monthlyStatement', period, token);
    expect([drawn.status, drawn.type]).toEqual([200, 'application/pdf']);
  }, 60_000);

  it("counts a change-of-mind return's shipping row alone, as printed: 5,000 printed rows are drawn, 5,001 refused", async () => {
    const c = await makeCompany(server, '반품한도', 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    const product = await makeProduct(server, { tiers: [1_100, 0, 0, 0], salePrice: 1_100, name: '반품 한도 볼트' });
    const at = { companyId: c.companyId, memberId: c.main.seq, productId: product.id, shipping: 3_300 };
    // A sale of 4,998 lines and its shipping: 4,999 rows.
    const sold = await insertOrder(server, { ...at, status: 2, totalAmount: 1_100, createdAt: seoulMidnight(1) });
    // Returned for change of mind with 10 lines: only its kept shipping is printed, 1 row (5,000 in all;
    // its lines counted too would make 5,010).
    const returned = await insertOrder(server, {
      ...at,
      status: 5,
      returnReason: 1,
      totalAmount: 1_100,
      createdAt: seoulMidnight(1),
    });
    await server.db.execute(sql`insert into order_lines (order_id, product_id, name, pid, qty, price)
      select order_id, product_id, name, pid, qty, price from order_lines,
        generate_series(1, case when order_id = ${sold} then 4997 else 9 end)
      where order_id in (${sold}, ${returned})`);
    const period = { startDate: seoulDayOf(seoulMidnight(1)), endDate: seoulToday() };
    const drawn = await raw('api/monthlyStatement', period, token);
    expect([drawn.status, drawn.type]).toEqual([200, 'application/pdf']);
    expect(pdfText(drawn.body)).toContain(`주문번호 ${returned}`);
    await server.db
      .insert(orderLines)
      .values({ orderId: sold, productId: product.id, name: '한 줄 더', pid: 'TST', qty: 1, price: 1_100 });
    const tooMany = await raw('api/monthlyStatement', period, token);
    expect([tooMany.status, tooMany.json().message]).toEqual([422, MSG_PAPERWORK.tooManyRows]);
  }, 60_000);

  it('staff name the company; a sub-account is refused; another company id is 404', async () => {
    const staff = await raw(
      'api/monthlyStatement',
      { startDate: start(), endDate: seoulToday(), companyId: b.companyId },
      tokens.staff,
    );
    expect(staff.status).toBe(200);
    expect(pdfText(staff.body)).toContain(`주문번호 ${orderB}`);
    const noCompany = await raw('api/monthlyStatement', { startDate: start(), endDate: seoulToday() }, tokens.staff);
    expect(noCompany.status).toBe(400);
    expect(noCompany.json().message).toBe(MSG_PAPERWORK.companyRequired);
    expect((await raw('api/monthlyStatement', { startDate: start(), endDate: seoulToday() }, tokens.sub)).status).toBe(
      403,
    );
    expect(
      (
        await raw(
          'api/monthlyStatement',
          { startDate: start(), endDate: seoulToday(), companyId: b.companyId },
          tokens.main,
        )
      ).status,
    ).toBe(404);
  });

  it('a range over a year is refused with a Korean message; exactly a year (366 days) is accepted', async () => {
    // Accepted: the range passes; a year without orders then has nothing to issue.
    const year = await raw('api/monthlyStatement', { startDate: '2024-01-01', endDate: '2024-12-31' }, tokens.main);
    expect([year.status, year.json().message]).toEqual([404, MSG_PAPERWORK.noOrders]);
    const ten = await raw('api/monthlyStatement', { startDate: '2016-01-01', endDate: '2025-12-31' }, tokens.main);
    expect(ten.status).toBe(400);
    expect(ten.json()).toMatchObject({ message: MSG_PAPERWORK.rangeTooLong, field: 'endDate' });
    expect(
      (await raw('api/monthlyStatement', { startDate: '2024-01-01', endDate: '2025-01-01' }, tokens.main)).status,
    ).toBe(400);
    const reversed = await raw('api/monthlyStatement', { startDate: '2025-02-01', endDate: '2025-01-01' }, tokens.main);
    expect(reversed.status).toBe(400);
    const missing = await raw('api/monthlyStatement', { startDate: '2025-02-01' }, tokens.main);
    expect(missing.json().message).toBe(MSG_PAPERWORK.rangeRequired);
  });
});

describe('캐시 원장', () => {
  it('lists every row with kind, order or payment, amount and balance after; the last balance is the balance', async () => {
    await fund(server, a.companyId, 50_000);
    const product = await makeProduct(server, { tiers: [12_100, 0, 0, 0], salePrice: 12_100 });
    const paid = await call(
      server,
      'requestPaymentProduct',
      {
        shippingInfo: {
          ...COURIER,
          shippingPayType: 1,
          memo: '',
        },
        carts: [{ productId: product.id, qty: 2 }],
      },
      { token: tokens.main },
    );
    expect(paid.body.code, paid.body.message).toBe(201);
    const res = await call(server, 'getCashLedger', { page: 1, size: 15 }, { token: tokens.main });
    expect(res.status).toBe(200);
    const rows = res.body.results!;
    expect(rows.map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      ['order', -24_200, 25_800],
      ['adjust', 50_000, 50_000],
    ]);
    expect(rows[0]!.typeLabel).toBe('주문 결제');
    expect(rows[0]!.orderSeq).toBeGreaterThan(0);
    expect((res.body as { balance?: number }).balance).toBe(25_800);
    expect(res.body.total).toBe(2);
  });

  it('a sub-account, another role and a visitor are refused; a bad range is 400', async () => {
    expect((await call(server, 'getCashLedger', {}, { token: tokens.sub })).status).toBe(403);
    expect((await call(server, 'getCashLedger', {}, { token: tokens.staff })).status).toBe(403);
    expect((await call(server, 'getCashLedger', {})).status).toBe(401);
    const bad = await call(
      server,
      'getCashLedger',
      { startDate: '2016-01-01', endDate: '2026-01-01' },
      { token: tokens.main },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG_PAPERWORK.rangeTooLong);
    const other = await call(server, 'getCashLedger', {}, { token: tokens.other });
    expect(other.body.results).toEqual([]);
  });

  it('exports CSV with a BOM for Excel and a PDF with the same rows', async () => {
    const csv = await raw('api/cashLedgerExport', { format: 'csv' }, tokens.main);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.cache).toBe('no-store');
    const text = csv.body.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('일시,구분,주문·결제,내용,금액(원),잔액(원)');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',관리자 조정,,시험 충전,50000,50000');
    expect(lines[2]).toMatch(/,주문 결제,주문 #\d+,주문 #\d+,-24200,25800$/);
    const pdf = await raw('api/cashLedgerExport', { format: 'pdf' }, tokens.main);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.cache).toBe('no-store');
    // Every row of all time: the file says so, and the day it was made.
    expect(csv.disposition).toContain(`filename="cash-ledger-all-${seoulToday()}.csv"`);
    expect(pdf.disposition).toContain(`filename="cash-ledger-all-${seoulToday()}.pdf"`);
    const pdfLines = pdfText(pdf.body);
    expect(pdfLines.replace(/\s/g, '')).toContain('캐시원장');
    expect(pdfLines).toContain('-24,200');
    expect(pdfLines).toContain('25,800');
    expect((await raw('api/cashLedgerExport', { format: 'xls' }, tokens.main)).status).toBe(400);
    expect((await raw('api/cashLedgerExport', { format: 'csv' }, tokens.sub)).status).toBe(403);
  });

  it('pages newest first, filters by Seoul days, and names the payment or order each row is about', async () => {
    const c = await makeCompany(server, '원장기간', 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    // Four rows across Seoul days: 03-01 23:30, 03-02 00:10, 03-03 09:00, 03-04 10:00 (Seoul).
    const rows = [
      ['2026-03-01T23:30:00+09:00', 'point', 30_000, 30_000, '캐시 충전 30,000원 (결제 #77)'],
      ['2026-03-02T00:10:00+09:00', 'order', -12_000, 18_000, '주문 #5'],
      ['2026-03-03T09:00:00+09:00', 'adjust', 2_000, 20_000, '관리자 조정: 누락분'],
      ['2026-03-04T10:00:00+09:00', 'license', -11_000, 9_000, '이용권 30일 (결제 #78)'],
    ] as const;
    for (const [at, type, amount, balanceAfter, note] of rows)
      await server.db
        .insert(cashLedger)
        .values({ companyId: c.companyId, type, amount, balanceAfter, note, createdAt: new Date(at) });
    await server.db.update(companies).set({ point: 9_000 }).where(eq(companies.id, c.companyId));
    const page = async (body: Record<string, unknown>) => {
      const res = await call(server, 'getCashLedger', body, { token });
      expect(res.status).toBe(200);
      return {
        total: res.body.total,
        rows: res.body.results!.map((r) => [r.note, r.typeLabel, r.orderSeq, r.paymentSeq]),
      };
    };
    expect(await page({ page: 1, size: 2 })).toEqual({
      total: 4,
      rows: [
        ['이용권 30일 (결제 #78)', '라이선스', null, 78],
        ['관리자 조정: 누락분', '관리자 조정', null, null],
      ],
    });
    expect(await page({ page: 2, size: 2 })).toEqual({
      total: 4,
      rows: [
        ['주문 #5', '주문 결제', 5, null],
        ['캐시 충전 30,000원 (결제 #77)', '캐시 충전', null, 77],
      ],
    });
    // 03-02 begins at 00:00 Seoul: 00:10 is in, 23:30 of 03-01 is not.
    expect(await page({ startDate: '2026-03-02', endDate: '2026-03-03', page: 1, size: 15 })).toEqual({
      total: 2,
      rows: [
        ['관리자 조정: 누락분', '관리자 조정', null, null],
        ['주문 #5', '주문 결제', 5, null],
      ],
    });
    const oneDate = await call(server, 'getCashLedger', { startDate: '2026-03-02' }, { token });
    expect(oneDate.status).toBe(400);

    // The period's file: oldest first, Seoul time, the order or payment named.
    const csv = await raw(
      'api/cashLedgerExport',
      { format: 'csv', startDate: '2026-03-01', endDate: '2026-03-02' },
      token,
    );
    // Named by its period, both days, as the 거래명세서 of a period is.
    expect(csv.disposition).toContain('filename="cash-ledger-2026-03-01-2026-03-02.csv"');
    expect(csv.body.toString('utf8').slice(1).trim().split('\r\n')).toEqual([
      '일시,구분,주문·결제,내용,금액(원),잔액(원)',
      '2026.03.01 23:30,캐시 충전,결제 #77,"캐시 충전 30,000원 (결제 #77)",30000,30000',
      '2026.03.02 00:10,주문 결제,주문 #5,주문 #5,-12000,18000',
    ]);
    const pdf = pdfText(
      (await raw('api/cashLedgerExport', { format: 'pdf', startDate: '2026-03-03', endDate: '2026-03-04' }, token))
        .body,
    );
    expect(pdf).toContain('2026-03-03 ~ 2026-03-04');
    expect(pdf.replace(/\s/g, '')).toContain('원장기간상사');
    expect(pdf).toContain('-11,000');
    expect(pdf).not.toContain('-12,000');
  });

  it('refuses a file of more rows than a statement holds, with a Korean message', async () => {
    const c = await makeCompany(server, '원장한도', 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    // 5,001 rows of 1 won on 2026-05-01 (Seoul), the balance kept with them.
    await server.db.execute(sql`insert into cash_ledger (company_id, type, amount, balance_after, note, created_at)
      select ${c.companyId}, 'adjust', 1, n, '시험 충전', timestamptz '2026-05-01 12:00:00+09' from generate_series(1, 5001) n`);
    await server.db.update(companies).set({ point: 5_001 }).where(eq(companies.id, c.companyId));
    const tooMany = await raw(
      'api/cashLedgerExport',
      { format: 'csv', startDate: '2026-05-01', endDate: '2026-05-01' },
      token,
    );
    expect([tooMany.status, tooMany.json().message]).toEqual([422, MSG_PAPERWORK.tooManyRows]);
    // One day earlier holds none: an empty file, not a refusal.
    const none = await raw(
      'api/cashLedgerExport',
      { format: 'csv', startDate: '2026-04-30', endDate: '2026-04-30' },
      token,
    );
    expect(none.status).toBe(200);
    expect(none.body.toString('utf8').slice(1).trim().split('\r\n')).toEqual([
      '일시,구분,주문·결제,내용,금액(원),잔액(원)',
    ]);
  });
});
