import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { exportOrders } from '../../src/features/admin/orders.js';
import { exportProducts } from '../../src/features/admin/product-csv.js';
import { ORDER_STATUS } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { insertOrder } from '../order-helpers.js';

/**
 * The back office's list exports (docs/requirements.md#back-office): every matching row, never a file
 * cut at the import's 5,000 lines without a word (5,381 products exported as 5,000); past
 * EXPORT_MAX_ROWS the file holds the first rows and the answer says how many matched and that it is cut.
 */
let server: TestServer;
let staff: string;
let products = 0;
/** The product search with nothing filled in. */
const ALL = { searchType: 'name' as const, keyword: '', stockName: '' };

const countOf = async (table: 'products' | 'orders') =>
  (await queryRows<{ n: number }>(server.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  // 5,100 more products, copies of the first with numbers of their own.
  const columns = (
    await queryRows<{ column_name: string }>(
      server.db,
      sql`select column_name from information_schema.columns
          where table_name = 'products' and table_schema = current_schema() and column_name <> 'id'
            and is_generated = 'NEVER' and column_default is distinct from 'nextval'`,
    )
  )
    .map((c) => c.column_name)
    .filter((c) => c !== 'id');
  const picked = columns.map((c) =>
    c === 'pid' ? `'EXP-' || g` : c === 'pid_key' ? `'EXP' || g` : c === 'name' ? `'내보내기 시험 ' || g` : `p.${c}`,
  );
  await server.db.execute(
    sql.raw(
      `insert into products (${columns.join(', ')})
       select ${picked.join(', ')} from products p, generate_series(1, 5100) g
       where p.id = (select min(id) from products)`,
    ),
  );
  products = await countOf('products');
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('product export', () => {
  it('writes every product past the import’s 5,000 lines, with no cut message', async () => {
    expect(products).toBeGreaterThan(5100);
    const res = await call(server, 'adminProductExport', {}, { token: staff });
    const results = res.body.results as { csv: string; rows: number; total: number };
    expect([res.status, results.rows, results.total, res.body.message]).toEqual([
      200,
      products,
      products,
      '정상 처리되었습니다.',
    ]);
    expect(results.csv.match(/\r?\nEXP-\d+,/g)?.length).toBe(5100);
  });

  it('past the bound writes the first rows and says in Korean that the file is cut', async () => {
    const cut = await exportProducts(server.db, ALL, 5000);
    expect([cut.rows, cut.total]).toEqual([5000, products]);
    expect(cut.message).toBe(
      `조건에 맞는 ${products.toLocaleString('en-US')}건 중 앞의 5,000건만 CSV에 담았습니다. 검색 조건을 좁혀 나누어 내려받으세요.`,
    );
    // Exactly at the bound: whole, no message.
    const whole = await exportProducts(server.db, ALL, products);
    expect([whole.rows, whole.total, whole.message]).toEqual([products, products, undefined]);
  });
});

describe('order export', () => {
  it('writes every order; past the bound the first ones with the message', async () => {
    const [buyer] = await queryRows<{ id: number; company_id: number }>(
      server.db,
      sql`select id, company_id from members where company_id is not null order by id limit 1`,
    );
    const [product] = await queryRows<{ id: number }>(server.db, sql`select min(id) as id from products`);
    for (let i = 0; i < 3; i++)
      await insertOrder(server, {
        companyId: buyer!.company_id,
        memberId: buyer!.id,
        status: ORDER_STATUS.purchaseRequest,
        productId: product!.id,
      });
    const orders = await countOf('orders');
    const res = await call(server, 'adminOrderExport', {}, { token: staff });
    const results = res.body.results as { rows: number; total: number };
    expect([results.rows, results.total, res.body.message]).toEqual([orders, orders, '정상 처리되었습니다.']);
    expect(orders).toBeGreaterThanOrEqual(3);
    const cut = await exportOrders(server.db, { page: 1, size: 20 }, 2);
    expect([cut.rows, cut.total, cut.message]).toEqual([
      2,
      orders,
      `조건에 맞는 ${orders}건 중 앞의 2건만 CSV에 담았습니다. 검색 조건을 좁혀 나누어 내려받으세요.`,
    ]);
    const whole = await exportOrders(server.db, { page: 1, size: 20 }, orders);
    expect([whole.rows, whole.message]).toEqual([orders, undefined]);
  });
});
