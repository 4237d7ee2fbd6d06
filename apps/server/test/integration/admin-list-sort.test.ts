import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, payments } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * The back office's lists are paged by the server, so a sort by a column is the server's, across
 * every page (docs/requirements.md#back-office): a whitelisted column, ascending or descending, the
 * row's number breaking ties the same way so that pages never repeat nor skip a row; without a sort
 * the list's own order. Page numbers and sizes, periods and statuses are refused with clear words.
 */
let server: TestServer;
let staff: string;
/** Companies 가, 나 and 다 of the word 정렬시험, made in the order 나, 가, 다. */
let co: Record<'ga' | 'na' | 'da', TestCompany>;
/** The seven orders o1…o7 (by their number, oldest first). */
let o: number[];

const post = <T = unknown>(path: string, body: Record<string, unknown>) =>
  call<T>(server, 'POST', `api/admin/${path}`, body, staff);

/** The rows' `key` of each page of `path`'s list, `size` a page, until a short page. */
async function pages(path: string, body: Record<string, unknown>, size: number, key: string) {
  const read: unknown[][] = [];
  for (let page = 1; ; page++) {
    const res = await post<Record<string, unknown>[]>(path, { ...body, page, size });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    read.push(res.body.results!.map((r) => r[key]));
    if (res.body.results!.length < size) return read;
  }
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  const na = await makeCompany(server, '정렬시험나', 0);
  const ga = await makeCompany(server, '정렬시험가', 0);
  const da = await makeCompany(server, '정렬시험다', 0);
  co = { ga, na, da };
  for (const [c, point] of [
    [na, 5_000],
    [ga, 5_000],
    [da, 1_000],
  ] as const)
    await server.db.update(companies).set({ point }).where(eq(companies.id, c.companyId));
  const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
  const fixtures: [TestCompany, number, number, number][] = [
    // company, goods total, shipping, status
    [ga, 3_000, 0, 0],
    [na, 1_000, 0, 2],
    [da, 3_000, 0, 1],
    [ga, 2_000, 0, 8],
    [na, 3_000, 0, 0],
    [da, 500, 4_000, 4],
    [ga, 1_000, 0, 6],
  ];
  o = [];
  for (const [c, totalAmount, shipping, status] of fixtures)
    o.push(
      await insertOrder(server, {
        companyId: c.companyId,
        memberId: c.main.seq,
        status,
        productId: p.id,
        totalAmount,
        shipping,
      }),
    );
});
afterAll(async () => {
  await server?.close();
});

describe('the order list sorted by a column', () => {
  const list = (sort: Record<string, unknown>) => pages('orderList', { company: '정렬시험', ...sort }, 3, 'seq');
  const seqs = (...n: number[]) => n.map((i) => o[i - 1]);

  it('by 금액 (goods and shipping) ascending: the first page holds the three smallest of all pages', async () => {
    // 1,000 (o2, o7), 2,000 (o4), 3,000 (o1, o3, o5), 4,500 (o6: 500 and 4,000 shipping).
    expect(await list({ sortBy: 'amount', sortDir: 'asc' })).toEqual([seqs(2, 7, 4), seqs(1, 3, 5), seqs(6)]);
    expect(await list({ sortBy: 'amount' })).toEqual([seqs(2, 7, 4), seqs(1, 3, 5), seqs(6)]);
  });

  it('by 금액 descending: ties by the order number descending, no row twice nor missing', async () => {
    expect(await list({ sortBy: 'amount', sortDir: 'desc' })).toEqual([seqs(6, 5, 3), seqs(1, 4, 7), seqs(2)]);
  });

  it('by 주문번호, 업체 and 상태, each across the pages', async () => {
    expect(await list({ sortBy: 'seq', sortDir: 'asc' })).toEqual([seqs(1, 2, 3), seqs(4, 5, 6), seqs(7)]);
    expect(await list({ sortBy: 'company', sortDir: 'asc' })).toEqual([seqs(1, 4, 7), seqs(2, 5, 3), seqs(6)]);
    expect(await list({ sortBy: 'status', sortDir: 'desc' })).toEqual([seqs(4, 7, 6), seqs(2, 3, 5), seqs(1)]);
    expect(await list({ sortBy: 'created', sortDir: 'asc' })).toEqual([seqs(1, 2, 3), seqs(4, 5, 6), seqs(7)]);
  });

  it('without a sort the newest first, as before', async () => {
    expect(await list({})).toEqual([seqs(7, 6, 5), seqs(4, 3, 2), seqs(1)]);
    expect(await list({ sortDir: 'asc' })).toEqual([seqs(7, 6, 5), seqs(4, 3, 2), seqs(1)]);
  });

  it('a column outside the list of sortable ones is refused, naming the field', async () => {
    for (const sortBy of ['memberName', 'id; drop table orders', 'total_amount', 7]) {
      const res = await post('orderList', { sortBy });
      expect([res.status, res.body.message, res.body.field]).toEqual([400, '정렬 기준을 다시 선택하세요.', 'sortBy']);
    }
    const res = await post('orderList', { sortBy: 'amount', sortDir: 'up' });
    expect([res.status, res.body.message, res.body.field]).toEqual([
      400,
      '정렬 방향을 다시 선택하세요. (asc 또는 desc)',
      'sortDir',
    ]);
  });
});

