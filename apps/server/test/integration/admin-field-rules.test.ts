import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WarehouseDeliveryOptions } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { balanceOf } from '../order-helpers.js';

/**
 * What the back office may store is what the shop can use (docs/requirements.md#validation,
 * #shipping): a staff id a login takes, texts that show a character, and pay types a delivery method
 * can be paid by. Each refusal answers 400 with the field's Korean message and changes nothing.
 */
let server: TestServer;
let admin: string;
let buyer: string;
let co: TestCompany;

beforeAll(async () => {
  server = await startTestServer();
  co = await makeCompany(server, '필드규칙', 0);
  [admin, buyer] = await Promise.all([
    loginAs(server, 'admin@partsmall.kr', 'admin1234'),
    loginAs(server, co.main.id, co.main.pw),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: Record<string, unknown>) => call(server, 'POST', `api/admin/${path}`, body, admin);
/** [status, message, field] of an answer. */
const said = (res: { status: number; body: { message?: string; field?: string } }) => [
  res.status,
  res.body.message,
  res.body.field,
];

describe('a staff account (api/admin/createStaff)', () => {
  it('refuses an id of 54 characters, which no login would take, and creates none', async () => {
    const id = `${'b'.repeat(41)}@partsmall.kr`;
    const res = await post('createStaff', { id, name: '경계', phone: '01012345678' });
    expect(said(res)).toEqual([400, '아이디는 5~50자의 메일 주소로 입력하세요.', 'id']);
    const list = (await call(server, 'adminStaffList', {}, { token: admin })).body.results!;
    expect(list.map((s) => s.id)).not.toContain(id);
  });

  it('creates one of 50 characters, and it logs in with the password shown', async () => {
    const id = `${'c'.repeat(37)}@partsmall.kr`;
    const res = await post('createStaff', { id, name: '경계', phone: '01012345679' });
    expect(res.body.code).toBe(201);
    const { password } = res.body.results as { password: string };
    expect(await loginAs(server, id, password)).toMatch(/\S/);
  });
});

describe('texts of invisible characters alone', () => {
  it("adjustCash: a reason of two zero-width spaces answers '사유를 입력하세요.' and the balance stays", async () => {
    const before = await balanceOf(server, co.companyId);
    const res = await post('adjustCash', { companyId: co.companyId, amount: 5_000, reason: '\u200b\u200b' });
    expect(said(res)).toEqual([400, '사유를 입력하세요. (2~200자)', 'reason']);
    expect(await balanceOf(server, co.companyId)).toBe(before);
  });

  it("saveNotice: a title of one Hangul filler answers '제목을 입력하세요.'", async () => {
    const res = await post('saveNotice', { type: 0, title: '\u3164', content: '<p>본문</p>' });
    expect(said(res)).toEqual([400, '제목을 입력하세요. (1~200자)', 'title']);
  });
});

describe("a warehouse's delivery pay types (api/admin/saveConfig)", () => {
  const config = async () => {
    const { ver, ...fields } = (await call(server, 'adminGetConfig', {}, { token: admin })).body.results!;
    return { ver, fields };
  };
  const courier = async () => {
    const [korea] = (await call(server, 'getDeliInfo', {}, { token: buyer })).body.results!;
    return korea!.delivery_methods.gdDelivery?.receiverDeliveryPaymentOption;
  };

  it('refuses 택배 paid by 방문수령 and 방문수령 paid 선불, naming the method; the shop offers what it did', async () => {
    const { ver, fields } = await config();
    const korea = fields.deliveryOptions[0]!;
    const shown = await courier();
    const save = (w: WarehouseDeliveryOptions) =>
      post('saveConfig', { ...fields, ver, deliveryOptions: [w, ...fields.deliveryOptions.slice(1)] });

    const byPickup = await save({ ...korea, gdDelivery: { offered: true, payTypes: [2], defaultPayType: 2 } });
    expect(said(byPickup)).toEqual([
      400,
      '택배의 배송비 결제 방식은 선불 또는 착불만 고를 수 있습니다.',
      'deliveryOptions.0.gdDelivery.payTypes',
    ]);
    const prepaidPickup = await save({ ...korea, pickUp: { offered: true, payTypes: [0], defaultPayType: 0 } });
    expect(said(prepaidPickup)).toEqual([
      400,
      '방문수령의 배송비 결제 방식은 방문수령만 고를 수 있습니다.',
      'deliveryOptions.0.pickUp.payTypes',
    ]);
    expect((await config()).ver).toBe(ver);
    expect(await courier()).toEqual(shown);
    expect(shown).toEqual({
      selections: [
        { value: 0, label: '선불' },
        { value: 1, label: '착불' },
      ],
      defaultValue: 0,
    });
  });
});
