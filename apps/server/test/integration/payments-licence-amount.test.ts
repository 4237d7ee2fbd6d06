import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MEMBER } from '@partsmall/contract';
import { payments } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * A licence is bought by picking a package (docs/requirements.md#licence): a window asked without its
 * price says to pick one, not the cash top-up's '충전할 금액을 입력하세요.'.
 */
let server: TestServer;
let demo: string;

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENT_SANDBOX_SECRET: 'licence-amount-secret' } });
  demo = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
});
afterAll(() => server?.close());

const paymentCount = async () => (await server.db.select({ n: count() }).from(payments))[0]!.n;
const open = (body: Record<string, unknown>) => call(server, 'POST', 'payCenter/showLicensePaymentWinow', body, demo);

describe('payCenter/showLicensePaymentWinow without a package price', () => {
  it('no amount (absent, empty, null): 400 with the licence message, nothing stored', async () => {
    const before = await paymentCount();
    for (const body of [
      { pgcode: 'creditcard' },
      { pgcode: 'creditcard', amount: '' },
      { pgcode: 'banktransfer', amount: null },
    ]) {
      const res = await open(body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, MSG_MEMBER.licenseOption]);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('any whole number no package costs, zero and below included, says to pick one; no number says so', async () => {
    const before = await paymentCount();
    const cases: [unknown, string][] = [
      [31_000, MSG_MEMBER.licenseOption],
      [30_001, MSG_MEMBER.licenseOption],
      [1_000, MSG_MEMBER.licenseOption],
      [999, MSG_MEMBER.licenseOption],
      [1, MSG_MEMBER.licenseOption],
      [0, MSG_MEMBER.licenseOption],
      [-30_000, MSG_MEMBER.licenseOption],
      ['0', MSG_MEMBER.licenseOption],
      ['-30000', MSG_MEMBER.licenseOption],
      [10_000_001, MSG_MEMBER.licenseOption],
      ['30,000', MSG_MEMBER.amountDigits],
      [30_000.5, MSG_MEMBER.amountDigits],
      ['030000', MSG_MEMBER.amountDigits],
      [true, MSG_MEMBER.amountDigits],
    ];
    for (const [amount, message] of cases) {
      const res = await open({ pgcode: 'creditcard', amount });
      expect([res.status, res.body.message], String(amount)).toEqual([400, message]);
    }
    expect(await paymentCount()).toBe(before);
    for (const amount of [30_000, '30000', 3_000]) {
      const bought = await open({ pgcode: 'creditcard', amount });
      expect(bought.status, String(amount)).toBe(200);
    }
  });
});
