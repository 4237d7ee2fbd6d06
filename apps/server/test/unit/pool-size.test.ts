import { describe, expect, it } from 'vitest';
import { poolSize } from '../../src/db/client.js';

describe('poolSize', () => {
  it('keeps every connection by default: 20 of 20', () => {
    expect(poolSize({})).toEqual({ max: 20, min: 20 });
  });
  it('follows DB_POOL_MAX when only it is set', () => {
    expect(poolSize({ DB_POOL_MAX: '16' })).toEqual({ max: 16, min: 16 });
  });
  it('lets DB_POOL_MIN keep fewer open', () => {
    expect(poolSize({ DB_POOL_MAX: '20', DB_POOL_MIN: '4' })).toEqual({ max: 20, min: 4 });
    expect(poolSize({ DB_POOL_MIN: '0' })).toEqual({ max: 20, min: 0 });
  });
  it('takes an empty value as unset', () => {
    expect(poolSize({ DB_POOL_MAX: '', DB_POOL_MIN: ' ' })).toEqual({ max: 20, min: 20 });
    expect(poolSize({ DB_POOL_MAX: '6', DB_POOL_MIN: '' })).toEqual({ max: 6, min: 6 });
  });
  it('never keeps more than the pool holds', () => {
    expect(poolSize({ DB_POOL_MAX: '8', DB_POOL_MIN: '50' })).toEqual({ max: 8, min: 8 });
  });
});
