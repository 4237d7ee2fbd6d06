import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, orders, shipments } from '../../src/db/schema.js';
import { parseCsv } from '../../src/shared/csv.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * What the back office writes that leaves the shop on paper or to another company
 * (docs/requirements.md#shipping-and-tracking, #back-office, #validation): a waybill on one company's
 * orders only, the order export's phones and waybills kept as text by Excel, filler-only 업태/종목
 * stored blank, and the shop settings' 사업자등록번호 and document fields printable.
 */
let server: TestServer;
let staff: string;
let admin: string;
let gaon: TestCompany;
let narae: TestCompany;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, admin] = await Promise.all([
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
    loginAs(server, 'admin@partsmall.kr', 'admin1234'),
  ]);
  gaon = await makeCompany(server, '가온', 0);
  narae = await makeCompany(server, '나래', 0);
  productId = (await makeProduct(server, { tiers: [21_000, 0, 0, 0], salePrice: 21_000 })).id;
});
afterAll(async () => {
  await server?.close();
});

const confirmedOrder = (company: TestCompany) =>
  insertOrder(server, { companyId: company.companyId, memberId: company.main.seq, status: 1, productId });
const ship = (seq: number, carrier: string, waybill: string) =>
  call(server, 'POST', 'api/admin/setOrderStatus', { seq, status: 2, carrier, waybill }, staff);
const statusOf = async (seq: number) =>
  (await server.db.select({ status: orders.status }).from(orders).where(eq(orders.id, seq)))[0]!.status;

describe('a waybill on orders of two companies (api/admin/setOrderStatus)', () => {
  it("refuses another company's parcel with 409 and changes nothing; the same company's orders share one", async () => {
    const first = await confirmedOrder(gaon);
    expect((await ship(first, 'kr.cjlogistics', '601234567896')).body.code).toBe(201);

    const theirs = await confirmedOrder(narae);
    const refused = await ship(theirs, 'kr.cjlogistics', '6012-3456-7896');
    expect([refused.status, refused.body.message, refused.body.field]).toEqual([
      409,
      `CJ대한통운 송장번호 601234567896은(는) 이미 다른 업체의 주문(#${first})에 등록되어 있습니다. 송장번호를 다시 확인하세요.`,
      'waybill',
    ]);
    expect(await statusOf(theirs)).toBe(1);
    expect(await server.db.select().from(shipments).where(eq(shipments.orderId, theirs))).toEqual([]);

    // One parcel for two orders of the same company (a bulk shipment) is taken.
    const second = await confirmedOrder(gaon);
    expect((await ship(second, 'kr.cjlogistics', '601234567896')).body.code).toBe(201);
    // The same digits at another carrier are another parcel.
    expect((await ship(theirs, 'kr.lotte', '601234567896')).body.code).toBe(201);
  });

  it('compares a carrier typed outside the list by its name, and lets ways without a waybill through', async () => {
    const ours = await confirmedOrder(gaon);
    expect((await ship(ours, '동네화물', 'JD-0146 0001 234')).body.code).toBe(201);
    const theirs = await confirmedOrder(narae);
    const refused = await ship(theirs, '동네화물', 'JD-0146 0001 234');
    expect([refused.status, refused.body.field]).toEqual([409, 'waybill']);
    expect((await ship(theirs, '다른화물', 'JD-0146 0001 234')).body.code).toBe(201);

    const direct = [await confirmedOrder(gaon), await confirmedOrder(narae)];
    for (const seq of direct) expect((await ship(seq, 'direct', '')).body.code).toBe(201);
  });
});

