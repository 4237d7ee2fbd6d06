import { useState } from 'react';
import { ORDER_STATUS_LABELS, PAGE_SIZE } from '@partsmall/contract';
import { seoulDate } from '../../shared/date';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import type { OrderRow, RangeQuery } from './api';
import { DateRangeSearch, Pager, SectionHead, TableState } from './parts';
import { useList } from './useList';

const M = T.management;
const O = M.orders;

/** The order detail popup another screen serves (spec 2 §2: /orderDetail, 800x600). */
export function openOrderDetail(seq: number): boolean {
  return window.open(`/orderDetail?seq=${seq}`, 'orderDetail', 'width=800,height=600') !== null;
}

function StatusBadge({ status }: { status: number }) {
  return <span className={`mg-status mg-status-${status}`}>{ORDER_STATUS_LABELS[status] ?? String(status)}</span>;
}

/** Orders (spec 2 §2): date-range search, view all, table with status labels, detail in a popup window. */
export function OrdersSection({ mobile }: { mobile: boolean }) {
  const notify = useNotify();
  const [query, setQuery] = useState<RangeQuery>({ startDate: '', endDate: '', searchType: '', page: 1 });
  const list = useList<OrderRow>('api/getMallOrderInfo', { ...query, size: PAGE_SIZE.memberArea });

  const detail = (seq: number) => {
    if (!openOrderDetail(seq)) void notify.alert(O.popupBlocked);
  };
  const paid = (o: OrderRow) => M.won(o.totalAmount + o.shipping);
  const products = (o: OrderRow) => O.productLine(o.orderProductInfo[0]?.name ?? '', Math.max(0, (o.itemLength || o.orderProductInfo.length) - 1));

  return (
    <div>
      <SectionHead title={O.title} intro={O.intro} />
      <DateRangeSearch
        busy={list.loading}
        onSearch={(r) => setQuery({ ...r, searchType: 'date', page: 1 })}
        onAll={() => setQuery({ startDate: '', endDate: '', searchType: '', page: 1 })}
      />
      <p className="board-summary" aria-live="polite">
        {M.total(list.total)}
        {list.loading && <span className="spinner" aria-label={T.common.loading} />}
      </p>
      {mobile ? (
        <ul className="mg-cards" aria-busy={list.loading} aria-label={O.title}>
          {list.rows.map((o) => (
            <li key={o.seq} className="mg-card">
              <div className="mg-card-head">
                <time dateTime={o.created}>{seoulDate(o.created)}</time>
                <StatusBadge status={o.status} />
              </div>
              <p className="mg-card-title">{products(o)}</p>
              <p>
                {o.name} · {O.shippingTypes[o.shippingValue] ?? ''} · <b>{paid(o)}</b>
              </p>
              <button type="button" className="btn btn-small" onClick={() => detail(o.seq)}>
                {O.detail}
              </button>
            </li>
          ))}
          {list.rows.length === 0 && <li className="empty-row">{list.loading ? T.common.loading : (list.error ?? T.common.empty)}</li>}
        </ul>
      ) : (
        <table className="board-table mg-table" aria-busy={list.loading} aria-label={O.title}>
          <colgroup>
            <col style={{ width: 104 }} />
            <col style={{ width: 80 }} />
            <col />
            <col style={{ width: 120 }} />
            <col style={{ width: 100 }} />
            <col style={{ width: 80 }} />
            <col style={{ width: 96 }} />
            <col style={{ width: 96 }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{O.cols.date}</th>
              <th scope="col">{O.cols.no}</th>
              <th scope="col">{O.cols.product}</th>
              <th scope="col">{O.cols.amount}</th>
              <th scope="col">{O.cols.recipient}</th>
              <th scope="col">{O.cols.shipping}</th>
              <th scope="col">{O.cols.status}</th>
              <th scope="col">{O.cols.detail}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((o) => (
              <tr key={o.seq}>
                <td className="center date">
                  <time dateTime={o.created}>{seoulDate(o.created)}</time>
                </td>
                <td className="center num">{o.seq}</td>
                <td className="ellipsis" title={o.orderProductInfo.map((l) => `${l.name} × ${l.qty}`).join('\n')}>
                  {products(o)}
                </td>
                <td className="money">{(o.totalAmount + o.shipping).toLocaleString('ko-KR')}</td>
                <td className="center">{o.name}</td>
                <td className="center">{O.shippingTypes[o.shippingValue] ?? ''}</td>
                <td className="center">
                  <StatusBadge status={o.status} />
                </td>
                <td className="center">
                  <button type="button" className="btn btn-small" onClick={() => detail(o.seq)}>
                    {O.detail}
                  </button>
                </td>
              </tr>
            ))}
            <TableState colSpan={8} loading={list.loading && list.rows.length === 0} empty={list.rows.length === 0} error={list.error} />
          </tbody>
        </table>
      )}
      <Pager page={query.page} total={list.total} size={PAGE_SIZE.memberArea} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
    </div>
  );
}
