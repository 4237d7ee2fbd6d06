import { CARRIERS, MSG_TRACKING, carrierByCode, isWaybillValid } from '@partsmall/contract';
import { A } from '../texts';

/**
 * Whether staff may ship with these: a carrier of the list, and a waybill of its shape (none for
 * 직접 배송 and 퀵). The server checks the same (docs/requirements.md#shipping-and-tracking).
 */
export function shipProblem(carrier: string, waybill: string): string | null {
  const c = carrierByCode(carrier);
  if (!c) return MSG_TRACKING.carrierRequired;
  if (!c.waybill) return null;
  if (!waybill.trim()) return MSG_TRACKING.waybillRequired;
  return isWaybillValid(c, waybill) ? null : MSG_TRACKING.waybillShape(c.name, c.waybillHint);
}

/** The carrier <select> (the contract's CARRIERS) and the waybill with its carrier's shape as the hint. */
export function ShipFields({
  carrier,
  waybill,
  onCarrier,
  onWaybill,
}: {
  carrier: string;
  waybill: string;
  onCarrier: (code: string) => void;
  onWaybill: (value: string) => void;
}) {
  const chosen = carrierByCode(carrier);
  const needsWaybill = Boolean(chosen?.waybill);
  const problem = waybill.trim() ? shipProblem(carrier, waybill) : null;
  return (
    <span className="ship-fields">
      <select
        aria-label={A.kit.carrier}
        value={carrier}
        onChange={(e) => {
          onCarrier(e.target.value);
          if (!carrierByCode(e.target.value)?.waybill) onWaybill('');
        }}
      >
        <option value="">{A.kit.chooseCarrier}</option>
        {CARRIERS.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <input
        aria-label={A.kit.waybill}
        aria-describedby="ship-waybill-hint"
        aria-invalid={problem ? true : undefined}
        placeholder={
          needsWaybill ? A.kit.waybillWithHint(chosen!.waybillHint) : chosen ? A.kit.noWaybill : A.kit.waybill
        }
        value={waybill}
        maxLength={40}
        inputMode="numeric"
        disabled={Boolean(chosen) && !needsWaybill}
        onChange={(e) => onWaybill(e.target.value)}
      />
      <span id="ship-waybill-hint" className={problem ? 'field-error' : 'field-hint'}>
        {problem ??
          (chosen
            ? needsWaybill
              ? `${chosen.name}: ${chosen.waybillHint}`
              : A.kit.shipsWithoutWaybill(chosen.name)
            : '')}
      </span>
    </span>
  );
}
