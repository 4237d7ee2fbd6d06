import { describe, expect, it } from 'vitest';
import { importKeys } from './record.js';

const line = (depositorName: string, amount = 55_000, depositedAt = '2026-11-02T10:05:00+09:00') => ({
  depositedAt,
  depositorName,
  amount,
});

describe("a bank file's lines keyed for recording once (docs/requirements.md#credit-deposits)", () => {
  it('two identical lines of one file are two deposits; the same file again gives the same keys', () => {
    const file = [line('한빛상사'), line('한빛상사'), line('서울공업사')];
    const keys = importKeys(file);
    expect(new Set(keys).size).toBe(3);
    expect(importKeys(file)).toEqual(keys);
  });

  it('names compared as the matching reads them: a later export spacing the name otherwise finds its lines recorded', () => {
    const [first] = importKeys([line('한빛 상사')]);
    expect(importKeys([line(' 한빛  상사 ')])).toEqual([first]);
    expect(importKeys([line('한빛　상사')])).toEqual([first]); // an ideographic space (NFKC)
  });

  it('two lines of one file whose names differ only in spacing are still two deposits', () => {
    const keys = importKeys([line('한빛 상사'), line('한빛  상사')]);
    expect(keys[0]).not.toBe(keys[1]);
    // Imported again, or with the spacing the other way round: the same two keys.
    expect(importKeys([line('한빛  상사'), line('한빛 상사')])).toEqual(keys);
  });

  it('another time, name or amount is another deposit', () => {
    const [base] = importKeys([line('한빛상사')]);
    expect(importKeys([line('한빛상사', 55_001)])[0]).not.toBe(base);
    expect(importKeys([line('한빛상사', 55_000, '2026-11-02T10:06:00+09:00')])[0]).not.toBe(base);
    expect(importKeys([line('한빛상회')])[0]).not.toBe(base);
  });
});