describe('the order export (api/admin/orderExport)', () => {
  it('writes the phone and the waybill hyphenated, so Excel keeps their leading zero and every digit', async () => {
    const seq = await confirmedOrder(gaon);
    expect((await ship(seq, 'kr.cjlogistics', '012345678901')).body.code).toBe(201);
    const res = await call(server, 'adminOrderExport', {}, { token: staff });
    const [header, ...rows] = parseCsv(res.body.results!.csv);
    const row = rows.find((r) => r[0] === String(seq))!;
    const cell = (name: string) => row[header!.indexOf(name)];
    expect([cell('연락처'), cell('택배사'), cell('송장번호')]).toEqual([
      '010-5555-0000',
      'CJ대한통운',
      '0123-4567-8901',
    ]);
  });

  it('groups each waybill as its carrier prints it, by its length, and as typed when it is not bare digits', async () => {
    const shipped: [string, string, string][] = [
      ['kr.cjlogistics', '6543210987', '654-321-0987'],
      ['kr.lotte', '233112345678', '2331-1234-5678'],
      ['kr.epost', '6071234567890', '60712-3456-7890'],
      ['kr.logen', '01234567890', '012-3456-7890'],
      ['동네화물', 'JD-0146 0001 234', 'JD-0146 0001 234'],
    ];
    const seqs: number[] = [];
    for (const [carrier, waybill] of shipped) {
      const seq = await confirmedOrder(gaon);
      expect((await ship(seq, carrier, waybill)).body.code).toBe(201);
      seqs.push(seq);
    }
    const res = await call(server, 'adminOrderExport', {}, { token: staff });
    const [header, ...rows] = parseCsv(res.body.results!.csv);
    const waybillOf = (seq: number) => rows.find((r) => r[0] === String(seq))![header!.indexOf('송장번호')];
    expect(seqs.map(waybillOf)).toEqual(shipped.map(([, , shown]) => shown));
  });
});

describe("a company's invoice fields (api/admin/setCompanyInvoiceInfo)", () => {
  it('stores 업태 and 종목 of a Hangul filler or a zero-width space alone as blank', async () => {
    const res = await call(
      server,
      'POST',
      'api/admin/setCompanyInvoiceInfo',
      { companyId: gaon.companyId, bizType: '\u3164', bizItem: '\u200b' },
      staff,
    );
    expect(res.body.code).toBe(201);
    const [row] = await server.db
      .select({ bizType: companies.bizType, bizItem: companies.bizItem })
      .from(companies)
      .where(eq(companies.id, gaon.companyId));
    expect(row).toEqual({ bizType: '', bizItem: '' });
  });
});

type Config = Record<string, unknown> & { ver: number; mallBottom: Record<string, string> };
const readConfig = async () => (await call<Config>(server, 'POST', 'api/admin/getConfig', {}, admin)).body.results!;
async function saveFooter(over: Record<string, string>) {
  const { ver: _ver, mallBottom, ...fields } = await readConfig();
  const a = await call<Config>(
    server,
    'POST',
    'api/admin/saveConfig',
    { ...fields, mallBottom: { ...mallBottom, ...over } },
    admin,
  );
  return [a.status, a.body.message, a.body.field];
}

describe('the shop settings printed on documents (api/admin/saveConfig)', () => {
  it('takes a valid 사업자등록번호 only, bare or hyphenated; the demo value stays valid', async () => {
    expect((await readConfig()).mallBottom.license).toBe('214-88-12345');
    expect(await saveFooter({})).toEqual([
      200,
      '설정을 저장했습니다. 열려 있는 쇼핑몰 화면이 새로고침됩니다.',
      undefined,
    ]);
    expect(await saveFooter({ license: 'abc' })).toEqual([
      400,
      '사업자등록번호는 숫자 10자리로 입력하세요.',
      'mallBottom.license',
    ]);
    expect(await saveFooter({ license: '214-88-12346' })).toEqual([
      400,
      '유효하지 않은 사업자등록번호입니다. 다시 확인해 주세요.',
      'mallBottom.license',
    ]);
    expect(await saveFooter({ license: '' })).toEqual([400, '사업자등록번호를 입력하세요.', 'mallBottom.license']);
    expect((await saveFooter({ license: '2148812345' }))[0]).toBe(200);
    expect((await readConfig()).mallBottom.license).toBe('2148812345');
  });

  it("refuses emoji in the fields a document prints (the font has no glyph for them); the footer's others take them", async () => {
    const PICTOGRAPH = '거래명세서에 인쇄되는 항목에는 이모지나 그림 문자를 쓸 수 없습니다.';
    expect(await saveFooter({ ceo: '김🚗도윤' })).toEqual([400, PICTOGRAPH, 'mallBottom.ceo']);
    expect(await saveFooter({ companyName: '파츠몰🇰🇷' })).toEqual([400, PICTOGRAPH, 'mallBottom.companyName']);
    expect(await saveFooter({ address: '서울 강남구 ❤️ 123' })).toEqual([400, PICTOGRAPH, 'mallBottom.address']);
    expect(await saveFooter({ phone: '1588-1234 ☎' })).toEqual([400, PICTOGRAPH, 'mallBottom.phone']);
    expect((await readConfig()).mallBottom.ceo).toBe('김도윤');
    expect((await saveFooter({ companyName: '파츠몰코리아™', hours: '평일 09:30~17:30 🚗' }))[0]).toBe(200);
  });
});
