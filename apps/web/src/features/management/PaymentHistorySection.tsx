import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS, splitVat, type PaymentRecord } from '@partsmall/contract';
import { date, dateTime, money, won } from '../../shared/format';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { RangedList } from './components/RangedList';
import { RowCard } from './components/RowCard';
import { SectionHead } from './components/SectionHead';
import { rangeRequest } from './components/date-range';
import type { PeriodPage } from './paperwork-api';
import { paymentHistoryQuery, pendingTransfersQuery, type PaymentKind } from './api';
import './management.css';

const M = T.management;
const H = M.history;

/** Who made a payment: '관리자' for one staff made (its method 'manager'), else the member's name. */
const payerOf = (r: PaymentRecord): string => (r.pgcode === 'manager' ? H.byStaff : r.user_name);

/** Cash or licence payment history (docs/requirements.md#member-area): date range, table with the VAT of each amount
 * (the 세액 of `splitVat`: amounts include VAT). */
export function PaymentHistorySection({ kind }: { kind: PaymentKind }) {
  const title = kind === 'cash' ? H.cashTitle : H.licenseTitle;
  const method = (r: PaymentRecord) => (
    <span className={`status-badge mg-pg-${r.pgcode}`}>{PAYMENT_METHODS[r.pgcode]}</span>
  );
  const when = (r: PaymentRecord) => <time dateTime={r.transaction_date}>{date(r.transaction_date)}</time>;
  const columns: Column<PaymentRecord>[] = [
    {
      id: 'date',
      header: H.cols.date,
      width: 110,
      className: 'center date',
      cell: when,
      sortValue: (r) => r.transaction_date,
    },
    { id: 'method', header: H.cols.method, width: 100, className: 'center', cell: method },
    {
      id: 'product',
      header: H.cols.product,
      className: 'ellipsis',
      title: (r) => r.product_name,
      cell: (r) => r.product_name,
    },
    { id: 'user', header: H.cols.user, width: 120, className: 'center', cell: payerOf },
    {
      id: 'amount',
      header: H.cols.amount,
      width: 130,
      className: 'money',
      cell: (r) => money(r.amount),
      sortValue: (r) => r.amount,
    },
    { id: 'vat', header: H.cols.vat, width: 110, className: 'money', cell: (r) => money(splitVat(r.amount).tax) },
  ];

  return (
    <div>
      <SectionHead title={title} />
      <PendingTransfers kind={kind} />
      <RangedList
        query={(q: PeriodPage) => paymentHistoryQuery(kind, rangeRequest(q))}
        columns={columns}
        label={title}
        card={(r) => (
          <RowCard start={when(r)} end={method(r)} title={r.product_name}>
            <p>
              {payerOf(r) && `${payerOf(r)} · `}
              <b>{won(r.amount)}</b> <span className="muted">(VAT {won(splitVat(r.amount).tax)})</span>
            </p>
          </RowCard>
        )}
      />
    </div>
  );
}

/** Transfers whose deposit has not arrived: the account stays findable after its window is closed. */
function PendingTransfers({ kind }: { kind: PaymentKind }) {
  const query = useQuery(pendingTransfersQuery(kind));
  const list = query.data ?? [];
  if (list.length === 0) return null;
  const c = H.pendingCols;
  return (
    <section className="mg-pending" aria-label={H.pendingTitle} data-testid="pending-transfers">
      <h3>{H.pendingTitle}</h3>
      <p className="muted">{H.pendingIntro}</p>
      <ul>
        {list.map((t) => (
          <li key={t.paymentId}>
            <p className="mg-card-title">{t.product_name}</p>
            <dl className="spec-list">
              <dt>{c.bank}</dt>
              <dd>{t.bank}</dd>
              <dt>{c.account}</dt>
              <dd className="mono">{t.account}</dd>
              <dt>{c.holder}</dt>
              <dd>{t.holder}</dd>
              <dt>{c.amount}</dt>
              <dd>
                <b>{won(t.amount)}</b>
              </dd>
              <dt>{c.due}</dt>
              <dd>{t.dueDate ? dateTime(t.dueDate) : '-'}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
