import { useState } from 'react';
import type { CashLedgerRow } from '@partsmall/contract';
import { apiFile, messageOf } from '../../shared/api';
import { openFile, saveFile } from '../../shared/files';
import { dateTime, money, won } from '../../shared/format';
import { PW } from '../../shared/paperwork-texts';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { useNotify } from '../../shared/ui/notify';
import { RangedList } from './components/RangedList';
import { RowCard } from './components/RowCard';
import { SectionHead } from './components/SectionHead';
import { cashLedgerQuery, type PeriodPage } from './paperwork-api';
import '../../shared/ui/paperwork.css';
import { dateColumn } from '../../shared/ui/columns';

const L = PW.ledger;

/** The row's order or payment, as the ledger names it. */
export function ledgerRef(r: Pick<CashLedgerRow, 'orderSeq' | 'paymentSeq'>): string {
  if (r.orderSeq !== null) return L.order(r.orderSeq);
  if (r.paymentSeq !== null) return L.payment(r.paymentSeq);
  return '-';
}

/** A signed amount: + credit, − debit (the minus a typographic one, as the money columns show). */
export function signedMoney(amount: number): string {
  return amount > 0 ? `+${money(amount)}` : amount < 0 ? `−${money(-amount)}` : money(0);
}

/**
 * 캐시 원장 (docs/requirements.md#paperwork-screens): every ledger row of the company, newest first,
 * with a period search, paging and the CSV and PDF exports of the same period. The balance above is
 * the company's balance now, which the newest row's 잔액 equals.
 */
export function CashLedgerSection() {
  const notify = useNotify();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);

  const exportAs = (format: 'csv' | 'pdf', q: PeriodPage) => {
    const period = q.startDate && q.endDate ? { startDate: q.startDate, endDate: q.endDate } : {};
    setBusy(format);
    const load = () => apiFile('cashLedgerExport', { format, ...period });
    (format === 'pdf' ? openFile(load) : load().then(saveFile))
      .catch((e: unknown) => void notify.alert(messageOf(e)))
      .finally(() => setBusy(null));
  };

  const columns: Column<CashLedgerRow>[] = [
    dateColumn('date', L.cols.date, (r) => r.created, { width: 140, time: true }),
    { id: 'kind', header: L.cols.kind, width: 110, className: 'center', cell: (r) => r.typeLabel },
    { id: 'ref', header: L.cols.ref, width: 100, className: 'center', cell: ledgerRef },
    { id: 'note', header: L.cols.note, className: 'ellipsis', title: (r) => r.note, cell: (r) => r.note || '-' },
    {
      id: 'amount',
      header: L.cols.amount,
      width: 120,
      className: 'money',
      cell: (r) => <span className={r.amount < 0 ? 'minus' : 'plus'}>{signedMoney(r.amount)}</span>,
    },
    { id: 'after', header: L.cols.after, width: 120, className: 'money', cell: (r) => money(r.balanceAfter) },
  ];

  return (
    <div>
      <RangedList
        query={cashLedgerQuery}
        head={(list, q) => (
          <>
            <SectionHead title={L.title} intro={L.intro}>
              {(['csv', 'pdf'] as const).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="btn btn-small"
                  onClick={() => exportAs(kind, q)}
                  disabled={busy !== null}
                >
                  {busy === kind ? L.busy : L[kind]}
                </button>
              ))}
            </SectionHead>
            <p className="mg-balance">
              {L.balance} <b data-testid="ledger-balance">{list.data ? won(list.data.balance) : '-'}</b>
            </p>
          </>
        )}
        label={L.title}
        columns={columns}
        emptyText={L.empty}
        rowTestId="ledger-row"
        card={(r) => (
          <RowCard
            start={<time dateTime={r.created}>{dateTime(r.created)}</time>}
            end={<span>{r.typeLabel}</span>}
            title={[ledgerRef(r), r.note].filter((v) => v && v !== '-').join(' · ') || '-'}
          >
            <p>
              <b className={r.amount < 0 ? 'minus' : 'plus'}>{T.common.wonOf(signedMoney(r.amount))}</b> ·{' '}
              {L.afterLine(won(r.balanceAfter))}
            </p>
          </RowCard>
        )}
      />
    </div>
  );
}
