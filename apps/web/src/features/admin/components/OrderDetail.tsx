import { useQuery } from '@tanstack/react-query';
import {
  PAY_WITH_LABELS,
  RETURN_REASONS,
  orderJobRefs,
  shippingWayLabel,
  type AdminOrderDetail,
} from '@partsmall/contract';
import { count, dateTime, phone, won } from '../../../shared/format';
import { DataTable } from '../../../shared/ui/DataTable';
import { DetailList } from '../../../shared/ui/DetailList';
import { StatementButton, orderPlace, orderSender } from '../../orders';
import { adminQuery } from '../api';
import { LedgerPart } from '../columns';
import { A } from '../texts';
import { DetailModal } from './DetailModal';
import { OrderMoves } from './OrderMoves';
import { StatusBadge } from './StatusBadge';

/** One order in a modal: its details, lines, the moves staff may make, its history and cash entries. */
export function OrderDetail({ seq, onClose }: { seq: number; onClose: () => void }) {
  const q = useQuery(adminQuery('adminOrderDetail', { seq }));
  return (
    <DetailModal title={A.order.title(seq)} onClose={onClose} query={q}>
      {(d) => <OrderBody d={d} />}
    </DetailModal>
  );
}

function OrderBody({ d }: { d: AdminOrderDetail }) {
  const o = d.order;
  const place = orderPlace(o);
  return (
    <div className="admin-order">
      <div className="admin-grid2">
        <DetailList
          className="admin-dl"
          items={[
            {
              label: A.order.fields.status,
              value: (
                <>
                  <StatusBadge status={o.status} />
                  {o.returnReason !== null &&
                    A.order.returnReason(RETURN_REASONS[o.returnReason] ?? String(o.returnReason))}
                </>
              ),
            },
            { label: A.order.fields.created, value: dateTime(o.created) },
            { label: A.order.fields.who, value: `${o.companyName} / ${o.memberName}` },
            { label: A.order.fields.stock, value: o.stockName },
            {
              label: A.order.fields.amount,
              value: A.order.amounts(won(o.totalAmount), won(o.shipping), won(o.totalAmount + o.shipping)),
            },
            // A 외상 order is billed on the month's statement; its cancel is no cash refund.
            { label: A.order.fields.payWith, value: PAY_WITH_LABELS[o.payWith ?? 'cash'] },
            !!o.carrier && {
              label: A.order.fields.waybill,
              value: `${o.carrier} / ${o.waybill} ${o.shippedAt ? `(${dateTime(o.shippedAt)})` : ''}`,
            },
            !!o.staffNote && { label: A.order.fields.staffNote, value: o.staffNote },
          ]}
        />
        <DetailList
          className="admin-dl"
          items={[
            {
              label: A.order.fields.shipping,
              value: (
                <>
                  {/* '택배 · 선불'; a 방문수령 once, not '방문수령 · 방문수령'. */}
                  {shippingWayLabel(o.shippingValue, o.shippingPayType)}
                  {o.arrive && A.order.office(o.arrive)}
                </>
              ),
            },
            { label: A.order.fields.to, value: `${o.name} ${phone(o.phone)}` },
            { label: place.label ?? A.order.fields.address, value: place.value },
            { label: A.order.fields.from, value: orderSender(o) ?? A.none },
            { label: A.order.fields.memo, value: o.memo || A.none },
            { label: A.order.fields.jobRefs, value: orderJobRefs(o).join(', ') || A.none },
          ]}
        />
      </div>
      <p className="admin-actions no-print">
        <StatementButton seq={o.seq} />
      </p>
      <h2>{A.order.lines}</h2>
      <DataTable
        label={A.order.lines}
        rows={o.orderProductInfo.map((l, i) => ({ ...l, i, vin: d.vins[i] ?? '' }))}
        rowKey={(l) => l.i}
        columns={[
          // The name wraps in its column (admin.css .admin-order-name): cut with an ellipsis, a long one could
          // not be read at all. The widths add up to the dialog's 1,060 px with the name's 160: 금액 is never
          // behind a scroll.
          { id: 'name', header: A.order.cols.name, className: 'admin-order-name', cell: (l) => l.name },
          { id: 'pid', header: A.order.cols.pid, width: 120, cell: (l) => l.pid },
          { id: 'factory', header: A.order.cols.factory, width: 120, cell: (l) => l.factoryNum || A.none },
          { id: 'vin', header: 'VIN', width: 170, cell: (l) => l.vin || A.none },
          { id: 'jobRef', header: A.order.cols.jobRef, width: 110, cell: (l) => l.jobRef || A.none },
          {
            id: 'memo',
            header: A.order.cols.memo,
            width: 120,
            className: 'ellipsis',
            title: (l) => l.memo ?? '',
            cell: (l) => l.memo || A.none,
          },
          { id: 'qty', header: A.order.cols.qty, width: 60, className: 'num', cell: (l) => count(l.qty) },
          { id: 'price', header: A.order.cols.price, width: 90, className: 'money', cell: (l) => count(l.price) },
          { id: 'sum', header: A.order.cols.sum, width: 100, className: 'money', cell: (l) => count(l.price * l.qty) },
        ]}
      />
      <OrderMoves d={d} />
      <div className="admin-grid2 no-print">
        <div>
          <h2>{A.order.history}</h2>
          {/* The order's first event is its creation (no status → 구매요청), written with the payment. */}
          <ol className="admin-timeline">
            {d.events.map((e) => (
              <li key={e.id}>
                {dateTime(e.createdAt)} {e.fromStatus !== null ? `${A.status[e.fromStatus]} → ` : ''}
                {A.status[e.toStatus]} ({e.memberName}){e.note && ` - ${e.note}`}
              </li>
            ))}
          </ol>
        </div>
        <LedgerPart title={A.order.ledger} label={A.order.ledgerLabel} rows={d.ledger} />
      </div>
    </div>
  );
}
