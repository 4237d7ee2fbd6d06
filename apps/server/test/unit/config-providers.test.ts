import { describe, expect, it } from 'vitest';
import { correctionMgtKey, creditNoteMgtKey, monthlyMgtKey, statementMgtKey } from '@partsmall/contract';
import { ConfigError, loadConfig } from '../../src/config.js';
import { popbillMgtKey } from '../../src/features/tax-invoices/popbill.js';

/** PAYMENT_PROVIDER=toss and SMS_PROVIDER=solapi: their keys are required, and production needs no ALLOW_* switch for them. */
const toss = { PAYMENT_PROVIDER: 'toss', TOSS_CLIENT_KEY: 'live_ck_1', TOSS_SECRET_KEY: 'live_sk_1' };
const solapi = {
  SMS_PROVIDER: 'solapi',
  SOLAPI_API_KEY: 'NCS1',
  SOLAPI_API_SECRET: 's1',
  SOLAPI_SENDER: '02-123-4567',
};

describe('provider configuration', () => {
  it('production starts with Toss and Solapi and their keys, without the sandbox or console switches', () => {
    const c = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.kr', ...toss, ...solapi });
    expect(c.paymentProvider).toBe('toss');
    expect(c.toss).toEqual({
      clientKey: 'live_ck_1',
      secretKey: 'live_sk_1',
      apiUrl: 'https://api.tosspayments.com',
      sdkUrl: 'https://js.tosspayments.com/v2/standard',
      timeoutMs: 10_000,
      // Statements' virtual accounts open at 신한은행 unless TOSS_VIRTUAL_ACCOUNT_BANK says otherwise.
      virtualAccountBank: '88',
    });
    expect(c.smsProvider).toBe('solapi');
    expect(c.solapi?.sender).toBe('021234567');
    expect(c.solapi?.apiUrl).toBe('https://api.solapi.com');
  });

  it("refuses to start without a provider's keys, naming them in one line", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'toss', TOSS_CLIENT_KEY: 'ck' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'toss', TOSS_CLIENT_KEY: 'ck' })).toThrow(
      'PAYMENT_PROVIDER=toss 에는 TOSS_SECRET_KEY 이(가) 필요합니다',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'solapi', SOLAPI_API_KEY: 'k' })).toThrow(
      'SMS_PROVIDER=solapi 에는 SOLAPI_API_SECRET, SOLAPI_SENDER 이(가) 필요합니다',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'nhn' })).toThrow('SMS_PROVIDER=nhn 은(는) 지원하지 않습니다');
  });

  it('production with Toss still refuses the console SMS provider unless switched on by name', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.kr', ...toss })).toThrow(
      'ALLOW_CONSOLE_SMS=true',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.kr', ...toss })).not.toThrow(
      'ALLOW_SANDBOX_PAYMENTS',
    );
  });

  it('production with several processes (REDIS_URL) needs one sandbox secret shared by all of them', () => {
    const base = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.kr',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_CONSOLE_SMS: 'true',
      REDIS_URL: 'redis://r:6379',
    };
    expect(() => loadConfig(base)).toThrow('PAYMENT_SANDBOX_SECRET 이 필요합니다');
    expect(loadConfig({ ...base, PAYMENT_SANDBOX_SECRET: 'shared' }).paymentSandboxSecret).toBe('shared');
    expect(() => loadConfig({ ...base, ...toss })).not.toThrow();
  });
});

describe('test services in production', () => {
  const popbill = {
    TAXINVOICE_PROVIDER: 'popbill',
    POPBILL_LINK_ID: 'PARTSMALL',
    POPBILL_SECRET_KEY: 'c2VjcmV0',
    POPBILL_CORP_NUM: '214-88-12345',
    POPBILL_MGTKEY_PREFIX: 'PM1',
  };
  const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.kr', ...toss, ...solapi };

  it("production issues on Popbill's real service unless POPBILL_TEST is named; demo defaults to the test service", () => {
    const c = loadConfig({ ...prod, ...popbill });
    expect(c.popbill).toMatchObject({
      test: false,
      apiUrl: 'https://popbill.linkhub.co.kr',
      ipRestrict: true,
      mgtKeyPrefix: 'PM1',
      issueTimeoutMs: 180_000,
    });
    expect(loadConfig(popbill).popbill).toMatchObject({ test: true, apiUrl: 'https://popbill-test.linkhub.co.kr' });
  });

  it('POPBILL_TEST=true in production is refused unless ALLOW_POPBILL_TEST=true', () => {
    expect(() => loadConfig({ ...prod, ...popbill, POPBILL_TEST: 'true' })).toThrow(
      'POPBILL_TEST=true 는 팝빌 테스트 서비스로 발행해 국세청에 전송되지 않습니다 (그래도 쓰려면 ALLOW_POPBILL_TEST=true)',
    );
    expect(loadConfig({ ...prod, ...popbill, POPBILL_TEST: 'true', ALLOW_POPBILL_TEST: 'true' }).popbill?.test).toBe(
      true,
    );
  });

  it('Popbill needs an installation prefix for its document keys', () => {
    expect(() => loadConfig({ ...popbill, POPBILL_MGTKEY_PREFIX: '' })).toThrow('POPBILL_MGTKEY_PREFIX');
    expect(() => loadConfig({ ...popbill, POPBILL_MGTKEY_PREFIX: 'PM-1' })).toThrow('POPBILL_MGTKEY_PREFIX');
    // Three characters at most: with them, the longest key a shop reaches fits Popbill's 24.
    expect(loadConfig({ ...popbill, POPBILL_MGTKEY_PREFIX: 'PM1' }).popbill?.mgtKeyPrefix).toBe('PM1');
    expect(() => loadConfig({ ...popbill, POPBILL_MGTKEY_PREFIX: 'PM12' })).toThrow('POPBILL_MGTKEY_PREFIX');
    const longest = popbillMgtKey(
      { mgtKeyPrefix: 'PM1' },
      correctionMgtKey(monthlyMgtKey(46_655, '2026-12'), 2_147_483_647),
    );
    expect([longest, longest.length]).toEqual(['PM1M-202612-ZZZ-RZIK0ZJ', 23]);
    const longestNote = popbillMgtKey(
      { mgtKeyPrefix: 'PM1' },
      creditNoteMgtKey(statementMgtKey(2_147_483_647), 2_147_483_647),
    );
    expect([longestNote, longestNote.length]).toEqual(['PM1S-ZIK0ZJ-CZIK0ZJ', 19]);
  });

  it('Toss test_ keys are refused in production unless ALLOW_TOSS_TEST_KEYS=true; the demo takes them', () => {
    const testKeys = { TOSS_CLIENT_KEY: 'test_ck_1', TOSS_SECRET_KEY: 'test_sk_1' };
    expect(() => loadConfig({ ...prod, ...testKeys })).toThrow(
      'TOSS_CLIENT_KEY, TOSS_SECRET_KEY 이(가) 토스페이먼츠 테스트 키입니다 (test_): 실제 결제가 아닌데 캐시가 충전됩니다 (그래도 쓰려면 ALLOW_TOSS_TEST_KEYS=true)',
    );
    expect(() => loadConfig({ ...prod, TOSS_SECRET_KEY: 'test_sk_1' })).toThrow('TOSS_SECRET_KEY 이(가)');
    expect(loadConfig({ ...prod, ...testKeys, ALLOW_TOSS_TEST_KEYS: 'true' }).toss?.secretKey).toBe('test_sk_1');
    expect(loadConfig({ ...toss, ...testKeys }).toss?.secretKey).toBe('test_sk_1');
  });
});
