import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { calendarDateField, type AdminPaymentRow } from '@partsmall/contract';
import { type Payload } from '../../shared/api';
import { count, dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { FilterForm, FilterInput, FilterSelect, filledOnly, useListFilters } from '../../shared/ui/FilterForm';
import { useConfirmedWrite } from '../../shared/ui/notify';
import { adminQuery, useAdminWrite } from './api';
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
  const { form, filters, page, setPage, apply } = useListFilters(filterSchema, {
    status: '',
    pgcode: '',
    kind: '',
    company: '',
    startDate: '',
    endDate: '',
  });
  const ask = useConfirmedWrite();
  const body = filledOnly(filters) as Payload<'adminPaymentList'>;
  const list = useQuery(adminQuery('adminPaymentList', { ...body, page, size: 20 }));
  const waiting = useQuery(
    adminQuery('adminPaymentList', { status: 'pending', pgcode: 'banktransfer', page: 1, size: 50 }),
  );
  const confirm = useAdminWrite('adminConfirmDeposit');
  const askConfirm = (p: AdminPaymentRow) =>
    ask(
      {
        title: '입금 확인',
        text: `${p.companyName}의 계좌이체 ${count(p.amount)}원 입금을 확인하고 캐시를 충전합니다.`,
        confirmLabel: '입금 확인',
        busyLabel: '처리 중...',
      },
      () => confirm.mutateAsync({ seq: p.seq }),
    );

  const columns = (withAction: boolean): Column<AdminPaymentRow>[] => [
    { id: 'seq', header: '번호', width: 70, className: 'num', cell: (p) => p.seq },
    { id: 'at', header: '요청일시', width: 130, className: 'date', cell: (p) => dateTime(p.created) },
    { id: 'company', header: '업체', cell: (p) => p.companyName },
    { id: 'member', header: '요청자', width: 90, cell: (p) => p.memberName || A.none },
    { id: 'kind', header: '구분', width: 80, cell: (p) => A.kinds[p.kind] ?? p.kind },
    { id: 'pg', header: '수단', width: 80, cell: (p) => A.pgcodes[p.pgcode] ?? p.pgcode },
    moneyColumn('amount', '금액(원)', 100, (p) => p.amount),
    {
      id: 'status',
      header: '상태',
      width: 60,
      className: 'center',
      cell: (p) => A.paymentStatus[p.status] ?? p.status,
    },
    {
      id: 'paid',
      header: '완료일시',
      width: 130,
      className: 'date',
      cell: (p) => (p.paidAt ? dateTime(p.paidAt) : A.none),
    },
    ...(withAction ? [actionColumn('입금 확인', confirm.isPending, askConfirm)] : []),
  ];

  return (
    <section>
      <h1>결제·입금</h1>
      <h2>입금 대기 계좌이체</h2>
      <DataTable
        label="입금 대기 계좌이체"
        query={waiting}
        columns={columns(true)}
        rowTestId="admin-transfer-row"
        emptyText="입금 대기 중인 계좌이체가 없습니다."
      />
      <h2>결제 기록</h2>
      <FilterForm form={form} className="admin-filters" label="결제 검색" onSubmit={apply}>
        <FilterSelect name="status" label="상태" options={A.paymentStatus} all={A.all} />
        <FilterSelect name="pgcode" label="수단" options={A.pgcodes} all={A.all} />
        <FilterSelect name="kind" label="구분" options={A.kinds} all={A.all} />
        <FilterInput name="company" label="업체" />
        <FilterInput name="startDate" label="시작일" type="date" />
        <FilterInput name="endDate" label="종료일" type="date" />
      </FilterForm>
      <DataTable label="결제 기록" query={list} columns={columns(false)} paging={{ page, size: 20, onPage: setPage }} />
    </section>
  );
}
