import { ORDER_STATUS_LABELS, orderJobRefs, type OrderView } from '@partsmall/contract';
import { date, money, won } from '../../shared/format';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { useNotify } from '../../shared/ui/notify';
import { PW } from '../../shared/paperwork-texts';
import { openOrderDetail, orderListQuery, StatementButton } from '../orders';
import { ReorderButton, RT } from '../quick-order';
import { RangedList, SectionHead, rangeRequest } from './parts';
import type { PeriodPage } from './paperwork-api';
import { dateColumn } from '../../shared/ui/columns';
import './management.css';

const M = T.management;
const O = M.orders;

function StatusBadge({ status }: { status: number }) {
  return <span className={`pill mg-status mg-status-${status}`}>{ORDER_STATUS_LABELS[status] ?? String(status)}</span>;
}

/** Orders (docs/requirements.md#member-area): date-range search, view all, table with status labels, detail in a popup window. */
export function OrdersSection() {
  const notify = useNotify();

  const detail = (seq: number) => {
    if (!openOrderDetail(seq)) void notify.alert(O.popupBlocked);
  };
  const paid = (o: OrderView) => o.totalAmount + o.shipping;
  const products = (o: OrderView) =>
    O.productLine(o.orderProductInfo[0]?.name ?? '', Math.max(0, (o.itemLength || o.orderProductInfo.length) - 1));
  const detailButton = (o: OrderView) => (
    <button type="button" className="btn btn-small" onClick={() => detail(o.seq)}>
      {O.detail}
    </button>
  );
  const columns: Column<OrderView>[] = [
    dateColumn('date', O.cols.date, (o) => o.created, { width: 104, time: true, sort: true, format: date }),
    { id: 'no', header: O.cols.no, width: 80, className: 'center num', cell: (o) => o.seq },
    {
      id: 'product',
      header: O.cols.product,
      className: 'ellipsis',
      title: (o) => o.orderProductInfo.map((l) => `${l.name} × ${l.qty}`).join('\n'),
      cell: products,
    },
    {
      id: 'jobRef',
      header: O.cols.jobRef,
      width: 130,
      className: 'center ellipsis',
      cell: (o) => orderJobRefs(o).join(', ') || '-',
    },
    {
      id: 'amount',
      header: O.cols.amount,
      width: 120,
      className: 'money',
      cell: (o) => money(paid(o)),
      sortValue: paid,
    },
    { id: 'recipient', header: O.cols.recipient, width: 100, className: 'center', cell: (o) => o.name },
    {
      id: 'shipping',
      header: O.cols.shipping,
      width: 80,
      className: 'center',
      cell: (o) => T.trade.shipping[o.shippingValue] ?? '',
    },
    {
      id: 'status',
      header: O.cols.status,
      width: 96,
      className: 'center',
      cell: (o) => <StatusBadge status={o.status} />,
    },
    { id: 'detail', header: O.cols.detail, width: 96, className: 'center', cell: detailButton },
    {
      id: 'statement',
      header: PW.statement.button,
      width: 96,
      className: 'center',
      cell: (o) => <StatementButton seq={o.seq} />,
    },
    { id: 'reorder', header: RT.button, width: 96, className: 'center', cell: (o) => <ReorderButton seq={o.seq} /> },
  ];

  return (
    <div>
      <SectionHead title={O.title} intro={O.intro} />
      <RangedList
        query={(q: PeriodPage) => orderListQuery(rangeRequest(q))}
        columns={columns}
        // Eleven columns are wider than the member area's panel: the list scrolls sideways in its box
        // and the product column keeps about 150 px (it had none, its header under the next one's).
        minWidth={1150}
        label={O.title}
        card={(o) => (
          <>
            <div className="mg-card-head">
              <time dateTime={o.created}>{date(o.created)}</time>
              <StatusBadge status={o.status} />
            </div>
            <p className="mg-card-title">{products(o)}</p>
            <p>
              {o.name} · {T.trade.shipping[o.shippingValue] ?? ''} · <b>{won(paid(o))}</b>
            </p>
            {detailButton(o)} <StatementButton seq={o.seq} /> <ReorderButton seq={o.seq} />
          </>
        )}
      />
    </div>
  );
}
