import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import { members, products, restockAlerts } from '../../src/db/schema.js';
import { importProducts } from '../../src/features/admin/products.js';
import { startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';

/**
 * A product CSV's commit writes its lines together, a few statements for each chunk of lines, not
 * several for every line (docs/requirements.md#back-office): the commit is one transaction, and on the
 * embedded PGlite `npm start` runs on, every other request of the shop waits for it. A file of 5,000
 * lines written a line at a time held the whole shop for 10-17 seconds. The commit here runs on a
 * handle that counts its statements; what it writes is checked as staff and buyers would see it.
 */
let server: TestServer;
let staffId: number;
let buyer: TestCompany;
let statements = 0;
let counted: Db;

beforeAll(async () => {
  server = await startTestServer();
  const [staff] = await server.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.loginId, 'staff@partsmall.kr'));
  staffId = staff!.id;
  buyer = await makeCompany(server, '일괄', 0, { cheapPasswords: true });
  const client = (server.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const logger = { logQuery: () => void statements++ };
  counted = ('exec' in client
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Db;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const HEADER =
  'pid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo';
/** `lines` products `tag`-0 … with `stock` each; the detail a text the values' arrays must carry as it is. */
const csv = (tag: string, lines: number, stock: number, detail = '상세') =>
  [
    HEADER,
    ...Array.from(
      { length: lines },
      (_, i) =>
        `${tag}-${i},일괄 부품 ${i},,1,2000,0,0,0,0,${stock},한국 김포물류센터,1,,,"${detail.replace(/"/g, '""')} ${i}"`,
    ),
  ].join('\n');
const TRICKY = '"인용", 역슬래시 \\ {괄호} NULL';

/** The statements one commit of the file ran, and its answer. */
async function commit(text: string) {
  const before = statements;
  const result = await importProducts(counted, staffId, text, true);
  return { statements: statements - before, result };
}

const stored = (tag: string) =>
  queryRows<{ n: number; stock: number; ver: number }>(
    server.db,
    sql`select count(*)::int as n, min(has_amount)::int as stock, max(edit_ver)::int as ver
        from products where pid like ${`${tag}-%`}`,
  );

/** Restock requests of the buyer for the products numbered `pids`. */
async function ask(pids: string[]): Promise<number[]> {
  const rows = await server.db.select({ id: products.id }).from(products).where(inArray(products.pid, pids));
  await server.db
    .insert(restockAlerts)
    .values(rows.map((r) => ({ companyId: buyer.companyId, memberId: buyer.main.seq, productId: r.id })));
  return rows.map((r) => r.id);
}

const restockJobs = (ids: number[]) =>
  queryRows<{ key: string; members: number[] }>(
    server.db,
    sql`select singleton_key as key, data->'memberIds' as members from pgboss.job
        where name = 'sms.restock' and split_part(singleton_key, ':', 2)::int = any(${sql.param(ids)}::int[])`,
  );

describe('the statements of a product CSV commit', () => {
  it('are as many for 1,200 new lines as for 10, one more for each further 500', async () => {
    const few = await commit(csv('STMT-FEW', 10, 0));
    expect(few.result.committed).toBe(true);
    const many = await commit(csv('STMT-MANY', 1_200, 0));
    expect(many.result.committed).toBe(true);
    expect(await stored('STMT-MANY')).toEqual([{ n: 1_200, stock: 0, ver: 0 }]);
    expect(many.statements).toBeLessThanOrEqual(few.statements + 2);
  });

  it('are as many for 1,200 updated lines, restocks among them, as for 10; each restock texts its asker', async () => {
    const fewAsked = await ask(['STMT-FEW-0', 'STMT-FEW-1']);
    const manyAsked = await ask(Array.from({ length: 40 }, (_, i) => `STMT-MANY-${i * 30}`));
    const few = await commit(csv('STMT-FEW', 10, 5));
    expect(few.result.rows.every((r) => r.action === 'update')).toBe(true);
    const many = await commit(csv('STMT-MANY', 1_200, 5, TRICKY));
    expect(many.result.rows.filter((r) => r.action === 'update')).toHaveLength(1_200);
    expect(many.statements).toBeLessThanOrEqual(few.statements + 2);

    // Every line written, its edit counted once; every restock request ended with one text job each.
    expect(await stored('STMT-MANY')).toEqual([{ n: 1_200, stock: 5, ver: 1 }]);
    const [seventh] = await server.db
      .select({ detailInfo: products.detailInfo, brand: products.brand })
      .from(products)
      .where(eq(products.pid, 'STMT-MANY-7'));
    expect(seventh).toEqual({ detailInfo: `${TRICKY} 7`, brand: '' });
    const asked = [...fewAsked, ...manyAsked];
    expect(await server.db.select().from(restockAlerts).where(inArray(restockAlerts.productId, asked))).toEqual([]);
    const jobs = await restockJobs(asked);
    expect(jobs).toHaveLength(42);
    expect(new Set(jobs.map((j) => j.key.split(':')[1])).size).toBe(42);
    expect(jobs.every((j) => j.members.length === 1 && j.members[0] === buyer.main.seq)).toBe(true);
  });
});