describe('the other lists sorted by a column', () => {
  it('companies by 업체명 and by 캐시, ties by the company number', async () => {
    const list = (sort: Record<string, unknown>) =>
      pages('companyList', { keyword: '정렬시험', ...sort }, 2, 'companyId');
    const { ga, na, da } = co;
    expect(await list({ sortBy: 'name', sortDir: 'asc' })).toEqual([[ga.companyId, na.companyId], [da.companyId]]);
    expect(await list({ sortBy: 'point', sortDir: 'desc' })).toEqual([[ga.companyId, na.companyId], [da.companyId]]);
    expect(await list({ sortBy: 'point', sortDir: 'asc' })).toEqual([[da.companyId, na.companyId], [ga.companyId]]);
  });

  it('products by 판매가, 재고, 품번 and 상품명, searched by name and by part number', async () => {
    const made = [];
    for (const [pid, salePrice, stock] of [
      ['SRT-C3', 30_000, 7],
      ['SRT-A1', 10_000, 0],
      ['SRT-B2', 20_000, 7],
      ['SRT-D4', 5_000, 3],
    ] as const)
      made.push(
        await makeProduct(server, {
          tiers: [salePrice, salePrice, salePrice, salePrice],
          salePrice,
          stock,
          pid,
          name: `정렬시험 필터 ${pid}`,
        }),
      );
    const [c3, a1, b2, d4] = made.map((p) => p.id);
    for (const search of [
      { searchType: 'name', keyword: '정렬시험' },
      { searchType: 'pid', keyword: 'SRT' },
    ]) {
      const list = (sort: Record<string, unknown>) => pages('productList', { ...search, ...sort }, 3, 'seq');
      expect(await list({ sortBy: 'sale', sortDir: 'asc' })).toEqual([[d4, a1, b2], [c3]]);
      expect(await list({ sortBy: 'stock', sortDir: 'desc' })).toEqual([[b2, c3, d4], [a1]]);
      expect(await list({ sortBy: 'pid', sortDir: 'asc' })).toEqual([[a1, b2, c3], [d4]]);
      expect(await list({ sortBy: 'name', sortDir: 'desc' })).toEqual([[d4, c3, b2], [a1]]);
    }
  });

  it('payments by 금액, ties by the payment number', async () => {
    const ids = [];
    for (const [gatewayId, amount] of [
      ['sort-a', 50_000],
      ['sort-b', 10_000],
      ['sort-c', 50_000],
    ] as const) {
      const [row] = await server.db
        .insert(payments)
        .values({
          gatewayId,
          provider: 'sandbox',
          companyId: co.da.companyId,
          memberId: co.da.main.seq,
          kind: 'point',
          pgcode: 'creditcard',
          amount,
          productName: '캐시 충전',
          status: 'paid',
          paidAt: new Date(),
        })
        .returning({ id: payments.id });
      ids.push(row!.id);
    }
    const [a, b, c] = ids;
    const list = (sort: Record<string, unknown>) => pages('paymentList', { company: '정렬시험다', ...sort }, 2, 'seq');
    expect(await list({ sortBy: 'amount', sortDir: 'asc' })).toEqual([[b, a], [c]]);
    expect(await list({ sortBy: 'amount', sortDir: 'desc' })).toEqual([[c, a], [b]]);
    expect(await list({})).toEqual([[c, b], [a]]);
  });
});

describe('pages, periods and statuses of the back-office lists (docs/requirements.md#answers-and-errors)', () => {
  it('a page size over 100 is served as 100, as every list is', async () => {
    for (let i = 0; i < 101; i++) await makeProduct(server, { tiers: [100, 100, 100, 100], salePrice: 100 });
    const res = await post<unknown[]>('productList', { size: 500 });
    expect([res.status, res.body.results!.length]).toEqual([200, 100]);
    expect(res.body.total).toBeGreaterThan(100);
    expect((await post<unknown[]>('orderList', { company: '정렬시험', size: 200 })).body.results).toHaveLength(7);
  });

  it('a page number below 1 or above 100,000 is refused naming the page; a page past the end is empty', async () => {
    const lists = ['orderList', 'companyList', 'productList', 'paymentList', 'noticeList', 'inquiryList', 'jobList'];
    for (const path of [...lists, 'xrefList', 'taxInvoiceList', 'statementList']) {
      for (const page of [0, -1]) {
        const res = await post(path, { page });
        expect([path, res.status, res.body.message, res.body.field]).toEqual([
          path,
          400,
          '페이지 번호는 1 이상이어야 합니다.',
          'page',
        ]);
      }
      const far = await post(path, { page: 1_000_000_000 });
      expect([path, far.status, far.body.message, far.body.field]).toEqual([
        path,
        400,
        '페이지 번호는 100,000 이하여야 합니다.',
        'page',
      ]);
    }
    const past = await post('orderList', { company: '정렬시험', page: 50, size: 20 });
    expect([past.status, past.body.results, past.body.total]).toEqual([200, [], 7]);
  });

  it('a period whose start is after its end is refused on every list with a period', async () => {
    for (const path of ['orderList', 'orderExport', 'paymentList']) {
      const res = await post(path, { startDate: '2026-03-11', endDate: '2026-03-10' });
      expect([path, res.status, res.body.message, res.body.field]).toEqual([
        path,
        400,
        '시작일이 종료일보다 늦습니다.',
        'startDate',
      ]);
      expect((await post(path, { startDate: '2026-03-10', endDate: '2026-03-10' })).status).toBe(200);
    }
  });

  it('an order status that is none of the statuses is refused; each status is taken', async () => {
    for (const status of [7, 9, -1, 'x']) {
      const res = await post('orderList', { status });
      expect([status, res.status, res.body.message, res.body.field]).toEqual([
        status,
        400,
        '주문 상태를 다시 선택하세요.',
        'status',
      ]);
    }
    for (const status of [0, 1, 2, 3, 4, 5, 6, 8])
      expect([status, (await post('orderList', { status })).status]).toEqual([status, 200]);
  });
});
