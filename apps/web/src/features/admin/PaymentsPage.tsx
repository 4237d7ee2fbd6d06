import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PAGE_SIZE, PAYMENT_SORTS, calendarDateField, type AdminPaymentRow } from '@partsmall/contract';
import { count, dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { FilterInput, FilterSelect } from '../../shared/ui/FilterForm';
import { useConfirmedWrite } from '../../shared/ui/notify';
import { adminQuery, useAdminWrite } from './api';
import { useAdminList } from './list';
import { ListFilters } from './components/ListFilters';
import { actionColumn, moneyColumn } from './columns';
import { A } from './texts';

const filterSchema = z.object({
  status: z.string(),
  pgcode: z.string(),
  kind: z.string(),
  company: z.string().trim().max(100),
  startDate: calendarDateField,
  endDate: calendarDateField,
});

/** Gateway records with filters, and the bank transfers waiting for staff to see the money arrive. */
export default function PaymentsPage() {
  const history = useAdminList(
    'adminPaymentList',
    filterSchema,
    { status: '', pgcode: '', kind: '', company: '', startDate: '', endDate: '' },
    { size: PAGE_SIZE.backOffice, sortKeys: PAYMENT_SORTS },
  );
  const ask = useConfirmedWrite();
  const waiting = useQuery(
    adminQuery('adminPaymentList', { status: 'pending', pgcode: 'banktransfer', page: 1, size: 50 }),
  );
  const confirm = useAdminWrite('adminConfirmDeposit');
  const askConfirm = (p: AdminPaymentRow) =>
    ask(
      {
        title: A.payments.confirm,
        text: A.payments.confirmText(p.companyName, count(p.amount)),
        confirmLabel: A.payments.confirm,
        busyLabel: A.payments.busy,
      },
      () => confirm.mutateAsync({ seq: p.seq }),
    );

  const columns = (withAction: boolean): Column<AdminPaymentRow>[] => [
    { id: 'seq', header: A.payments.cols.seq, width: 70, className: 'num', cell: (p) => p.seq },
    { id: 'at', header: A.payments.cols.at, width: 130, className: 'date', cell: (p) => dateTime(p.created) },
    { id: 'company', header: A.payments.cols.company, cell: (p) => p.companyName },
    { id: 'member', header: A.payments.cols.member, width: 90, cell: (p) => p.memberName || A.none },
    { id: 'kind', header: A.payments.cols.kind, width: 80, cell: (p) => A.kinds[p.kind] ?? p.kind },
    { id: 'pg', header: A.payments.cols.pg, width: 80, cell: (p) => A.pgcodes[p.pgcode] ?? p.pgcode },
    moneyColumn('amount', A.payments.cols.amount, 100, (p) => p.amount),
    {
      id: 'status',
      header: A.payments.cols.status,
      width: 60,
      className: 'center',
      cell: (p) => A.paymentStatus[p.status] ?? p.status,
    },
    {
      id: 'paid',
      header: A.payments.cols.paid,
      width: 130,
      className: 'date',
      cell: (p) => (p.paidAt ? dateTime(p.paidAt) : A.none),
    },
    ...(withAction ? [actionColumn(A.payments.confirm, confirm.isPending, askConfirm)] : []),
  ];

  return (
    <section>
      <h1>{A.payments.title}</h1>
      <h2>{A.payments.transfers}</h2>
      <DataTable
        label={A.payments.transfers}
        query={waiting}
        columns={columns(true)}
        rowTestId="admin-transfer-row"
        emptyText={A.payments.noTransfers}
      />
      <h2>{A.payments.history}</h2>
      <ListFilters list={history} label={A.payments.search}>
        <FilterSelect name="status" label={A.payments.cols.status} options={A.paymentStatus} all={A.all} />
        <FilterSelect name="pgcode" label={A.payments.cols.pg} options={A.pgcodes} all={A.all} />
        <FilterSelect name="kind" label={A.payments.cols.kind} options={A.kinds} all={A.all} />
        <FilterInput name="company" label={A.payments.cols.company} />
        <FilterInput name="startDate" label={A.payments.startDate} type="date" />
        <FilterInput name="endDate" label={A.payments.endDate} type="date" />
      </ListFilters>
      <DataTable label={A.payments.history} columns={columns(false)} {...history.table} />
    </section>
  );
}
