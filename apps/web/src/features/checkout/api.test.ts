import { describe, expect, it } from 'vitest';
import type { WarehouseDelivery } from '@partsmall/contract';
import { defaultMethod, warehouseOptions } from './api';

const method = (shippingValue: number, label: string) => ({
  shippingValue,
  label,
  receiverDeliveryPaymentOption: { selections: [{ value: 0, label: '선불' }], defaultValue: 0 },
});
const warehouse = (storageId: number, name: string): WarehouseDelivery => ({
  warehouse_name: name,
  storageId,
  delivery_methods: {
    gdFreight: method(0, '화물'),
    gdDelivery: method(1, '택배'),
    quick: { ...method(2, '퀵배송'), receiverIsSelfQuick: { selections: [], defaultValue: false } },
    pickUp: method(4, '방문수령'),
  },
});

describe('checkout delivery options', () => {
  const korea = warehouse(1, '한국 김포물류센터');
  const china = warehouse(2, '중국 위해직수입창고');

  it('picks the warehouse by storage id, then by name, then the first', () => {
    expect(warehouseOptions([korea, china], 2, '')).toBe(china);
    expect(warehouseOptions([korea, china], 9, '중국 위해직수입창고')).toBe(china);
    expect(warehouseOptions([korea, china], 9, '없는 창고')).toBe(korea);
    expect(warehouseOptions([], 1, '')).toBeNull();
  });

  it('opens with the courier', () => {
    expect(defaultMethod(korea)).toBe('gdDelivery');
    expect(defaultMethod(null)).toBe('gdDelivery');
  });
});
