import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AuditRow } from '@partsmall/contract';
import { dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Form, useZodForm } from '../../shared/ui/form';
import { adminQuery } from './api';
import { A } from './texts';

const searchSchema = z.object({ action: z.string().trim().max(100) });
const show = (v: unknown) => (v === null || v === undefined ? A.none : JSON.stringify(v, null, 1));

/** The audit log: every staff write, who and when, before and after. Read only; nobody can edit it. */
export default function AuditPage() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const form = useZodForm(searchSchema, { action: '' });
  const list = useQuery(adminQuery('adminAuditList', { ...(action ? { action } : {}), page, size: 30 }));
  const columns: Column<AuditRow>[] = [
    { id: 'seq', header: '번호', width: 70, className: 'num', cell: (r) => r.seq },
    { id: 'at', header: '일시', width: 130, className: 'date', cell: (r) => dateTime(r.created) },
    { id: 'who', header: '작업자', width: 110, cell: (r) => r.memberName },
    { id: 'action', header: '작업', width: 150, title: (r) => r.action, cell: (r) => A.actions[r.action] ?? r.action },
    { id: 'target', header: '대상', width: 130, cell: (r) => r.target },
    { id: 'before', header: '이전 값', cell: (r) => <pre className="admin-pre">{show(r.before)}</pre> },
    { id: 'after', header: '이후 값', cell: (r) => <pre className="admin-pre">{show(r.after)}</pre> },
  ];
  return (
    <section>
      <h1>작업 기록</h1>
      <Form
        form={form}
        className="admin-filters"
        role="search"
        aria-label="작업 기록 검색"
        onSubmit={(v) => (setAction(v.action), setPage(1))}
      >
        <label>
          작업
          <select {...form.register('action')}>
            <option value="">{A.all}</option>
            {Object.entries(A.actions).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary btn-small">
          {A.search}
        </button>
      </Form>
      <DataTable label="작업 기록" query={list} columns={columns} paging={{ page, size: 30, onPage: setPage }} />
    </section>
  );
}
