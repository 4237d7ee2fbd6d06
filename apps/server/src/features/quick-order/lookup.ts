/**
 * Products of typed part numbers for the quick order (issue 22, docs/requirements.md#quick-order): by
 * the product's own `pid` and `factoryNum`, in the alpha-number form. Many numbers in one query.
 * The number relations (supersession, interchangeable) are the search feature's; this lookup has the
 * same shape, so quick order takes the typed number to the current product once they are joined.
 */
import { OWN_NUMBER_LABEL, alphaNumber, type PartMatchKind } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';

export interface LookupProduct {
  id: number;
  name: string;
  pid: string;
  factoryNum: string;
  type: number;
  hasAmount: number;
  stockName: string;
  storageId: number;
  priceA: number;
  priceB: number;
  priceC: number;
  priceD: number;
  salePrice: number;
  pidKey: string;
  factoryKey: string;
}

export interface NumberHit {
  product: LookupProduct;
  match: PartMatchKind;
  label: string;
}

export const PRODUCT_COLUMNS = `id, name, pid, factory_num as "factoryNum", type, has_amount as "hasAmount", stock_name as "stockName",
  storage_id as "storageId", price_a::float8 as "priceA", price_b::float8 as "priceB", price_c::float8 as "priceC",
  price_d::float8 as "priceD", sale_price::float8 as "salePrice", pid_key as "pidKey", factory_key as "factoryKey"`;

const BY_KEYS: PreparedStatement = {
  name: 'quick_order_by_keys',
  text: `select ${PRODUCT_COLUMNS} from products where pid_key = any($1::text[])
    union select ${PRODUCT_COLUMNS} from products where factory_key = any($1::text[]) and factory_key <> ''
    order by id`,
};

/** Every product of each typed number (alpha-number keys), best match first, by key. */
export async function productsByNumbers(db: Db, typed: readonly string[]): Promise<Map<string, NumberHit[]>> {
  const keys = [...new Set(typed.map(alphaNumber).filter((k) => k !== ''))];
  const out = new Map<string, NumberHit[]>();
  if (keys.length === 0) return out;
  const rows = await runPrepared<LookupProduct>(db, BY_KEYS, [keys]);
  const add = (key: string, product: LookupProduct) => {
    const list = out.get(key) ?? [];
    if (!list.some((h) => h.product.id === product.id)) list.push({ product, match: 'own', label: OWN_NUMBER_LABEL });
    out.set(key, list);
  };
  for (const row of rows) {
    add(row.pidKey, row);
    if (row.factoryKey !== '' && row.factoryKey !== row.pidKey) add(row.factoryKey, row);
  }
  return out;
}
