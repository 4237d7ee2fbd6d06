import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany, type TestCompany } from '../member-helpers.js';
import { balanceOf } from '../order-helpers.js';

/**
 * Ids and page numbers of the back office's calls (docs/requirements.md#validation): a number or a
 * string of digits, as a query string sends it, and nothing else. `{"companyId": true}` was read as
 * company 1, so a cash adjustment or a credit account meant for nobody changed the first company.
 */
let server: TestServer;
let admin: string;
let co: TestCompany;

beforeAll(async () => {
  server = await startTestServer();
  co = await makeCompany(server, '번호규칙', 0);
  admin = await loginAs(server, 'admin@partsmall.kr', 'admin1234');
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: Record<string, unknown>) => call(server, 'POST', `api/admin/${path}`, body, admin);
const COMPANY = '업체를 선택하세요.';
/** Company 1's credit account as stored (none: []). */
const creditAccountsOfFirst = () => queryRows(server.db, sql`select * from credit_accounts where company_id = 1`);

describe('back-office ids', () => {
  it('adjustCash refuses companyId true, [] and null, changing nothing of company 1, and takes 3 and "3"', async () => {
    const first = await balanceOf(server, 1);
    for (const companyId of [true, [], null, [1], '1.0', ' 1'])
      expect([companyId, ...(await refusal('adjustCash', { companyId, amount: 1_000, reason: '번호 검사' }))]).toEqual([
        companyId,
        400,
        COMPANY,
        'companyId',
      ]);
    expect(await balanceOf(server, 1)).toBe(first);
    const byNumber = await post('adjustCash', { companyId: co.companyId, amount: 1_000, reason: '번호 검사' });
    const byDigits = await post('adjustCash', { companyId: String(co.companyId), amount: 2_000, reason: '번호 검사' });
    expect([byNumber.body.code, byDigits.body.code]).toEqual([201, 201]);
    expect(await balanceOf(server, co.companyId)).toBe(3_000);
    await expectLedgerMatchesBalances(server);
  });

  it("setCreditAccount refuses companyId true and leaves company 1's account as it was", async () => {
    const before = await creditAccountsOfFirst();
    const account = {
      status: 'active',
      limit: 5_000_000,
      allowExceed: false,
      termCode: 'EOM_NEXT_10',
      graceDays: 5,
      overdueThreshold: 0,
      allowSubAccounts: false,
      reason: '번호 검사',
    };
    expect(await refusal('setCreditAccount', { ...account, companyId: true })).toEqual([400, COMPANY, 'companyId']);
    expect(await creditAccountsOfFirst()).toEqual(before);
    const saved = await post('setCreditAccount', { ...account, companyId: String(co.companyId) });
    expect(saved.body.code).toBe(201);
  });
});

describe('back-office page numbers', () => {
  it('a list refuses page true, [] and null naming the page, and takes 3 and "3"', async () => {
    for (const page of [true, [], null, false])
      expect([page, ...(await refusal('companyList', { page }))]).toEqual([
        page,
        400,
        '페이지 번호는 1 이상이어야 합니다.',
        'page',
      ]);
    const [byNumber, byDigits] = await Promise.all([
      post('companyList', { page: 3, size: 1 }),
      post('companyList', { page: '3', size: '1' }),
    ]);
    expect([byNumber.body.code, byDigits.body.code]).toEqual([200, 200]);
    expect(byDigits.body.results).toEqual(byNumber.body.results);
  });
});

/**
 * A product's, a staff account's and an order's id says what to choose, as the buyer's order calls
 * do ('주문을 선택하세요.'): '{"seq": true}' answered the generic '요청 형식이 올바르지 않습니다.'.
 */
describe("the back office's product, staff and order ids say what to choose", () => {
  const PRODUCT = '상품을 선택하세요.';
  const STAFF = '직원을 선택하세요.';
  const ORDER = '주문을 선택하세요.';
  const NOT_IDS: unknown[] = [true, '1e3', [], null, 0, '1.0', -3, 2_147_483_648];
  const product = {
    name: '번호 검사 부품',
    pid: 'IDS-1',
    type: 1,
    salePrice: 1000,
    priceA: 0,
    priceB: 0,
    priceC: 0,
    priceD: 0,
    stockName: '한국 김포물류센터',
    storageId: 1,
  };
  const CALLS: [path: string, field: string, rest: Record<string, unknown>, message: string][] = [
    ['productDetail', 'seq', {}, PRODUCT],
    ['saveProduct', 'seq', product, PRODUCT],
    ['changeStock', 'seq', { delta: 1, reason: '번호 검사' }, PRODUCT],
    ['uploadProductImage', 'seq', { name: 'a.png', data: 'AAAA' }, PRODUCT],
    ['removeProductImage', 'seq', { url: '/uploads/products/a.png' }, PRODUCT],
    ['resetStaffPassword', 'seq', {}, STAFF],
    ['setStaffStatus', 'seq', { status: 'active' }, STAFF],
    ['orderDetail', 'seq', {}, ORDER],
  ];
  it.each(CALLS)('%s refuses a %s that is no id with its message', async (path, field, rest, message) => {
    for (const bad of NOT_IDS)
      expect([bad, ...(await refusal(path, { ...rest, [field]: bad }))]).toEqual([bad, 400, message, field]);
  });

  it('bulkShipConfirm names the order among its seqs that is no id', async () => {
    expect(await refusal('bulkShipConfirm', { seqs: [1, true] })).toEqual([400, ORDER, 'seqs.1']);
  });

  it('a product and a staff account are found by 3 and "3" alike', async () => {
    const saved = await post('saveProduct', { ...product, pid: `IDS-${co.companyId}` });
    const seq = (saved.body.results as { seq: number }).seq;
    const [byNumber, byDigits] = await Promise.all([
      post('productDetail', { seq }),
      post('productDetail', { seq: String(seq) }),
    ]);
    expect([byNumber.body.code, byDigits.body.code]).toEqual([200, 200]);
    expect(byDigits.body.results).toEqual(byNumber.body.results);
    const [staff] = await queryRows<{ id: number }>(
      server.db,
      sql`select id from members where login_id = 'staff@partsmall.kr'`,
    );
    const resumed = await post('setStaffStatus', { seq: String(staff!.id), status: 'active' });
    expect(resumed.body.code).toBe(201);
  });
});

/** The documents' GET calls read their ids from the query string and say what to choose, as the POST calls do. */
describe("the documents' ids in a query string", () => {
  it.each([
    ['orderStatement?seq=0', 'seq', '주문을 선택하세요.'],
    ['orderStatement?seq=true', 'seq', '주문을 선택하세요.'],
    ['statementPdf?seq=0', 'seq', '명세서를 선택하세요.'],
    ['monthlyStatement?startDate=2026-11-01&endDate=2026-11-30&companyId=0', 'companyId', '업체를 선택하세요.'],
  ])('%s', async (path, field, message) => {
    const a = await call(server, 'GET', `api/${path}`, undefined, admin);
    expect([a.status, a.body.message, a.body.field]).toEqual([400, message, field]);
  });
});

async function refusal(path: string, body: Record<string, unknown>) {
  const a = await post(path, body);
  return [a.status, a.body.message, a.body.field];
}
