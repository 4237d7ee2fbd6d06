import type { ProductView } from '@partsmall/contract';

/**
 * A product row as the hot paths read it: the columns are already named as the answer names its
 * fields (seq, factoryNum, stock, image, ...), so a visitor's row is sent as it comes. The tier
 * prices and the sale price come under names the answer does not have (priceA-D, basePrice): the
 * compiled serializer writes only the answer's fields, and only a member's row gets `price` and
 * `salePrice` (visitors get no price field at all).
 */
export type ProductRow = ProductView & {
  priceA: number;
  priceB: number;
  priceC: number;
  priceD: number;
  basePrice: number;
};

/** A product a name search found, before it is ranked (docs/search.md#words-in-any-order). */
export interface Candidate {
  id: number;
  name: string;
  nameJamo: string;
}
