import { ORDER_STATUS_LABELS, orderJobRefs, type OrderView } from '@partsmall/contract';
import { date, money, won } from '../../shared/format';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { useNotify } from '../../shared/ui/notify';
import { openOrderDetail, orderListQuery, StatementButton } from '../orders';
import { ReorderButton } from '../quick-order';
import { RangedList } from './components/RangedList';
import { RowCard } from './components/RowCard';
import { SectionHead } from './components/SectionHead';
import { rangeRequest } from './components/date-range';
import type { PeriodPage } from './paperwork-api';
import { dateColumn } from '../../shared/ui/columns';
import './management.css';

const M = T.management;
const O = M.orders;

/**
 * The UI kit's status badge (shared/ui/ui.css .status-badge), as the order's detail, the phone's list
 * and the checkout's last page draw it: a second scheme here drew 출고확정 blue beside their amber.
 */
function StatusBadge({ status }: { status: number }) {
  return <span className={`pill status-badge st-${status}`}>{ORDER_STATUS_LABELS[status] ?? String(status)}</span>;
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
  // At 1280 px the member area's panel gives the table 878 px: the three actions share one column
  // (stacked) so every column, the product's included, is in sight without scrolling sideways.
  const actions = (o: OrderView) => (
    <div className="mg-order-actions">
      {detailButton(o)}
      <StatementButton seq={o.seq} />
      <ReorderButton seq={o.seq} />
    </div>
  );
  const columns: Column<OrderView>[] = [
    dateColumn('date', O.cols.date, (o) => o.created, { width: 104, time: true, sort: true, format: date }),
    { id: 'no', header: O.cols.no, width: 72, className: 'center num', cell: (o) => o.seq },
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
      width: 112,
      className: 'center ellipsis',
      cell: (o) => orderJobRefs(o).join(', ') || '-',
    },
    {
      id: 'amount',
      header: O.cols.amount,
      width: 112,
      className: 'money',
      cell: (o) => money(paid(o)),
      sortValue: paid,
    },
    { id: 'recipient', header: O.cols.recipient, width: 84, className: 'center', cell: (o) => o.name },
    {
      id: 'shipping',
      header: O.cols.shipping,
      width: 64,
      className: 'center',
      cell: (o) => T.trade.shipping[o.shippingValue] ?? '',
    },
    {
      id: 'status',
      header: O.cols.status,
      width: 88,
      className: 'center',
      cell: (o) => <StatusBadge status={o.status} />,
    },
    { id: 'actions', header: O.cols.actions, width: 104, className: 'center', cell: actions },
  ];

  return (
    <div>
      <SectionHead title={O.title} intro={O.intro} />
      <RangedList
        query={(q: PeriodPage) => orderListQuery(rangeRequest(q))}
        columns={columns}
        // Narrower than the panel at 1280 px (a smaller window, a zoomed page), the list scrolls
        // sideways in its box and the product column keeps its room (it had none, its header under the next one's).
        minWidth={860}
        label={O.title}
        card={(o) => (
          <RowCard
            start={<time dateTime={o.created}>{date(o.created)}</time>}
            end={<StatusBadge status={o.status} />}
            title={products(o)}
          >
            <p>
              {o.name} · {T.trade.shipping[o.shippingValue] ?? ''} · <b>{won(paid(o))}</b>
            </p>
            {detailButton(o)} <StatementButton seq={o.seq} /> <ReorderButton seq={o.seq} />
          </RowCard>
        )}
      />
    </div>
  );
}
