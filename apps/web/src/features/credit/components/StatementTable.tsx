import { useState, type ReactNode } from 'react';
import { statementCreditParts, type StatementRow } from '@partsmall/contract';
import { apiFile, messageOf } from '../../../shared/api';
import { openFile } from '../../../shared/files';
import { money, won } from '../../../shared/format';
import { DataTable, type Column, type PageQuery, type Paging } from '../../../shared/ui/DataTable';
import { useNotify } from '../../../shared/ui/notify';
import { CREDIT_TEXTS } from '../texts';
import { wonColumn } from '../columns';

const S = CREDIT_TEXTS.statements;

/** Opens a statement's PDF (GET api/statementPdf with the session's token) in a new tab. */
export function useStatementPdf() {
  const notify = useNotify();
  const [busy, setBusy] = useState<number | null>(null);
  const open = (seq: number) => {
    setBusy(seq);
    openFile(() => apiFile('statementPdf', { seq }))
      .catch((e: unknown) => void notify.alert(messageOf(e)))
      .finally(() => setBusy(null));
  };
  return { open, busy };
}

export function StatementStatus({ row }: { row: Pick<StatementRow, 'status' | 'statusLabel'> }) {
  return <span className={`cr-badge cr-st-${row.status}`}>{row.statusLabel}</span>;
}

/**
 * The statement's virtual account: bank, number and holder. A statement with nothing unpaid needs
 * none, as its PDF says (docs/requirements.md#monthly-close), even when one was issued before it was paid.
 */
export function VirtualAccountLine({ row }: { row: StatementRow }) {
  const va = row.virtualAccount;
  if (row.unpaid <= 0) return <span className="cr-muted">{S.noAccountNeeded}</span>;
  if (!va) return <span className="cr-muted">{S.noAccount}</span>;
  return (
    <span className="cr-va" data-testid="statement-va">
      <span className="cr-va-bank">{va.bank}</span> <span className="cr-va-number num">{va.accountNumber}</span>
      <span className="cr-muted"> {va.holder}</span>
    </span>
  );
}

/**
 * What a statement bills; one that credits more than it bills also says where its credit went
 * (refunded to cash, used on other statements, left for the next), in its PDF's words.
 */
function StatementAmount({ row }: { row: StatementRow }) {
  const parts = statementCreditParts(row);
  return (
    <>
      {money(row.amountDue)}
      {parts.length > 0 && (
        <span className="cr-credit-parts" data-testid="statement-credit">
          {parts.join(' · ')}
        </span>
      )}
    </>
  );
}

/** The table's name, its rows (or their query) and paging go to DataTable as they are. */
interface Props {
  label: string;
  rows?: StatementRow[];
  query?: PageQuery<StatementRow>;
  paging?: Paging;
  /** The buttons of a row after PDF (pay, re-send). */
  actions?: (row: StatementRow) => ReactNode;
  /** The company column, for a list of several companies. */
  withCompany?: boolean;
}

/**
 * Statements: month, what it bills, what is still unpaid, due date, status, the virtual account to pay
 * into, the PDF and the row's own actions; cards on phones (docs/requirements.md#credit).
 */
export function StatementTable({ actions, withCompany = false, ...list }: Props) {
  const pdf = useStatementPdf();
  const month = (r: StatementRow) => S.month(r.month);
  // In a list of several companies a month names no one statement: the company goes with it.
  const named = (r: StatementRow) => (withCompany ? `${r.companyName} ${month(r)}` : month(r));
  const buttons = (r: StatementRow) => (
    <span className="cr-row-actions">
      <button
        type="button"
        className="btn btn-small"
        onClick={() => pdf.open(r.seq)}
        disabled={pdf.busy === r.seq}
        aria-label={S.pdfOf(named(r))}
      >
        {S.pdf}
      </button>
      {actions?.(r)}
    </span>
  );
  const columns: Column<StatementRow>[] = [
    { id: 'month', header: S.cols.month, width: 90, className: 'center', cell: month },
    ...(withCompany
      ? [
          {
            id: 'company',
            header: CREDIT_TEXTS.admin.cols.company,
            width: 130,
            className: 'ellipsis',
            cell: (r: StatementRow) => r.companyName,
          },
        ]
      : []),
    {
      ...wonColumn<StatementRow>('amount', S.cols.amount, 96, (r) => r.amountDue),
      cell: (r) => <StatementAmount row={r} />,
    },
    wonColumn<StatementRow>('unpaid', S.cols.unpaid, 96, (r) => r.unpaid),
    { id: 'due', header: S.cols.due, width: 92, className: 'center date', cell: (r) => r.dueDate },
    { id: 'status', header: S.cols.status, width: 80, className: 'center', cell: (r) => <StatementStatus row={r} /> },
    { id: 'va', header: S.cols.account, cell: (r) => <VirtualAccountLine row={r} /> },
    { id: 'actions', header: S.cols.actions, width: actions ? 170 : 80, className: 'center', cell: buttons },
  ];
  return (
    <DataTable
      {...list}
      columns={columns}
      emptyText={S.empty}
      rowTestId="statement-row"
      className="board-table cr-statements"
      card={(r) => (
        <>
          <div className="mg-card-head">
            <b>{month(r)}</b>
            <StatementStatus row={r} />
          </div>
          {withCompany && <p className="mg-card-title">{r.companyName}</p>}
          <p>
            {S.cols.amount} <b>{won(r.amountDue)}</b> · {S.cols.unpaid} <b>{won(r.unpaid)}</b>
          </p>
          {statementCreditParts(r).length > 0 && (
            <p className="cr-muted" data-testid="statement-credit">
              {statementCreditParts(r).join(' · ')}
            </p>
          )}
          <p className="cr-muted">{S.dueLine(r.dueDate)}</p>
          <p>
            {S.cols.account} <VirtualAccountLine row={r} />
          </p>
          {buttons(r)}
        </>
      )}
    />
  );
}
