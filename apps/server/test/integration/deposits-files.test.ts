import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_DEPOSIT } from '@partsmall/contract';
import { deposits } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { balanceOf } from '../order-helpers.js';
import { giveCredit } from '../deposit-helpers.js';

/**
 * A bank's 입금내역 file whose amounts were written with thousands separators and no quotes
 * (docs/requirements.md#credit-deposits): any line the titles cannot read refuses the whole file.
 */
let server: TestServer;
let staff: string;
let shop: TestCompany;

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  shop = await makeCompany(server, '한빛수입차부품', 0);
  await giveCredit(server, shop.companyId);
}, 60_000);
afterAll(() => server?.close());

async function upload(text: string) {
  const form = new FormData();
  form.append('file', new Blob([text]), '입금내역.csv');
  const res = await fetch(`${server.base}/api/admin/importDeposits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staff}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { message: string; results?: unknown } };
}

const depositsNamed = async (name: string) =>
  (await server.db.select().from(deposits).where(eq(deposits.depositorName, name))).map((d) => [d.amount, d.status]);

describe('importDeposits: an amount split by an unquoted thousands separator', () => {
  it('120,000 unquoted: 400 naming the line, nothing recorded or queued, cash unchanged', async () => {
    const name = '한빛수입차부품상사';
    const cash = await balanceOf(server, shop.companyId);
    const res = await upload(`거래일자,입금자명,입금액,잔액\n2026-12-05 14:30,${name},120,000,1,520,000\n`);
    expect([res.status, res.body.message]).toEqual([
      400,
      '입금내역을 읽지 못한 줄이 있어 아무것도 반영하지 않았습니다. 2행: 제목 줄은 4칸인데 이 줄은 7칸입니다. ' +
        '금액의 쉼표(,)로 칸이 나뉘었다면 금액을 따옴표로 감싸거나 쉼표 없이 저장해 올려 주세요.',
    ]);
    expect(await depositsNamed(name)).toEqual([]);
    const queue = await call(server, 'adminDepositQueue', {}, { token: staff });
    expect([queue.body.results, queue.body.total]).toEqual([[], 0]);
    expect(await balanceOf(server, shop.companyId)).toBe(cash);
  });

  it('1,000.5 unquoted: refused the same way, not queued as 1 won', async () => {
    const res = await upload('거래일자,입금자명,입금액\n2026-12-05 14:30,모르는사람,1,000.5\n');
    expect([res.status, res.body.message]).toEqual([400, MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowWider(2, 3, 4)], 0)]);
    expect(await depositsNamed('모르는사람')).toEqual([]);
  });

  it('"120,000" quoted: applied as 120,000 won to the company named', async () => {
    const name = '한빛수입차부품상사';
    const cash = await balanceOf(server, shop.companyId);
    const res = await upload(`거래일자,입금자명,입금액,잔액\n2026-12-05 14:30,${name},"120,000","1,520,000"\n`);
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject({ rows: 1, applied: 1, review: 0, duplicates: 0 });
    expect(await depositsNamed(name)).toEqual([[120_000, 'applied']]);
    expect(await balanceOf(server, shop.companyId)).toBe(cash + 120_000);
  });
});
