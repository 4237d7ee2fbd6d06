import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardDeliveryOptions } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * The shop configuration's fields as api/admin/saveConfig takes them (docs/requirements.md#licence,
 * #validation): a licence package costs what the buyer's payment window accepts, no two packages
 * share their days or price, and every text buyers are served is plain and as long as the form's
 * field. A refused save answers 400 with the field's Korean message and changes nothing.
 */
let server: TestServer;
let admin: string;
let buyer: string;

beforeAll(async () => {
  server = await startTestServer();
  const co = await makeCompany(server, '설정규칙', 0);
  [admin, buyer] = await Promise.all([
    loginAs(server, 'admin@partsmall.kr', 'admin1234'),
    loginAs(server, co.main.id, co.main.pw),
  ]);
});
afterAll(async () => {
  await server?.close();
});

type Fields = Record<string, unknown> & { ver: number; mallBottom: Record<string, string> };
const readConfig = async () => (await call<Fields>(server, 'POST', 'api/admin/getConfig', {}, admin)).body.results!;
/** The stored configuration with `over` put in, sent as raw JSON (without `ver`). */
async function saveWith(over: Record<string, unknown>) {
  const { ver: _ver, ...fields } = await readConfig();
  return call<Fields>(server, 'POST', 'api/admin/saveConfig', { ...fields, ...over }, admin);
}
/** Status, message and field of a refusal; the stored `ver` must not have moved. */
async function refused(over: Record<string, unknown>) {
  const before = (await readConfig()).ver;
  const a = await saveWith(over);
  expect((await readConfig()).ver).toBe(before);
  return [a.status, a.body.message, a.body.field];
}
const pkg = (price: number, days: number, content = `${days}일 이용권`) => ({ price, days, content });
const PRICE_RULE = '이용권 가격은 1,000원~10,000,000원으로 입력하세요.';
const TEXT_INVALID = '입력할 수 없는 문자가 포함되어 있습니다.';

describe('licence packages (api/admin/saveConfig)', () => {
  it('takes the prices the payment window takes: 999 refused, 1,000 and 10,000,000 saved and bought, 10,000,001 refused', async () => {
    for (const price of [999, 10_000_001, 0, 1500.5])
      expect([price, ...(await refused({ licenseValidBuy: [pkg(price, 30)] }))]).toEqual([
        price,
        400,
        PRICE_RULE,
        'licenseValidBuy.0.price',
      ]);
    const saved = await saveWith({ licenseValidBuy: [pkg(1_000, 1), pkg(10_000_000, 3650)] });
    expect([saved.body.code, saved.body.results?.licenseValidBuy]).toEqual([
      201,
      [
        { price: 1_000, days: 1, content: '1일 이용권' },
        { price: 10_000_000, days: 3650, content: '3650일 이용권' },
      ],
    ]);
    for (const [amount, days] of [
      [1_000, 1],
      [10_000_000, 3650],
    ]) {
      const window = await call(
        server,
        'showLicensePaymentWinow',
        { pgcode: 'creditcard', amount, days },
        { token: buyer },
      );
      expect([amount, window.body.code]).toEqual([amount, 200]);
    }
  });

  it('refuses two packages of the same days, or of the same price, on the later one', async () => {
    expect(await refused({ licenseValidBuy: [pkg(30_000, 30), pkg(25_000, 30, '30일 할인권')] })).toEqual([
      400,
      '이용권에 같은 일수가 두 번 있습니다.',
      'licenseValidBuy.1.days',
    ]);
    expect(await refused({ licenseValidBuy: [pkg(30_000, 30), pkg(90_000, 90), pkg(30_000, 60)] })).toEqual([
      400,
      '이용권에 같은 가격이 두 번 있습니다.',
      'licenseValidBuy.2.price',
    ]);
    const distinct = await saveWith({ licenseValidBuy: [pkg(30_000, 30), pkg(25_000, 29)] });
    expect(distinct.body.code).toBe(201);
  });

  it("keeps a package's description to one line of at most 100 characters", async () => {
    const hundred = await saveWith({ licenseValidBuy: [pkg(30_000, 30, '가'.repeat(100))] });
    expect(hundred.body.code).toBe(201);
    expect(await refused({ licenseValidBuy: [pkg(30_000, 30, '가'.repeat(101))] })).toEqual([
      400,
      '이용권 설명은 100자까지 입력하세요.',
      'licenseValidBuy.0.content',
    ]);
    expect(await refused({ licenseValidBuy: [pkg(30_000, 30, '30일\n이용권')] })).toEqual([
      400,
      TEXT_INVALID,
      'licenseValidBuy.0.content',
    ]);
  });
});

