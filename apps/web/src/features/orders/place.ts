import { SHIPPING, SHIPPING_TYPE_LABELS } from '@partsmall/contract';
import { addressLine, phone } from '../../shared/format';
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

/**
 * How an order goes (the phone order list's 배송 row): the way it was chosen at checkout, and, once
 * staff shipped it, the carrier and waybill. Before that, a 방문수령 or 퀵 order is not named as if
 * it had a carrier.
 */
export function orderDelivery(o: { shippingValue: number; carrier: string; waybill: string }): string {
  const way = SHIPPING_TYPE_LABELS[o.shippingValue];
  if (!way) return '-';
  const carrier = [o.carrier, o.waybill].filter(Boolean).join(' ');
  return carrier ? `${way} · ${carrier}` : way;
}

/**
 * The sender a 직배송 order names (its name and phone, as the buyer gave them), or null when it names
 * none: the buyer's order list and popup and the back office's order detail each say '-' then.
 */
export function orderSender(o: { fromName: string; fromPhone: string }): string | null {
  return [o.fromName, o.fromPhone && phone(o.fromPhone)].filter(Boolean).join(' ') || null;
}
