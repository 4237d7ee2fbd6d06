import { useState } from 'react';
import { PAGE_SIZE, PAYMENT_PGCODE_LABELS, vatOf, type PaymentRecord } from '@partsmall/contract';
import { seoulDate } from '../../shared/date';
import { T } from '../../shared/texts';
import type { RangeQuery } from './api';
import { DateRangeSearch, Pager, SectionHead, TableState } from './parts';
import { useList } from './useList';

const M = T.management;
const H = M.history;

/** Cash or licence payment history (spec 2 §2): date range, table with the VAT of each amount. */
export function PaymentHistorySection({ kind, mobile }: { kind: 'cash' | 'license'; mobile: boolean }) {
  const [query, setQuery] = useState<RangeQuery>({ startDate: '', endDate: '', searchType: '', page: 1 });
  const path = kind === 'cash' ? 'api/mallCashPaymentInfo' : 'api/mallLicensePaymentInfo';
  const list = useList<PaymentRecord>(path, { ...query, size: PAGE_SIZE.memberArea });
  const title = kind === 'cash' ? H.cashTitle : H.licenseTitle;
  const method = (r: PaymentRecord) => <span className={`mg-pg mg-pg-${r.pgcode}`}>{PAYMENT_PGCODE_LABELS[r.pgcode] ?? r.pgcode}</span>;

  return (
    <div>
      <SectionHead title={title} />
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
        <ul className="mg-cards" aria-busy={list.loading} aria-label={title}>
          {list.rows.map((r) => (
            <li key={r.seq} className="mg-card">
              <div className="mg-card-head">
                <time dateTime={r.transaction_date}>{seoulDate(r.transaction_date)}</time>
                {method(r)}
              </div>
              <p className="mg-card-title">{r.product_name}</p>
              <p>
                {r.user_name} · <b>{M.won(r.amount)}</b> <span className="muted">(VAT {M.won(vatOf(r.amount))})</span>
              </p>
            </li>
          ))}
          {list.rows.length === 0 && <li className="empty-row">{list.loading ? T.common.loading : (list.error ?? T.common.empty)}</li>}
        </ul>
      ) : (
        <table className="board-table mg-table" aria-busy={list.loading} aria-label={title}>
          <colgroup>
            <col style={{ width: 110 }} />
            <col style={{ width: 100 }} />
            <col />
            <col style={{ width: 120 }} />
            <col style={{ width: 130 }} />
            <col style={{ width: 110 }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{H.cols.date}</th>
              <th scope="col">{H.cols.method}</th>
              <th scope="col">{H.cols.product}</th>
              <th scope="col">{H.cols.user}</th>
              <th scope="col">{H.cols.amount}</th>
              <th scope="col">{H.cols.vat}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.seq}>
                <td className="center date">
                  <time dateTime={r.transaction_date}>{seoulDate(r.transaction_date)}</time>
                </td>
                <td className="center">{method(r)}</td>
                <td className="ellipsis" title={r.product_name}>
                  {r.product_name}
                </td>
                <td className="center">{r.user_name}</td>
                <td className="money">{r.amount.toLocaleString('ko-KR')}</td>
                <td className="money">{vatOf(r.amount).toLocaleString('ko-KR')}</td>
              </tr>
            ))}
            <TableState colSpan={6} loading={list.loading && list.rows.length === 0} empty={list.rows.length === 0} error={list.error} />
          </tbody>
        </table>
      )}
      <Pager page={query.page} total={list.total} size={PAGE_SIZE.memberArea} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
    </div>
  );
}
