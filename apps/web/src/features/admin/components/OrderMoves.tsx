import { useState } from 'react';
import { SHIPPING, allowedMoves, type AdminOrderDetail } from '@partsmall/contract';
import { date, won } from '../../../shared/format';
import { messageOf } from '../../../shared/api';
import { useNotify } from '../../../shared/ui/notify';
import { isConflict, useAdminWrite } from '../api';
import { A } from '../texts';
import { ShipFields, shipProblem } from './ShipFields';

const MOVE_LABELS = A.moves.labels;

/** The moves the transition table allows staff from this status, and only those. */
export function OrderMoves({ d }: { d: AdminOrderDetail }) {
  const o = d.order;
  const notify = useNotify();
  const moves = allowedMoves(o.status, 'staff');
  const move = useAdminWrite('adminSetOrderStatus');
  const [carrier, setCarrier] = useState('');
  const [waybill, setWaybill] = useState('');
  const [note, setNote] = useState('');
  // A 방문수령 order is handed over at its warehouse: no carrier, no waybill (docs/requirements.md#shipping-and-tracking).
  const pickup = o.shippingValue === SHIPPING.types.pickup;
  const shipBlocked = pickup ? null : shipProblem(carrier, waybill);
  // A 외상 order's cancel takes its charge off what the company owes; only a cash order is refunded.
  const onCredit = o.payWith === 'credit';
  /** What a move to `to` gives back (a cancel's refund), if anything. */
  const refundOf = (to: number): number | undefined => d.refunds[String(to)];
  const refundNote = (to: number) => {
    const amount = refundOf(to);
    return amount === undefined ? null : (onCredit ? A.moves.creditRefund : A.moves.refund)(won(amount));
  };
  const run = (to: number) => {
    const refund = refundOf(to);
    const text =
      refund !== undefined
        ? (onCredit ? A.moves.creditRefundText : A.moves.refundText)(MOVE_LABELS[to] ?? '', won(refund))
        : to === 2 && pickup
          ? A.moves.handOverText(o.seq)
          : A.moves.moveText(o.seq, MOVE_LABELS[to] ?? '');
    const body = {
      seq: o.seq,
      status: to,
      ...(to === 2 && !pickup ? { carrier, waybill } : {}),
      ...(to === 6 && note ? { note } : {}),
    };
    void notify
      .confirm(
        {
          title: MOVE_LABELS[to] ?? '',
          text,
          confirmLabel: MOVE_LABELS[to] ?? A.moves.confirm,
          busyLabel: A.moves.busy,
          danger: refund !== undefined,
        },
        () => move.mutateAsync(body),
      )
      .then(
        (a) => a && notify.toast(a.message),
        // A refused move (409) was read again (useAdminWrite): the alert says the order shown is the current one.
        (e: unknown) => void notify.alert(isConflict(e) ? A.moves.changed(messageOf(e)) : messageOf(e)),
      );
  };
  return (
    <div className="admin-panel no-print">
      <div className="admin-actions">
        {moves.length === 0 && <span>{A.moves.none}</span>}
        {moves.includes(2) &&
          (pickup ? (
            <span className="field-hint">{A.moves.pickupHint}</span>
          ) : (
            <ShipFields carrier={carrier} waybill={waybill} onCarrier={setCarrier} onWaybill={setWaybill} />
          ))}
        {moves.includes(6) && (
          <input
            aria-label={A.moves.holdNote}
            placeholder={A.moves.holdNoteHint}
            value={note}
            maxLength={255}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
        {moves.map((to) => (
          <button
            key={to}
            type="button"
            className={to === 3 || to === 8 ? 'btn btn-small btn-danger-line' : 'btn btn-small btn-primary'}
            disabled={move.isPending || (to === 2 && shipBlocked !== null)}
            title={to === 2 ? (shipBlocked ?? undefined) : undefined}
            onClick={() => run(to)}
          >
            {MOVE_LABELS[to]}
            {refundNote(to)}
          </button>
        ))}
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={() => window.print()}>
          {A.moves.printPacking}
        </button>
      </div>
      <p className="field-hint">{A.moves.printedOn(date(new Date()))}</p>
    </div>
  );
}
