import { useQuery } from '@tanstack/react-query';
import {
  PAY_TYPE_LABELS,
  RETURN_REASONS,
  SHIPPING_TYPE_LABELS,
  orderJobRefs,
  type AdminOrderDetail,
} from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { addressLine, count, dateTime, phone, won } from '../../../shared/format';
import { DataTable } from '../../../shared/ui/DataTable';
import { Modal } from '../../../shared/ui/Modal';
import { Loading } from '../../../shared/ui/states';
import { StatementButton } from '../../orders';
import { adminQuery } from '../api';
import { A } from '../texts';
import { OrderMoves } from './OrderMoves';
import { StatusBadge } from './StatusBadge';

/** One order in a modal: its details, lines, the moves staff may make, its history and cash entries. */
export function OrderDetail({ seq, onClose }: { seq: number; onClose: () => void }) {
  const q = useQuery(adminQuery('adminOrderDetail', { seq }));
  const d = q.data?.results;
  return (
    <Modal title={`주문 #${seq}`} onClose={onClose} className="admin-wide" size="wide">
      {!d ? q.error ? <p className="admin-error">{messageOf(q.error)}</p> : <Loading /> : <OrderBody d={d} />}
    </Modal>
  );
}

function OrderBody({ d }: { d: AdminOrderDetail }) {
  const o = d.order;
  return (
    <div className="admin-order">
      <div className="admin-grid2">
        <dl className="admin-dl">
          <dt>상태</dt>
          <dd>
            <StatusBadge status={o.status} />
            {o.returnReason !== null && ` (반품 사유: ${RETURN_REASONS[o.returnReason] ?? o.returnReason})`}
          </dd>
          <dt>주문일시</dt>
          <dd>{dateTime(o.created)}</dd>
          <dt>업체 / 주문자</dt>
          <dd>
            {o.companyName} / {o.memberName}
          </dd>
          <dt>창고</dt>
          <dd>{o.stockName}</dd>
          <dt>금액</dt>
          <dd>
            상품 {won(o.totalAmount)} + 배송비 {won(o.shipping)} = {won(o.totalAmount + o.shipping)}
          </dd>
          {o.carrier && (
            <>
              <dt>택배사 / 송장</dt>
              <dd>
                {o.carrier} / {o.waybill} {o.shippedAt && `(${dateTime(o.shippedAt)})`}
              </dd>
            </>
          )}
          {o.staffNote && (
            <>
              <dt>직원 메모</dt>
              <dd>{o.staffNote}</dd>
            </>
          )}
        </dl>
        <dl className="admin-dl">
          <dt>배송</dt>
          <dd>
            {SHIPPING_TYPE_LABELS[o.shippingValue] ?? o.shippingValue} ·{' '}
            {PAY_TYPE_LABELS[o.shippingPayType] ?? o.shippingPayType}
            {o.arrive && ` · 영업소 ${o.arrive}`}
          </dd>
          <dt>받는 분</dt>
          <dd>
            {o.name} {phone(o.phone)}
          </dd>
          <dt>주소</dt>
          <dd>{addressLine(o)}</dd>
          <dt>보내는 분</dt>
          <dd>{o.fromName ? `${o.fromName} ${phone(o.fromPhone)}` : A.none}</dd>
          <dt>메모</dt>
          <dd>{o.memo || A.none}</dd>
          <dt>작업번호/차량번호</dt>
          <dd>{orderJobRefs(o).join(', ') || A.none}</dd>
        </dl>
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
          <DataTable
            label="주문 캐시 내역"
            rows={d.ledger}
            columns={[
              { id: 'at', header: '일시', width: 120, className: 'date', cell: (l) => dateTime(l.created) },
              { id: 'type', header: '구분', width: 80, cell: (l) => A.ledgerTypes[l.type] ?? l.type },
              { id: 'amount', header: '금액(원)', className: 'money', cell: (l) => count(l.amount) },
              { id: 'after', header: '잔액(원)', className: 'money', cell: (l) => count(l.balanceAfter) },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
