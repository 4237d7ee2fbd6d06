import { PAYMENT_PGCODE_LABELS, vatOf, type DateRangeListRequest, type PaymentRecord } from '@partsmall/contract';
import { date, money, won } from '../../shared/format';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { RangedList, SectionHead } from './parts';
import { paymentHistoryQuery, type PaymentKind } from './queries';

const M = T.management;
const H = M.history;

/** Cash or licence payment history (docs/requirements.md#member-area): date range, table with the VAT of each amount. */
export function PaymentHistorySection({ kind }: { kind: PaymentKind }) {
  const title = kind === 'cash' ? H.cashTitle : H.licenseTitle;
  const method = (r: PaymentRecord) => <span className={`mg-pg mg-pg-${r.pgcode}`}>{PAYMENT_PGCODE_LABELS[r.pgcode] ?? r.pgcode}</span>;
  const when = (r: PaymentRecord) => <time dateTime={r.transaction_date}>{date(r.transaction_date)}</time>;
  const columns: Column<PaymentRecord>[] = [
    { id: 'date', header: H.cols.date, width: 110, className: 'center date', cell: when, sortValue: (r) => r.transaction_date },
    { id: 'method', header: H.cols.method, width: 100, className: 'center', cell: method },
    { id: 'product', header: H.cols.product, className: 'ellipsis', title: (r) => r.product_name, cell: (r) => r.product_name },
    { id: 'user', header: H.cols.user, width: 120, className: 'center', cell: (r) => r.user_name },
    { id: 'amount', header: H.cols.amount, width: 130, className: 'money', cell: (r) => money(r.amount), sortValue: (r) => r.amount },
    { id: 'vat', header: H.cols.vat, width: 110, className: 'money', cell: (r) => money(vatOf(r.amount)) },
  ];

  return (
    <div>
      <SectionHead title={title} />
      <RangedList
        query={(q: DateRangeListRequest) => paymentHistoryQuery(kind, q)}
        columns={columns}
        label={title}
        card={(r) => (
          <>
            <div className="mg-card-head">
              {when(r)}
              {method(r)}
            </div>
            <p className="mg-card-title">{r.product_name}</p>
            <p>
              {r.user_name} · <b>{won(r.amount)}</b> <span className="muted">(VAT {won(vatOf(r.amount))})</span>
            </p>
          </>
        )}
      />
    </div>
  );
}
