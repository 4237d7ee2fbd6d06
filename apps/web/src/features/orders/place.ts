import { SHIPPING } from '@partsmall/contract';
import { addressLine } from '../../shared/format';
import { TO } from './texts';

/** What an order's place row says (docs/requirements.md#shipping). */
export interface OrderPlace {
  /** '수령 장소' for 방문수령, else the screen's own word for the address ('배송지', '주소'). */
  label: string | null;
  value: string;
}

interface PlaceOfOrder {
  shippingValue: number;
  stockName: string;
  postNum: string;
  address: string;
  addrSub: string;
}

/**
 * Where the goods go: a 방문수령 order is collected at its warehouse, so that is named and the
 * customer's own address (which the order still carries) is not shown as a delivery address.
 */
export function orderPlace(o: PlaceOfOrder): OrderPlace {
  if (o.shippingValue === SHIPPING.types.pickup)
    return { label: TO.pickupPlace, value: TO.pickupAt(o.stockName || '-') };
  return { label: null, value: addressLine(o) || '-' };
}
