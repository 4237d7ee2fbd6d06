/**
 * The shop's warehouses (docs/requirements.md#shipping): the storage number and stock name a
 * product, a cart line and an order carry. The delivery options of the shop configuration start
 * from these two; staff may add warehouses there later.
 */
export const WAREHOUSES = {
  korea: { storageId: 1, stockName: '한국 김포물류센터' },
  china: { storageId: 2, stockName: '중국 위해직수입창고' },
} as const;

export type WarehouseKey = keyof typeof WAREHOUSES;
export interface Warehouse {
  storageId: number;
  stockName: string;
}

/** The warehouses in their order (Korea first). */
export const WAREHOUSE_LIST: readonly Warehouse[] = [WAREHOUSES.korea, WAREHOUSES.china];
