import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { calendarDateField, type AdminPaymentRow } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { count, dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { adminQuery, useAdminWrite } from './api';
import { A } from './texts';

const filterSchema = z.object({
  status: z.string(),
  pgcode: z.string(),
  kind: z.string(),
  company: z.string().trim().max(100),
  startDate: calendarDateField,
  endDate: calendarDateField,
});
type Filters = z.infer<typeof filterSchema>;

/** Gateway records with filters, and the bank transfers waiting for staff to see the money arrive. */
export default function PaymentsPage() {
  const initial: Filters = { status: '', pgcode: '', kind: '', company: '', startDate: '', endDate: '' };
  const [filters, setFilters] = useState<Filters>(initial);
  const [page, setPage] = useState(1);
  const notify = useNotify();
  const form = useZodForm(filterSchema, initial);
  const body = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  const list = useQuery(adminQuery('adminPaymentList', { ...body, page, size: 20 }));
  const waiting = useQuery(
    adminQuery('adminPaymentList', { status: 'pending', pgcode: 'banktransfer', page: 1, size: 50 }),
  );
  const confirm = useAdminWrite('adminConfirmDeposit');
  const askConfirm = (p: AdminPaymentRow) =>
    void notify
      .confirm(
        {
          title: '입금 확인',
          text: `${p.companyName}의 계좌이체 ${count(p.amount)}원 입금을 확인하고 캐시를 충전합니다.`,
          confirmLabel: '입금 확인',
          busyLabel: '처리 중...',
        },
        () => confirm.mutateAsync({ seq: p.seq }),
      )
      .then(
        (a) => a && notify.toast(a.message),
        (e: unknown) => void notify.alert(messageOf(e)),
      );

  const columns = (withAction: boolean): Column<AdminPaymentRow>[] => [
    { id: 'seq', header: '번호', width: 70, className: 'num', cell: (p) => p.seq },
    { id: 'at', header: '요청일시', width: 130, className: 'date', cell: (p) => dateTime(p.created) },
    { id: 'company', header: '업체', cell: (p) => p.companyName },
    { id: 'member', header: '요청자', width: 90, cell: (p) => p.memberName || A.none },
    { id: 'kind', header: '구분', width: 80, cell: (p) => A.kinds[p.kind] ?? p.kind },
    { id: 'pg', header: '수단', width: 80, cell: (p) => A.pgcodes[p.pgcode] ?? p.pgcode },
    {
      id: 'amount',
      header: '금액(원)',
      width: 100,
      className: 'money',
      sortValue: (p) => p.amount,
      cell: (p) => count(p.amount),
    },
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
    ...(withAction
      ? [
          {
            id: 'act',
            header: '처리',
            width: 90,
            className: 'center',
            cell: (p: AdminPaymentRow) => (
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={confirm.isPending}
                onClick={() => askConfirm(p)}
              >
                입금 확인
              </button>
            ),
          },
        ]
      : []),
  ];

  const select = (name: keyof Filters, label: string, options: Record<string, string>) => (
    <label>
      {label}
      <select {...form.register(name)}>
        <option value="">{A.all}</option>
        {Object.entries(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );

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
      <Form
        form={form}
        className="admin-filters"
        role="search"
        aria-label="결제 검색"
        onSubmit={(v) => (setFilters(v), setPage(1))}
      >
        {select('status', '상태', A.paymentStatus)}
        {select('pgcode', '수단', A.pgcodes)}
        {select('kind', '구분', A.kinds)}
        <label>
          업체
          <input {...form.register('company')} />
        </label>
        <label>
          시작일
          <input type="date" {...form.register('startDate')} />
        </label>
        <label>
          종료일
          <input type="date" {...form.register('endDate')} />
        </label>
        <button type="submit" className="btn btn-primary btn-small">
          {A.search}
        </button>
      </Form>
      <DataTable label="결제 기록" query={list} columns={columns(false)} paging={{ page, size: 20, onPage: setPage }} />
    </section>
  );
}
