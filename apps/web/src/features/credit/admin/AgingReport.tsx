import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AGING_BUCKETS, AGING_LABELS, type ReceivablesAgingRow } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { saveFile } from '../../../shared/files';
import { money } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { useNotify } from '../../../shared/ui/notify';
import { Loading } from '../../../shared/ui/states';
import { agingReportQuery, useCreditWrite } from '../api';
import { worstBucket } from '../aging';
import { AgingBar } from '../components/AgingBar';
import { CreditStatusBadge } from '../components/CreditFigures';
import { CREDIT_TEXTS, CREDIT_UNITS } from '../texts';
import { wonColumn } from '../columns';

const R = CREDIT_TEXTS.admin;

/** The totals as a last row of the table (company 0), so they line up under their columns. */
type Row = ReceivablesAgingRow & { totals?: true };

export const companyPath = (companyId: number) => `/admin/credit?company=${companyId}`;

/** Saves the report as the server writes it (api/admin/receivablesAgingExport: UTF-8 with BOM). */
function useAgingCsv() {
  const notify = useNotify();
  const exportCsv = useCreditWrite('adminReceivablesAgingExport');
  const save = () =>
    exportCsv.mutate(
      {},
      {
        onSuccess: (a) => {
          const file = a.results!;
          saveFile({ blob: new Blob([file.csv], { type: 'text/csv;charset=utf-8' }), filename: file.filename });
        },
        onError: (e) => void notify.alert(messageOf(e)),
      },
    );
  return { save, busy: exportCsv.isPending };
}

/**
 * The receivables aging report (docs/requirements.md#credit): every company with credit, what it owes
 * by age, its limit and use, the totals, and the CSV of the same; a company opens its credit page.
 */
export function AgingReport() {
  const report = useQuery(agingReportQuery);
  const csv = useAgingCsv();
  // One spinner till the answer: the totals' bar comes with it, above the table, and would push a table drawn before it.
  if (report.isPending) return <Loading className="empty" />;
  const data = report.data;
  const rows: Row[] = data
    ? [
        ...data.rows,
        {
          ...data.totals,
          totals: true,
          companyId: 0,
          companyName: R.totals,
          status: 'active',
          statusLabel: '',
          limit: data.rows.reduce((s, r) => s + r.limit, 0),
          oldestDue: null,
        },
      ]
    : [];
  const bucket = (b: (typeof AGING_BUCKETS)[number]): Column<Row> => ({
    id: b,
    header: AGING_LABELS[b],
    width: 86,
    className: `money cr-col-${b}`,
    cell: (r) => (r[b] > 0 ? money(r[b]) : '-'),
  });
  const columns: Column<Row>[] = [
    {
      id: 'company',
      header: R.cols.company,
      // 122: the report's columns then add up to 1,032 px, what a 1280 px window leaves (130 scrolled by 8).
      width: 122,
      cell: (r) =>
        r.totals ? (
          <b>{R.totals}</b>
        ) : (
          <Link to={companyPath(r.companyId)} aria-label={R.open(r.companyName)}>
            {r.companyName}
          </Link>
        ),
    },
    {
      id: 'status',
      header: R.cols.status,
      width: 70,
      className: 'center',
      cell: (r) => (r.totals ? null : <CreditStatusBadge status={r.status} label={r.statusLabel} />),
    },
    wonColumn<ReceivablesAgingRow>('limit', R.cols.limit, 100, (r) => r.limit),
    wonColumn<ReceivablesAgingRow>('used', R.cols.used, 100, (r) => r.used),
    ...AGING_BUCKETS.map(bucket),
    {
      id: 'total',
      header: CREDIT_UNITS.wonColumn(R.cols.total),
      width: 110,
      className: 'money',
      cell: (r) => <b>{money(r.total)}</b>,
    },
    { id: 'oldest', header: R.cols.oldestDue, width: 100, className: 'center date', cell: (r) => r.oldestDue ?? '-' },
  ];
  return (
    <>
      <div className="admin-toolbar cr-report-bar">
        <p className="admin-lead">{data ? R.asOf(data.asOf) : ''}</p>
        <button type="button" className="btn btn-small" onClick={csv.save} disabled={csv.busy || !data}>
          {csv.busy ? R.csvBusy : R.csv}
        </button>
      </div>
      {data && data.rows.length > 0 && <AgingBar aging={data.totals} title={R.totals} level={2} />}
      <div className="cr-scroll">
        <DataTable
          label={R.reportLabel}
          className="board-table cr-report"
          rows={rows.length > 1 ? rows : []}
          loading={report.isFetching}
          error={report.error ? messageOf(report.error) : null}
          rowKey={(r) => r.companyId}
          rowTestId="aging-row"
          rowClassName={(r) => (r.totals ? 'cr-total-row' : `cr-tone-${worstBucket(r) ?? 'none'}`)}
          emptyText={R.empty}
          columns={columns}
        />
      </div>
    </>
  );
}
