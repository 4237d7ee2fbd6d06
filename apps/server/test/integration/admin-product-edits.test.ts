import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_ADMIN, type AdminProduct } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { call, type TestServer } from '../helpers.js';
import { KOREA } from '../order-helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * Two staff editing one product (docs/requirements.md#back-office): an edit names the product's `ver`
 * its form read; a save over a newer edit is refused (409) instead of silently putting the old
 * price back. Stock moved by a stock change does not count as an edit, so a form open while the
 * product sells still saves; a CSV import does count.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

/** Sent as raw JSON, so that ill-typed `ver`s can be sent too. */
const save = (body: Record<string, unknown>) =>
  call<AdminProduct>(server, 'POST', 'api/admin/saveProduct', body, staff);
const fieldsOf = (pid: string, salePrice: number) => ({
  name: `편집 시험 부품 ${pid}`,
  pid,
  factoryNum: '',
  type: 2,
  salePrice,
  priceA: 0,
  priceB: 0,
  priceC: 0,
  priceD: 0,
  ...KOREA,
  hasAmount: 5,
});
async function created(pid: string, salePrice: number): Promise<AdminProduct> {
  const res = await save(fieldsOf(pid, salePrice));
  expect([res.body.code, res.body.results?.ver]).toEqual([201, 0]);
  return res.body.results!;
}
const stored = async (seq: number) =>
  (await call(server, 'adminProductDetail', { seq }, { token: staff })).body.results!;
const auditsOf = async (seq: number) =>
  (
    await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from admin_audit where target = ${`product:${seq}`}`,
    )
  )[0]!.n;

describe('api/admin/saveProduct with the ver its form read', () => {
  it('an edit at the current ver saves and raises ver; one at an older ver is 409 in Korean and changes nothing', async () => {
    const p = await created('EDIT-VER-1', 10_000);
    const first = await save({ ...fieldsOf('EDIT-VER-1', 12_000), seq: p.seq, ver: 0 });
    expect([first.body.code, first.body.results?.salePrice, first.body.results?.ver]).toEqual([201, 12_000, 1]);
    const audits = await auditsOf(p.seq);

    // The other form was read before the first edit: its old price must not come back.
    const stale = await save({ ...fieldsOf('EDIT-VER-1', 9_000), seq: p.seq, ver: 0 });
    expect([stale.status, stale.body.message, stale.body.field]).toEqual([409, MSG_ADMIN.productChanged, 'ver']);
    const after = await stored(p.seq);
    expect([after.salePrice, after.ver]).toEqual([12_000, 1]);
    expect(await auditsOf(p.seq)).toBe(audits);
    expect((await save({ ...fieldsOf('EDIT-VER-1', 9_000), seq: p.seq, ver: 2 })).status).toBe(409);
  });

  it('stock changed by staff, or sold, is no edit: a form read before it still saves', async () => {
    const p = await created('EDIT-VER-2', 20_000);
    const moved = await call(server, 'adminChangeStock', { seq: p.seq, delta: 7, reason: '입고' }, { token: staff });
    expect(moved.body.code).toBe(201);
    expect((await stored(p.seq)).ver).toBe(0);
    const res = await save({ ...fieldsOf('EDIT-VER-2', 21_000), seq: p.seq, ver: 0 });
    expect([res.body.code, res.body.results?.salePrice, res.body.results?.hasAmount, res.body.results?.ver]).toEqual([
      201, 21_000, 12, 1,
    ]);
  });

  it('a CSV import of the product is an edit: a form read before it is refused', async () => {
    const p = await created('EDIT-VER-3', 30_000);
    const header =
      'pid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo';
    const csv = [header, `EDIT-VER-3,편집 시험 부품 EDIT-VER-3,,2,31000,0,0,0,0,5,${KOREA.stockName},1,,,`].join('\n');
    const imported = await call(server, 'adminImportProducts', { csv, commit: true }, { token: staff });
    expect(imported.body.results?.committed).toBe(true);
    expect((await stored(p.seq)).ver).toBe(1);
    const stale = await save({ ...fieldsOf('EDIT-VER-3', 29_000), seq: p.seq, ver: 0 });
    expect(stale.status).toBe(409);
    expect((await stored(p.seq)).salePrice).toBe(31_000);
  });

  it('an edit without ver (an older client) saves; a ver that is not a whole number from 0 is 400', async () => {
    const p = await created('EDIT-VER-4', 40_000);
    const res = await save({ ...fieldsOf('EDIT-VER-4', 41_000), seq: p.seq });
    expect([res.body.code, res.body.results?.ver]).toEqual([201, 1]);
    for (const ver of [-1, 0.5, '1', 2_147_483_648]) {
      const bad = await save({ ...fieldsOf('EDIT-VER-4', 1), seq: p.seq, ver });
      expect([ver, bad.status]).toEqual([ver, 400]);
    }
    expect((await stored(p.seq)).salePrice).toBe(41_000);
  });

  it('two staff saving edits read at one ver at once: one is saved, the other told; ver goes up by one', async () => {
    const p = await created('EDIT-VER-5', 50_000);
    const answers = await Promise.all([
      save({ ...fieldsOf('EDIT-VER-5', 51_000), seq: p.seq, ver: 0 }),
      save({ ...fieldsOf('EDIT-VER-5', 52_000), seq: p.seq, ver: 0 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.results!;
    const after = await stored(p.seq);
    expect([after.ver, after.salePrice]).toEqual([1, winner.salePrice]);
  });
});