describe('texts buyers are served (api/admin/saveConfig)', () => {
  const KOREA = standardDeliveryOptions({ storageId: 1, stockName: '한국 김포물류센터' });
  const address = (over: Record<string, string>) => ({
    shippingAddress: [{ name: '한국 김포물류센터', address: '경기 김포시 고촌읍 1', phone: '031-123-4567', ...over }],
  });

  it('refuses a bidi control or a control character in a warehouse address or a delivery warehouse name', async () => {
    const shown = async () => {
      const [mall, deli] = await Promise.all([
        call(server, 'getMallConfig', {}),
        call(server, 'getDeliInfo', {}, { token: buyer }),
      ]);
      expect([mall.body.code, deli.body.code]).toEqual([200, 200]);
      return [mall.body.results?.shippingAddress, deli.body.results];
    };
    const before = await shown();
    expect(await refused(address({ name: '김포\u202e고창' }))).toEqual([400, TEXT_INVALID, 'shippingAddress.0.name']);
    expect(await refused(address({ address: '김포\u0007시' }))).toEqual([
      400,
      TEXT_INVALID,
      'shippingAddress.0.address',
    ]);
    expect(await refused(address({ phone: '031\u2066-123' }))).toEqual([400, TEXT_INVALID, 'shippingAddress.0.phone']);
    expect(await refused({ deliveryOptions: [{ ...KOREA, warehouseName: '김포\u202e고창\u0007' }] })).toEqual([
      400,
      TEXT_INVALID,
      'deliveryOptions.0.warehouseName',
    ]);
    expect(await shown()).toEqual(before);
  });

  it("keeps a warehouse address's name to 1-50, its address to 200 and its phone to 20 characters", async () => {
    const longest = await saveWith(
      address({ name: '창'.repeat(50), address: '주'.repeat(200), phone: '0'.repeat(20) }),
    );
    expect([longest.body.code, longest.body.results?.shippingAddress]).toEqual([
      201,
      [{ name: '창'.repeat(50), address: '주'.repeat(200), phone: '0'.repeat(20) }],
    ]);
    expect(await refused(address({ name: '창'.repeat(51) }))).toEqual([
      400,
      '창고 주소의 창고 이름을 입력하세요. (1~50자)',
      'shippingAddress.0.name',
    ]);
    expect(await refused(address({ name: '  ' }))).toEqual([
      400,
      '창고 주소의 창고 이름을 입력하세요. (1~50자)',
      'shippingAddress.0.name',
    ]);
    expect(await refused(address({ address: '주'.repeat(201) }))).toEqual([
      400,
      '창고 주소는 200자까지 입력하세요.',
      'shippingAddress.0.address',
    ]);
    expect(await refused(address({ phone: '0'.repeat(21) }))).toEqual([
      400,
      '창고 연락처는 20자까지 입력하세요.',
      'shippingAddress.0.phone',
    ]);
  });

  it("keeps each footer line to the form's 200 characters", async () => {
    const { mallBottom } = await readConfig();
    const saved = await saveWith({ mallBottom: { ...mallBottom, hours: '시'.repeat(200) } });
    expect([saved.body.code, saved.body.results?.mallBottom.hours]).toEqual([201, '시'.repeat(200)]);
    expect(await refused({ mallBottom: { ...mallBottom, hours: '시'.repeat(201) } })).toEqual([
      400,
      '하단 정보는 항목마다 200자까지 입력하세요.',
      'mallBottom.hours',
    ]);
  });
});

describe('the footer mail and an empty package list (api/admin/saveConfig)', () => {
  it('takes a mail address or a blank footer mail, and refuses anything else', async () => {
    const { mallBottom } = await readConfig();
    for (const mail of ['help@partsmall.kr', ''])
      expect((await saveWith({ mallBottom: { ...mallBottom, mail } })).body.results?.mallBottom.mail).toBe(mail);
    for (const mail of ['not-a-mail', 'help@partsmall', '@partsmall.kr', 'help @partsmall.kr'])
      expect([mail, ...(await refused({ mallBottom: { ...mallBottom, mail } }))]).toEqual([
        mail,
        400,
        '메일 주소 형식으로 입력하세요.',
        'mallBottom.mail',
      ]);
    expect(await refused({ mallBottom: { ...mallBottom, mail: 'ｈｅｌｐ@partsmall.kr' } })).toEqual([
      400,
      '메일 주소는 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.',
      'mallBottom.mail',
    ]);
  });

  it('refuses a footer 상호 of spaces alone: the 거래명세서 and 세금계산서 print it as the 공급자', async () => {
    const { mallBottom } = await readConfig();
    for (const companyName of ['', '   ', '\u3000', '\u3164\u200b'])
      expect([companyName, ...(await refused({ mallBottom: { ...mallBottom, companyName } }))]).toEqual([
        companyName,
        400,
        '상호를 입력하세요.',
        'mallBottom.companyName',
      ]);
    const saved = await saveWith({ mallBottom: { ...mallBottom, companyName: '(주)파츠몰' } });
    expect([saved.body.code, saved.body.results?.mallBottom.companyName]).toEqual([201, '(주)파츠몰']);
  });

  it('takes no licence package at all: the shop then sells none, and a purchase is refused', async () => {
    const saved = await saveWith({ licenseValidBuy: [] });
    expect([saved.body.code, saved.body.results?.licenseValidBuy]).toEqual([201, []]);
    expect((await call(server, 'getMallConfig', {})).body.results?.licenseValidBuy).toEqual([]);
    const window = await call(
      server,
      'showLicensePaymentWinow',
      { pgcode: 'creditcard', amount: 30_000, days: 30 },
      { token: buyer },
    );
    expect([window.status, window.body.message]).toEqual([400, '라이선스 상품을 다시 선택하세요.']);
    const restored = await saveWith({ licenseValidBuy: [pkg(30_000, 30)] });
    expect(restored.body.code).toBe(201);
  });
});
