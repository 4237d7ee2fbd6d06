import {
  MSG_ORDER,
  MSG_TRACKING,
  carrierByCode,
  carrierFromName,
  isWaybillValid,
  normalizeWaybill,
  trackingLink,
  type Carrier,
  type CarrierCode,
} from '@partsmall/contract';

/**
 * What staff send to ship an order, made into a shipment (docs/requirements.md#shipping-and-tracking):
 * `carrier` is a code of the contract's CARRIERS ('kr.cjlogistics') or a name typed as before
 * ('대한통운'), which is mapped to its carrier; a name of no listed carrier is kept as typed and not
 * tracked. The waybill must have the shape of its carrier's numbers.
 */
export interface ShipmentFacts {
  /** The listed carrier, or null for a name typed that is not in the list. */
  code: CarrierCode | null;
  carrierName: string;
  /** Digits only for a listed carrier; as typed otherwise; '' for 직접 배송 and 퀵. */
  waybill: string;
  tracked: boolean;
}

export type ShipmentCheck = { ok: true; shipment: ShipmentFacts } | { ok: false; message: string; field: string };

const refused = (message: string, field: string): ShipmentCheck => ({ ok: false, message, field });

export function carrierOf(typed: string): Carrier | undefined {
  return carrierByCode(typed) ?? carrierFromName(typed);
}

export function checkShipment(carrier: string | undefined, waybill: string | undefined): ShipmentCheck {
  const typed = (carrier ?? '').trim();
  const number = (waybill ?? '').trim();
  // What is missing is named, and the field it is: a carrier (with the waybill when both are), or the waybill.
  if (!typed) return refused(number ? MSG_TRACKING.carrierRequired : MSG_ORDER.carrierRequired, 'carrier');
  const listed = carrierOf(typed);
  if (!listed) {
    if (!number) return refused(MSG_TRACKING.waybillRequired, 'waybill');
    return { ok: true, shipment: { code: null, carrierName: typed, waybill: number, tracked: false } };
  }
  if (!listed.waybill) {
    if (number) return refused(MSG_TRACKING.noWaybill(listed.name), 'waybill');
  } else {
    if (!number) return refused(MSG_TRACKING.waybillRequired, 'waybill');
    if (!isWaybillValid(listed, number))
      return refused(MSG_TRACKING.waybillShape(listed.name, listed.waybillHint), 'waybill');
  }
  return {
    ok: true,
    shipment: {
      code: listed.code,
      carrierName: listed.name,
      waybill: normalizeWaybill(number),
      tracked: listed.tracked,
    },
  };
}

/** The carrier's tracking page for the shipment, or null (not listed, or nothing to track). */
export function shipmentLink(code: string | null, waybill: string): string | null {
  const carrier = code ? carrierByCode(code) : undefined;
  return carrier && waybill ? trackingLink(carrier, waybill) : null;
}
