import { z } from 'zod';
import {
  TAX_INVOICE_STATUS_LABELS,
  TAX_INVOICE_STATUSES,
  adminTaxInvoiceListRequest,
  type TaxInvoiceRow,
} from '@partsmall/contract';
import { type Payload } from '../../shared/api';
import { dateTime, money } from '../../shared/format';
import type { Column } from '../../shared/ui/DataTable';
import { FilterInput, FilterSelect } from '../../shared/ui/FilterForm';
import { useConfirmedWrite } from '../../shared/ui/notify';
import { useAdminWrite } from './api';
import { useAdminList } from './list';
import { FilteredListPage } from './components/FilteredListPage';
import { A } from './texts';
import '../../shared/ui/paperwork.css';

type Row = TaxInvoiceRow & { companyId: number; companyName: string };

/** The filter form: the contract's period rule (both dates or neither, at most a year) on text inputs. */
const filterSchema = z
  .object({ status: z.string(), companyId: z.string().regex(/^\d*$/, A.taxInvoices.companyIdDigits) })
  .extend({ startDate: z.string(), endDate: z.string() })
  .superRefine((v, ctx) => {
    const period = v.startDate || v.endDate ? { startDate: v.startDate, endDate: v.endDate } : {};
    const checked = adminTaxInvoiceListRequest.safeParse(period);
    for (const issue of checked.error?.issues ?? []) ctx.addIssue({ ...issue, code: 'custom' });
  });
type Filters = z.infer<typeof filterSchema>;
const EMPTY: Filters = { status: '', companyId: '', startDate: '', endDate: '' };
const STATUS_OPTIONS = TAX_INVOICE_STATUSES.map((s) => ({ value: s, label: TAX_INVOICE_STATUS_LABELS[s] }));

/** The list call's body of the filters: the empty ones left out. */
function invoiceListBody(f: Filters): Partial<Payload<'adminTaxInvoiceList'>> {
  return {
    ...(f.status ? { status: f.status as Row['status'] } : {}),
    ...(f.companyId ? { companyId: Number(f.companyId) } : {}),
    ...(f.startDate && f.endDate ? { startDate: f.startDate, endDate: f.endDate } : {}),
  };
}

const target = (r: Row) =>
  r.kind === 'monthly' && r.month
    ? A.taxInvoices.month(r.month, r.orderSeqs.length)
    : r.orderSeq !== null
      ? A.taxInvoices.order(String(r.orderSeq))
      : A.taxInvoices.order(r.orderSeqs.join(', ') || A.none);

/**
 * 세금계산서 (docs/requirements.md#paperwork-screens): every company's 전자세금계산서 by status, period
 * (작성일자) and company, with the reason of a failure; staff issue a failed one again or cancel one not
 * issued, each after a confirmation (the audit log records who did).
 */
export default function TaxInvoicesPage() {
  const invoices = useAdminList('adminTaxInvoiceList', filterSchema, EMPTY, { size: 30, body: invoiceListBody });
  const { filters, show } = invoices;
  const confirmed = useConfirmedWrite();
  const retry = useAdminWrite('adminRetryTaxInvoice');
  const cancel = useAdminWrite('adminCancelTaxInvoice');
  const busy = retry.isPending || cancel.isPending;
  const ask = (r: Row, action: 'retry' | 'cancel') =>
    confirmed(
      action === 'retry'
        ? {
            title: A.taxInvoices.retry,
            text: A.taxInvoices.retryText(r.companyName, target(r), money(r.total)),
            confirmLabel: A.taxInvoices.retry,
            busyLabel: A.taxInvoices.busy,
          }
        : {
            title: A.taxInvoices.cancelTitle,
            text: A.taxInvoices.cancelText(r.companyName, target(r), money(r.total)),
            confirmLabel: A.taxInvoices.cancelTitle,
            busyLabel: A.taxInvoices.busy,
            danger: true,
          },
      () => (action === 'retry' ? retry : cancel).mutateAsync({ seq: r.seq }),
    );
  const byCompany = (r: Row) => show({ ...filters, companyId: String(r.companyId) });

  const columns: Column<Row>[] = [
    { id: 'date', header: A.taxInvoices.cols.date, width: 96, className: 'date', cell: (r) => r.writeDate },
    {
      id: 'company',
      header: A.taxInvoices.cols.company,
      width: 120,
      cell: (r) => (
        <button type="button" className="link" title={A.taxInvoices.onlyCompany} onClick={() => byCompany(r)}>
          {r.companyName}
        </button>
      ),
    },
    { id: 'kind', header: A.taxInvoices.cols.kind, width: 90, cell: (r) => r.kindLabel },
    // The 관리번호 (Popbill's mgtKey) is the cell's title: staff quote it to the provider.
    {
      id: 'target',
      header: A.taxInvoices.cols.target,
      width: 130,
      className: 'ellipsis',
      title: (r) => r.mgtKey,
      cell: target,
    },
    { id: 'total', header: A.taxInvoices.cols.total, width: 100, className: 'money', cell: (r) => money(r.total) },
    {
      id: 'status',
      header: A.taxInvoices.cols.status,
      width: 80,
      className: 'center',
      cell: (r) => <span className={`tax-status tax-${r.status}`}>{r.statusLabel}</span>,
    },
    {
      id: 'detail',
      header: A.taxInvoices.cols.detail,
      cell: (r) =>
        r.status === 'failed' ? (
          <span className="admin-error">{r.error || A.none}</span>
        ) : r.issuedAt ? (
          `${dateTime(r.issuedAt)}${r.ntsConfirmNum ? ` · ${r.ntsConfirmNum}` : ''}`
        ) : (
          A.none
        ),
    },
    {
      id: 'act',
      header: A.taxInvoices.cols.act,
      width: 140,
      className: 'center',
      cell: (r) => <InvoiceActions status={r.status} busy={busy} onAsk={(action) => ask(r, action)} />,
    },
  ];

  return (
    <FilteredListPage
      title={A.taxInvoices.title}
      list={invoices}
      search={A.taxInvoices.search}
      alertInvalid
      resetLabel={A.taxInvoices.reset}
      table={{ columns, rowTestId: 'admin-invoice-row', emptyText: A.taxInvoices.empty, ...invoices.table }}
    >
      <FilterSelect name="status" label={A.taxInvoices.cols.status} options={STATUS_OPTIONS} all={A.all} />
      <FilterInput name="startDate" label={A.taxInvoices.startDate} type="date" />
      <FilterInput name="endDate" label={A.taxInvoices.endDate} type="date" />
      <FilterInput name="companyId" label={A.taxInvoices.companyId} inputMode="numeric" size={8} />
    </FilteredListPage>
  );
}

/** A failed invoice is issued again or cancelled, a pending one cancelled: the row's buttons. */
function InvoiceActions({
  status,
  busy,
  onAsk,
}: {
  status: Row['status'];
  busy: boolean;
  onAsk: (action: 'retry' | 'cancel') => void;
}) {
  return (
    <span className="admin-actions">
      {status === 'failed' && (
        <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => onAsk('retry')}>
          {A.taxInvoices.retry}
        </button>
      )}
      {(status === 'failed' || status === 'pending') && (
        <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => onAsk('cancel')}>
          {A.taxInvoices.cancel}
        </button>
      )}
    </span>
  );
}
