import { z } from 'zod';
import type { AuditRow } from '@partsmall/contract';
import { dateTime } from '../../shared/format';
import type { Column } from '../../shared/ui/DataTable';
import { FilterSelect } from '../../shared/ui/FilterForm';
import { useAdminList } from './list';
import { FilteredListPage } from './components/FilteredListPage';
import { auditTarget, auditValue } from './audit-format';
import { A } from './texts';

const searchSchema = z.object({ action: z.string().trim().max(100) });

/** A JSON cell: it scrolls when long, so it takes the keyboard's focus too (WCAG 2.1.1). */
function JsonCell({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="admin-pre" tabIndex={0} role="region" aria-label={label}>
      {auditValue(value)}
    </pre>
  );
}

/** The audit log: every staff write, who and when, before and after. Read only; nobody can edit it. */
export default function AuditPage() {
  const audit = useAdminList('adminAuditList', searchSchema, { action: '' }, { size: 30 });
  const columns: Column<AuditRow>[] = [
    { id: 'seq', header: A.audit.cols.seq, width: 70, className: 'num', cell: (r) => r.seq },
    { id: 'at', header: A.audit.cols.at, width: 130, className: 'date', cell: (r) => dateTime(r.created) },
    { id: 'who', header: A.audit.cols.who, width: 110, cell: (r) => r.memberName },
    {
      id: 'action',
      header: A.audit.cols.action,
      width: 150,
      title: (r) => r.action,
      cell: (r) => A.actions[r.action] ?? r.action,
    },
    {
      id: 'target',
      header: A.audit.cols.target,
      width: 130,
      title: (r) => r.target,
      cell: (r) => auditTarget(r.target),
    },
    {
      id: 'before',
      header: A.audit.cols.before,
      cell: (r) => <JsonCell value={r.before} label={A.audit.beforeOf(r.seq)} />,
    },
    {
      id: 'after',
      header: A.audit.cols.after,
      cell: (r) => <JsonCell value={r.after} label={A.audit.afterOf(r.seq)} />,
    },
  ];
  return (
    <FilteredListPage title={A.audit.title} list={audit} search={A.audit.search} table={{ columns, ...audit.table }}>
      <FilterSelect name="action" label={A.audit.cols.action} options={A.actions} all={A.all} />
    </FilteredListPage>
  );
}
