import { describe, expect, it } from 'vitest';
import type { CartLine } from '@partsmall/contract';
import { groupByWarehouse, selectedLines } from './selection';

const line = (seq: number, storageId: number, stock: number): CartLine => ({
  seq,
  qty: 1,
  managerCompanyId: 0,
  productInfo: {
    seq: seq * 10,
    name: `부품 ${seq}`,
    pid: `P${seq}`,
    factoryNum: '',
    price: 1000 * seq,
    hasAmount: stock,
    stockName: storageId === 1 ? '한국 김포물류센터' : '중국 위해직수입창고',
    storageId,
    imgFiles: [],
  },
  vin: null,
});

describe('cart selection (one warehouse per order)', () => {
  const lines = [line(1, 2, 5), line(2, 1, 5), line(3, 1, 0), line(4, 2, 3)];

  it('groups lines by warehouse in the order they first appear', () => {
    expect(groupByWarehouse(lines).map((g) => [g.storageId, g.lines.map((l) => l.seq)])).toEqual([
      [2, [1, 4]],
      [1, [2, 3]],
    ]);
  });

  it("selects the first warehouse's orderable lines on arrival", () => {
    expect([...selectedLines(lines, null)]).toEqual([1, 4]);
    // A sold-out first line does not take its warehouse with it.
    expect([...selectedLines([line(3, 1, 0), line(1, 2, 5)], null)]).toEqual([1]);
  });

  it('keeps the picks still in the cart and orderable after a reload', () => {
    expect([...selectedLines(lines, new Set([2, 3, 99]))]).toEqual([2]);
    expect([...selectedLines([], new Set([1]))]).toEqual([]);
  });
});
