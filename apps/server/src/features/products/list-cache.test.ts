import { describe, expect, it } from 'vitest';
import { createProductListCache } from './list-cache.js';

/** A clock the test moves by hand: the TTL is checked without waiting and without timing luck. */
function manualClock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('product list cache', () => {
  it('answers from the cache until the TTL has passed, and not a millisecond after', () => {
    const clock = manualClock();
    const cache = createProductListCache(400, clock);
    cache.set('page1', '{"a":1}');
    expect(cache.get('page1')).toBe('{"a":1}');
    clock.advance(399);
    expect(cache.get('page1')).toBe('{"a":1}');
    clock.advance(2);
    expect(cache.get('page1')).toBeUndefined();
  });

  it('keeps keys apart and a new answer starts a new TTL', () => {
    const clock = manualClock();
    const cache = createProductListCache(400, clock);
    cache.set('gold', 'G');
    clock.advance(300);
    cache.set('bronze', 'B');
    expect([cache.get('gold'), cache.get('bronze'), cache.get('visitor')]).toEqual(['G', 'B', undefined]);
    clock.advance(200);
    expect([cache.get('gold'), cache.get('bronze')]).toEqual([undefined, 'B']);
  });

  it('a TTL of 0 turns it off: nothing is kept', () => {
    const cache = createProductListCache(0, manualClock());
    cache.set('page1', 'x');
    expect(cache.enabled).toBe(false);
    expect(cache.get('page1')).toBeUndefined();
  });
});
