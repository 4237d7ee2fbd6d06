import type { TaxInvoiceRow } from '@partsmall/contract';
import { money } from '../../shared/format';
import { PW } from '../../shared/paperwork-texts';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { RangedList } from './components/RangedList';
import { RowCard } from './components/RowCard';
import { SectionHead } from './components/SectionHead';
import { taxInvoicesQuery } from './paperwork-api';
import '../../shared/ui/paperwork.css';

const I = PW.invoices;

/** What an invoice is of: its order, or the month and orders of a 월합계, or the orders a correction corrects. */
export function invoiceTarget(r: Pick<TaxInvoiceRow, 'kind' | 'orderSeq' | 'month' | 'orderSeqs'>): string {
  if (r.kind === 'monthly' && r.month) return I.month(r.month, r.orderSeqs.length);
  if (r.orderSeq !== null) return I.order(r.orderSeq);
  return I.orders(r.orderSeqs);
}

/** The status, with the reason of a failure and the 국세청 승인번호 of a sent one (`details`). */
export function InvoiceStatus({
  r,
  details = true,
}: {
  r: Pick<TaxInvoiceRow, 'status' | 'statusLabel' | 'error' | 'ntsConfirmNum'>;
  details?: boolean;
}) {
  return (
    <>
      <span className={`tax-status tax-${r.status}`}>{r.statusLabel}</span>
      {details && <InvoiceDetails r={r} />}
    </>
  );
}

function InvoiceDetails({ r }: { r: Pick<TaxInvoiceRow, 'status' | 'error' | 'ntsConfirmNum'> }) {
  if (r.status === 'failed' && r.error)
    return (
      <span className="tax-error tax-line" title={r.error}>
        {I.reason}: {r.error}
      </span>
    );
  if (r.ntsConfirmNum)
    return (
      <span className="tax-line muted">
        {I.cols.nts} <span className="mono">{r.ntsConfirmNum}</span>
      </span>
    );
  return null;
}

/**
 * 세금계산서 (docs/requirements.md#paperwork-screens): the company's 전자세금계산서 by 작성일자, newest
 * first, with kind, order or month, amounts and status (a failure with its reason).
 */
export function TaxInvoicesSection() {
  const columns: Column<TaxInvoiceRow>[] = [
    { id: 'date', header: I.cols.date, width: 100, className: 'center date', cell: (r) => r.writeDate },
    { id: 'kind', header: I.cols.kind, width: 84, className: 'center', cell: (r) => r.kindLabel },
    { id: 'target', header: I.cols.target, className: 'ellipsis', title: invoiceTarget, cell: invoiceTarget },
    { id: 'supply', header: I.cols.supply, width: 92, className: 'money', cell: (r) => money(r.supply) },
    { id: 'tax', header: I.cols.tax, width: 80, className: 'money', cell: (r) => money(r.tax) },
    { id: 'total', header: I.cols.total, width: 96, className: 'money', cell: (r) => money(r.total) },
    { id: 'status', header: I.cols.status, width: 190, cell: (r) => <InvoiceStatus r={r} /> },
  ];
  return (
    <div>
      <SectionHead title={I.title} intro={I.intro} />
      <RangedList
        query={taxInvoicesQuery}
        label={I.title}
        columns={columns}
        emptyText={I.empty}
        rowTestId="invoice-row"
        card={(r) => (
          <RowCard
            start={<span>{r.writeDate}</span>}
            end={<InvoiceStatus r={r} details={false} />}
            title={`${r.kindLabel} · ${invoiceTarget(r)}`}
          >
            <p>
              {I.cols.supply} {money(r.supply)} + {I.cols.tax} {money(r.tax)} = <b>{T.common.wonOf(money(r.total))}</b>
            </p>
            <p>
              <InvoiceDetails r={r} />
            </p>
          </RowCard>
        )}
      />
    </div>
  );
}
