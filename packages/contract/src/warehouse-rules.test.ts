import { describe, expect, it } from 'vitest';
import { shopWarehouses, warehouseFault } from './rules.js';

/** A product's warehouse against the shop's (docs/requirements.md#back-office). */
describe('shopWarehouses and warehouseFault', () => {
  const configured = [
    { storageId: 2, warehouseName: '위해 창고' },
    { storageId: 3, warehouseName: '부산 물류센터' },
  ];

  it('lists the table first, then the numbers the configuration adds; the table names its own numbers', () => {
    expect(shopWarehouses(configured)).toEqual([
      { storageId: 1, stockName: '한국 김포물류센터' },
      { storageId: 2, stockName: '중국 위해직수입창고' },
      { storageId: 3, stockName: '부산 물류센터' },
    ]);
    expect(shopWarehouses([])).toHaveLength(2);
  });

  it('names the unknown number, the other warehouse, and nothing for a match', () => {
    const all = shopWarehouses(configured);
    expect(warehouseFault(all, { storageId: 7, stockName: '한국 김포물류센터' })).toEqual({ field: 'storageId' });
    expect(warehouseFault(all, { storageId: 1, stockName: '중국 위해직수입창고' })).toEqual({
      field: 'stockName',
      warehouse: { storageId: 1, stockName: '한국 김포물류센터' },
    });
    expect(warehouseFault(all, { storageId: 2, stockName: '위해 창고' })?.field).toBe('stockName');
    expect(warehouseFault(all, { storageId: 2, stockName: '중국 위해직수입창고' })).toBeNull();
    expect(warehouseFault(all, { storageId: 3, stockName: '부산 물류센터' })).toBeNull();
  });
});
