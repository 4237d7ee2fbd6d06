import { useState } from 'react';
import { allowedMoves, type AdminOrderDetail } from '@partsmall/contract';
import { date, won } from '../../../shared/format';
import { useConfirmedWrite } from '../../../shared/ui/notify';
import { useAdminWrite } from '../api';
import { ShipFields, shipProblem } from './ShipFields';

const MOVE_LABELS: Record<number, string> = {
  1: '출고확정',
  2: '출고완료',
  3: '출고취소',
  5: '반품승인',
  6: '반품보류',
  8: '판매자취소',
};

/** The moves the transition table allows staff from this status, and only those. */
export function OrderMoves({ d }: { d: AdminOrderDetail }) {
  const o = d.order;
  const ask = useConfirmedWrite();
  const moves = allowedMoves(o.status, 'staff');
  const move = useAdminWrite('adminSetOrderStatus');
  const [carrier, setCarrier] = useState('');
  const [waybill, setWaybill] = useState('');
  const [note, setNote] = useState('');
  const shipBlocked = shipProblem(carrier, waybill);
  const run = (to: number) => {
    const refund = d.refunds[String(to)];
    const text =
      refund !== undefined
        ? `${MOVE_LABELS[to]} 처리하면 ${won(refund)}을 캐시로 돌려주고 재고를 되돌립니다.`
        : `주문 #${o.seq}을 ${MOVE_LABELS[to]}(으)로 바꿉니다.`;
    const body = {
      seq: o.seq,
      status: to,
      ...(to === 2 ? { carrier, waybill } : {}),
      ...(to === 6 && note ? { note } : {}),
    };
    ask(
      {
        title: MOVE_LABELS[to] ?? '',
        text,
        confirmLabel: MOVE_LABELS[to] ?? '확인',
        busyLabel: '처리 중...',
        danger: refund !== undefined,
      },
      () => move.mutateAsync(body),
    );
  };
  return (
    <div className="admin-panel no-print">
      <div className="admin-actions">
        {moves.length === 0 && <span>더 바꿀 수 있는 상태가 없습니다.</span>}
        {moves.includes(2) && (
          <ShipFields carrier={carrier} waybill={waybill} onCarrier={setCarrier} onWaybill={setWaybill} />
        )}
        {moves.includes(6) && (
          <input
            aria-label="보류 메모"
            placeholder="구매자에게 보일 보류 메모"
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
            {d.refunds[String(to)] !== undefined && ` (환불 ${won(d.refunds[String(to)]!)})`}
          </button>
        ))}
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={() => window.print()}>
          포장 목록 인쇄
        </button>
      </div>
      <p className="field-hint">인쇄일 {date(new Date())}</p>
    </div>
  );
}
