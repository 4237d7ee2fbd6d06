import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUS_LABELS, PAGE_SIZE, type DateRangeListRequest, type OrderView } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { date, money, won } from '../../shared/format';
import { T } from '../../shared/texts';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { useNotify } from '../../shared/ui/notify';
import { openOrderDetail } from '../orders/OrderDetailPopup';
import { orderListQuery } from '../orders/queries';
import { DateRangeSearch, ListBar, SectionHead, type Range } from './parts';

const M = T.management;
const O = M.orders;

function StatusBadge({ status }: { status: number }) {
  return <span className={`mg-status mg-status-${status}`}>{ORDER_STATUS_LABELS[status] ?? String(status)}</span>;
}

/** A date-range list's query: searchType 'date' only with both dates (spec 2 §7). */
export function useRangeQuery() {
  const [query, setQuery] = useState<DateRangeListRequest & { page: number }>({ startDate: '', endDate: '', searchType: '', page: 1 });
  return {
    query: { ...query, size: PAGE_SIZE.memberArea },
    search: (r: Range) => setQuery({ ...r, searchType: 'date', page: 1 }),
    all: () => setQuery({ startDate: '', endDate: '', searchType: '', page: 1 }),
    setPage: (page: number) => setQuery((q) => ({ ...q, page })),
  };
}

/** Orders (spec 2 §2): date-range search, view all, table with status labels, detail in a popup window. */
export function OrdersSection({ mobile }: { mobile: boolean }) {
  const notify = useNotify();
  const range = useRangeQuery();
  const list = useQuery(orderListQuery(range.query));
  const total = list.data?.total ?? 0;

  const detail = (seq: number) => {
    if (!openOrderDetail(seq)) void notify.alert(O.popupBlocked);
  };
  const paid = (o: OrderView) => o.totalAmount + o.shipping;
  const products = (o: OrderView) => O.productLine(o.orderProductInfo[0]?.name ?? '', Math.max(0, (o.itemLength || o.orderProductInfo.length) - 1));
  const detailButton = (o: OrderView) => (
    <button type="button" className="btn btn-small" onClick={() => detail(o.seq)}>
      {O.detail}
    </button>
  );
  const columns: Column<OrderView>[] = [
    { id: 'date', header: O.cols.date, width: 104, className: 'center date', cell: (o) => <time dateTime={o.created}>{date(o.created)}</time>, sortValue: (o) => o.created },
    { id: 'no', header: O.cols.no, width: 80, className: 'center num', cell: (o) => o.seq },
    { id: 'product', header: O.cols.product, className: 'ellipsis', title: (o) => o.orderProductInfo.map((l) => `${l.name} × ${l.qty}`).join('\n'), cell: products },
    { id: 'amount', header: O.cols.amount, width: 120, className: 'money', cell: (o) => money(paid(o)), sortValue: paid },
    { id: 'recipient', header: O.cols.recipient, width: 100, className: 'center', cell: (o) => o.name },
    { id: 'shipping', header: O.cols.shipping, width: 80, className: 'center', cell: (o) => O.shippingTypes[o.shippingValue] ?? '' },
    { id: 'status', header: O.cols.status, width: 96, className: 'center', cell: (o) => <StatusBadge status={o.status} /> },
    { id: 'detail', header: O.cols.detail, width: 96, className: 'center', cell: detailButton },
  ];

  return (
    <div>
      <SectionHead title={O.title} intro={O.intro} />
      <DateRangeSearch busy={list.isFetching} onSearch={range.search} onAll={range.all} />
      <ListBar total={total} loading={list.isFetching} />
      <DataTable
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(o) => o.seq}
        label={O.title}
        className="board-table mg-table"
        loading={list.isFetching}
        error={list.error ? messageOf(list.error) : null}
        paging={{ page: range.query.page, total, size: PAGE_SIZE.memberArea, onPage: range.setPage }}
        mobile={mobile}
        card={(o) => (
          <>
            <div className="mg-card-head">
              <time dateTime={o.created}>{date(o.created)}</time>
              <StatusBadge status={o.status} />
            </div>
            <p className="mg-card-title">{products(o)}</p>
            <p>
              {o.name} · {O.shippingTypes[o.shippingValue] ?? ''} · <b>{won(paid(o))}</b>
            </p>
            {detailButton(o)}
          </>
        )}
      />
    </div>
  );
}
