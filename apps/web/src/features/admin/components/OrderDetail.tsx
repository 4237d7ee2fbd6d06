import { useQuery } from '@tanstack/react-query';
import {
  PAY_TYPE_LABELS,
  RETURN_REASONS,
  SHIPPING_TYPE_LABELS,
  orderJobRefs,
  type AdminOrderDetail,
} from '@partsmall/contract';
import { count, dateTime, phone, won } from '../../../shared/format';
import { DataTable } from '../../../shared/ui/DataTable';
import { DetailList } from '../../../shared/ui/DetailList';
import { StatementButton, orderPlace } from '../../orders';
import { adminQuery } from '../api';
import { LEDGER_COLUMNS } from '../columns';
import { A } from '../texts';
import { DetailModal } from './ListParts';
import { OrderMoves } from './OrderMoves';
import { StatusBadge } from './StatusBadge';

/** One order in a modal: its details, lines, the moves staff may make, its history and cash entries. */
export function OrderDetail({ seq, onClose }: { seq: number; onClose: () => void }) {
  const q = useQuery(adminQuery('adminOrderDetail', { seq }));
  return (
    <DetailModal title={`주문 #${seq}`} onClose={onClose} query={q}>
      {(d) => <OrderBody d={d} />}
    </DetailModal>
  );
}

function OrderBody({ d }: { d: AdminOrderDetail }) {
  const o = d.order;
  return (
    <div className="admin-order">
      <div className="admin-grid2">
        <DetailList
          className="admin-dl"
          items={[
            {
              label: '상태',
              value: (
                <>
                  <StatusBadge status={o.status} />
                  {o.returnReason !== null && ` (반품 사유: ${RETURN_REASONS[o.returnReason] ?? o.returnReason})`}
                </>
              ),
            },
            { label: '주문일시', value: dateTime(o.created) },
            { label: '업체 / 주문자', value: `${o.companyName} / ${o.memberName}` },
            { label: '창고', value: o.stockName },
            {
              label: '금액',
              value: `상품 ${won(o.totalAmount)} + 배송비 ${won(o.shipping)} = ${won(o.totalAmount + o.shipping)}`,
            },
            !!o.carrier && {
              label: '택배사 / 송장',
              value: `${o.carrier} / ${o.waybill} ${o.shippedAt ? `(${dateTime(o.shippedAt)})` : ''}`,
            },
            !!o.staffNote && { label: '직원 메모', value: o.staffNote },
          ]}
        />
        <DetailList
          className="admin-dl"
          items={[
            {
              label: '배송',
              value: (
                <>
                  {SHIPPING_TYPE_LABELS[o.shippingValue] ?? o.shippingValue} ·{' '}
                  {PAY_TYPE_LABELS[o.shippingPayType] ?? o.shippingPayType}
                  {o.arrive && ` · 영업소 ${o.arrive}`}
                </>
              ),
            },
            { label: '받는 분', value: `${o.name} ${phone(o.phone)}` },
            { label: orderPlace(o).label ?? '주소', value: orderPlace(o).value },
            { label: '보내는 분', value: o.fromName ? `${o.fromName} ${phone(o.fromPhone)}` : A.none },
            { label: '메모', value: o.memo || A.none },
            { label: '작업번호/차량번호', value: orderJobRefs(o).join(', ') || A.none },
          ]}
        />
      </div>
      <p className="admin-actions no-print">
        <StatementButton seq={o.seq} />
      </p>
      <h2>주문 상품</h2>
      <DataTable
        label="주문 상품"
        rows={o.orderProductInfo.map((l, i) => ({ ...l, i, vin: d.vins[i] ?? '' }))}
        rowKey={(l) => l.i}
        columns={[
          { id: 'name', header: '상품명', className: 'ellipsis', cell: (l) => l.name },
          { id: 'pid', header: '품번', width: 140, cell: (l) => l.pid },
          { id: 'factory', header: '공장품번', width: 120, cell: (l) => l.factoryNum || A.none },
          { id: 'vin', header: 'VIN', width: 170, cell: (l) => l.vin || A.none },
          { id: 'jobRef', header: '작업번호', width: 110, cell: (l) => l.jobRef || A.none },
          {
            id: 'memo',
            header: '메모',
            width: 140,
            className: 'ellipsis',
            title: (l) => l.memo ?? '',
            cell: (l) => l.memo || A.none,
          },
          { id: 'qty', header: '수량', width: 60, className: 'num', cell: (l) => count(l.qty) },
          { id: 'price', header: '단가(원)', width: 90, className: 'money', cell: (l) => count(l.price) },
          { id: 'sum', header: '금액(원)', width: 100, className: 'money', cell: (l) => count(l.price * l.qty) },
        ]}
      />
      <OrderMoves d={d} />
      <div className="admin-grid2 no-print">
        <div>
          <h2>상태 이력</h2>
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
        <div>
          <h2>캐시 내역</h2>
          <DataTable label="주문 캐시 내역" rows={d.ledger} columns={LEDGER_COLUMNS} />
        </div>
      </div>
    </div>
  );
}
