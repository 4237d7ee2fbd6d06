import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/**
 * The port and the counts for which 0 means "off" or "no limit" (docs/operations.md#environment-variables):
 * a typo must stop the start with the variable named, not quietly lift the shop's SMS ceiling.
 */
describe('counts that may be 0', () => {
  it('unset or empty gives the default; whole numbers from 0 up are taken as written', () => {
    const unset = loadConfig({});
    expect([unset.port, unset.smsDailyCap, unset.trustProxyHops, unset.productListCacheMs, unset.drainDelayMs]).toEqual(
      [3000, 2000, 0, 1000, 0],
    );
    const empty = loadConfig({ PORT: '', SMS_DAILY_CAP: ' ', PRODUCT_LIST_CACHE_MS: '' });
    expect([empty.port, empty.smsDailyCap, empty.productListCacheMs]).toEqual([3000, 2000, 1000]);
    const set = loadConfig({
      PORT: '65535',
      SMS_DAILY_CAP: '0',
      TRUST_PROXY_HOPS: '2',
      PRODUCT_LIST_CACHE_MS: '250',
      DRAIN_DELAY_MS: ' 5000 ',
    });
    expect([set.port, set.smsDailyCap, set.trustProxyHops, set.productListCacheMs, set.drainDelayMs]).toEqual([
      65535, 0, 2, 250, 5000,
    ]);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each([
    ['SMS_DAILY_CAP', 'abc'],
    ['SMS_DAILY_CAP', '-5'],
    ['TRUST_PROXY_HOPS', '1.5'],
    ['PRODUCT_LIST_CACHE_MS', '1e3'],
    ['DRAIN_DELAY_MS', '5s'],
    ['PORT', 'http'],
  ])('%s=%s stops the start, naming the variable and its value', (name, value) => {
    const start = () => loadConfig({ [name]: value });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(`시작하지 않습니다: ${name}=${value} 은(는) 0 이상의 정수여야 합니다.`);
  });

  it('every wrong count in one line, and a port past 65535', () => {
    expect(() => loadConfig({ SMS_DAILY_CAP: 'abc', DRAIN_DELAY_MS: '-1' })).toThrow(
      '시작하지 않습니다: SMS_DAILY_CAP=abc 은(는) 0 이상의 정수여야 합니다; DRAIN_DELAY_MS=-1 은(는) 0 이상의 정수여야 합니다.',
    );
    expect(() => loadConfig({ PORT: '65536' })).toThrow(
      '시작하지 않습니다: PORT=65536 은(는) 0 부터 65535 사이여야 합니다.',
    );
  });

  it('the database pool: at least one connection, DB_POOL_MIN a whole number (poolSize reads them when the pool is made)', () => {
    expect(() => loadConfig({ DB_POOL_MAX: '1', DB_POOL_MIN: '0' })).not.toThrow();
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(
      '시작하지 않습니다: DB_POOL_MAX=0 은(는) 1 이상이어야 합니다.',
    );
    expect(() => loadConfig({ DB_POOL_MAX: 'twenty', DB_POOL_MIN: '-1' })).toThrow(
      '시작하지 않습니다: DB_POOL_MAX=twenty 은(는) 0 이상의 정수여야 합니다; DB_POOL_MIN=-1 은(는) 0 이상의 정수여야 합니다.',
    );
  });

  it('production refuses a wrong count too, before its own refusals', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_DAILY_CAP: '2,000' })).toThrow(
      '시작하지 않습니다: SMS_DAILY_CAP=2,000 은(는) 0 이상의 정수여야 합니다.',
    );
  });
});
