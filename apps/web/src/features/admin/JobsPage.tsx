import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { JOB_LABELS, JOB_STATE_LABELS, JOB_STATES, type JobRow } from '@partsmall/contract';
import { type Payload } from '../../shared/api';
import { dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { FilterForm, FilterSelect, filledOnly, useListFilters } from '../../shared/ui/FilterForm';
import { useConfirmedWrite } from '../../shared/ui/notify';
import { adminQuery, useAdminWrite } from './api';
import { A } from './texts';
import { actionColumn } from './columns';

const filterSchema = z.object({ state: z.string(), name: z.string() });
const STATE_OPTIONS = JOB_STATES.map((s) => ({ value: s, label: JOB_STATE_LABELS[s] }));
const show = (v: unknown) => (v === null || v === undefined ? A.none : JSON.stringify(v, null, 1));

/**
 * The messages and documents waiting to leave the shop: by default the jobs not done yet (waiting,
 * waiting for a retry, running, parked after their last try) with the last error; a parked job can
 * be tried once more (the audit log records who did).
 */
export default function JobsPage() {
  const { form, filters, page, setPage, apply } = useListFilters(filterSchema, { state: '', name: '' });
  const ask = useConfirmedWrite();
  const body = filledOnly(filters) as Payload<'adminJobList'>;
  const list = useQuery(adminQuery('adminJobList', { ...body, page, size: 30 }));
  const retry = useAdminWrite('adminRetryJob');
  const askRetry = (j: JobRow) =>
    ask(
      {
        title: '다시 시도',
        text: `${j.label} 작업(${j.key})을 한 번 더 시도합니다.`,
        confirmLabel: '다시 시도',
        busyLabel: '처리 중...',
      },
      () => retry.mutateAsync({ name: j.name as Payload<'adminRetryJob'>['name'], id: j.id }),
    );

  const columns: Column<JobRow>[] = [
    { id: 'at', header: '등록일시', width: 130, className: 'date', cell: (j) => dateTime(j.created) },
    { id: 'name', header: '작업', width: 150, title: (j) => j.name, cell: (j) => j.label },
    { id: 'key', header: '키', width: 140, cell: (j) => j.key },
    { id: 'state', header: '상태', width: 90, className: 'center', cell: (j) => JOB_STATE_LABELS[j.state] },
    { id: 'tries', header: '시도', width: 60, className: 'num', cell: (j) => `${j.tries}/${j.maxTries}` },
    {
      id: 'next',
      header: '다음 시도',
      width: 130,
      className: 'date',
      cell: (j) => (j.state === 'waiting' || j.state === 'retrying' ? dateTime(j.startAfter) : A.none),
    },
    { id: 'error', header: '오류', width: 220, cell: (j) => j.error ?? A.none },
    { id: 'data', header: '내용', width: 200, cell: (j) => <pre className="admin-pre">{show(j.data)}</pre> },
    actionColumn('다시 시도', retry.isPending, askRetry, (j) => j.state === 'parked'),
  ];

  return (
    <section>
      <h1>발송 작업</h1>
      <FilterForm form={form} className="admin-filters" label="발송 작업 검색" onSubmit={apply}>
        <FilterSelect name="state" label="상태" options={STATE_OPTIONS} all="처리 전 전체" />
        <FilterSelect name="name" label="작업" options={JOB_LABELS} all={A.all} />
      </FilterForm>
      <DataTable
        label="발송 작업"
        query={list}
        columns={columns}
        rowTestId="admin-job-row"
        paging={{ page, size: 30, onPage: setPage }}
        emptyText="처리를 기다리는 작업이 없습니다."
      />
    </section>
  );
}
