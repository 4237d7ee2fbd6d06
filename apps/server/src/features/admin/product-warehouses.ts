import {
  MSG_PRODUCT,
  shopWarehouses,
  warehouseFault,
  type Warehouse,
  type WarehouseDeliveryOptions,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { warehousesWithProducts } from '../products/repository.js';
import { mallConfigData } from '../mall/repository.js';
import { deliveryOptionsOf } from '../shipping/index.js';

/**
 * A product's warehouse as a save and a CSV line check it (docs/requirements.md#shipping): its number
 * names one of the shop's warehouses (the table's and those the shop configuration adds) and its
 * name is that warehouse's. The name a client sends is kept only when it is the warehouse's own, so
 * a slip shows instead of a product that delivery takes for one warehouse and the China rule for another.
 */

/** The shop's warehouses now: the table's, and those the configuration's delivery options add. */
export async function readWarehouses(db: Db): Promise<Warehouse[]> {
  return shopWarehouses(deliveryOptionsOf(await mallConfigData(db)));
}

/** Why a product's warehouse is refused, as its field and Korean message, or null. */
export function warehouseRefusal(
  warehouses: readonly Warehouse[],
  f: Warehouse,
): { field: 'storageId' | 'stockName'; message: string } | null {
  const fault = warehouseFault(warehouses, f);
  if (!fault) return null;
  return fault.field === 'storageId'
    ? { field: 'storageId', message: MSG_PRODUCT.warehouseUnknown(f.storageId) }
    : { field: 'stockName', message: MSG_PRODUCT.warehouseName(f.storageId, fault.warehouse.stockName) };
}

const offersAny = (w: WarehouseDeliveryOptions) =>
  w.gdFreight.offered || w.gdDelivery.offered || w.quick.offered || w.pickUp.offered;

/**
 * The first warehouse (by number) that holds products and that new delivery options take the last
 * method from (it offered one before; now it is missing from the list or offers none), or null
 * (docs/requirements.md#shipping): its products could no longer be ordered, and a missing one's
 * checkout showed another warehouse's methods. A warehouse that offered none before this save holds
 * up no save (a product added to it since; the footer edited meanwhile).
 */
export async function undeliverableWarehouse(
  tx: Db | Tx,
  before: readonly WarehouseDeliveryOptions[],
  after: readonly WarehouseDeliveryOptions[],
): Promise<Warehouse | null> {
  const known = shopWarehouses([...after, ...before]);
  const offering = (list: readonly WarehouseDeliveryOptions[], id: number) =>
    list.some((o) => o.storageId === id && offersAny(o));
  const left = known.filter((w) => offering(before, w.storageId) && !offering(after, w.storageId));
  const holding = new Set(
    await warehousesWithProducts(
      tx,
      left.map((w) => w.storageId),
    ),
  );
  return left.filter((w) => holding.has(w.storageId)).sort((a, b) => a.storageId - b.storageId)[0] ?? null;
}
