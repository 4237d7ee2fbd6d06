import { useState } from 'react';
import type { LedgerRow } from '@partsmall/contract';
import { count, dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { A } from './texts';

/**
 * The column chooser of the back office's lists: which columns of the one DataTable show, kept per
 * list in this browser. Columns without a text header (checkboxes, buttons) always show.
 */
export function useColumnChoice<R>(list: string, columns: Column<R>[]) {
  const key = `admin.columns.${list}`;
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(key) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  const toggle = (id: string) => {
    const next = hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id];
    setHidden(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Private mode: the choice lasts until the page is left.
    }
  };
  const choosable = columns.filter((c) => typeof c.header === 'string');
  const chooser = (
    <details className="admin-chooser">
      <summary className="btn btn-small">{A.kit.chooseColumns}</summary>
      <div className="admin-chooser-menu" role="group" aria-label={A.kit.shownColumns}>
        {choosable.map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={!hidden.includes(c.id)} onChange={() => toggle(c.id)} />{' '}
            {c.header as string}
          </label>
        ))}
      </div>
    </details>
  );
  return { shown: columns.filter((c) => !hidden.includes(c.id) || typeof c.header !== 'string'), chooser };
}

/** A sortable column of amounts in won, right-aligned with digit groups. */
export function moneyColumn<R>(id: string, header: string, width: number, value: (row: R) => number): Column<R> {
  return { id, header, width, className: 'money', sortValue: value, cell: (r) => count(value(r)) };
}

/**
 * A column of one small button a row (상세, 수정, 삭제) that opens or acts on the row; its header
 * (the button's word unless told) is read by screen readers only, and `name` tells which row the
 * button is for when the word alone does not.
 */
export function openColumn<R>(
  id: string,
  text: string,
  onOpen: (row: R) => void,
  name?: (row: R) => string,
  header: string = text,
): Column<R> {
  return {
    id,
    header: <span className="sr-only">{header}</span>,
    width: 70,
    className: 'center',
    cell: (r) => (
      <button type="button" className="btn btn-small" onClick={() => onOpen(r)} aria-label={name?.(r)}>
        {text}
      </button>
    ),
  };
}

/**
 * A column '처리' of one primary button a row that acts on it (asks first, then writes): off while
 * the write runs, and absent from the rows `when` leaves out.
 */
export function actionColumn<R>(
  text: string,
  busy: boolean,
  onAct: (row: R) => void,
  when: (row: R) => boolean = () => true,
): Column<R> {
  return {
    id: 'act',
    header: A.kit.act,
    width: 90,
    className: 'center',
    cell: (r) =>
      when(r) ? (
        <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => onAct(r)}>
          {text}
        </button>
      ) : null,
  };
}

/** A company's or an order's cash entries: when, what kind, the amount and the balance after it. */
const LEDGER_COLUMNS: Column<LedgerRow>[] = [
  { id: 'at', header: A.kit.ledgerCols.at, width: 120, className: 'date', cell: (l) => dateTime(l.created) },
  { id: 'type', header: A.kit.ledgerCols.type, width: 110, cell: (l) => A.ledgerTypes[l.type] ?? l.type },
  { id: 'amount', header: A.kit.ledgerCols.amount, width: 110, className: 'money', cell: (l) => count(l.amount) },
  { id: 'after', header: A.kit.ledgerCols.after, width: 110, className: 'money', cell: (l) => count(l.balanceAfter) },
];

/** The same with each entry's note (a company's ledger, whose entries come from many orders). */
const NOTED_LEDGER_COLUMNS: Column<LedgerRow>[] = [
  ...LEDGER_COLUMNS,
  { id: 'note', header: A.companies.note, className: 'ellipsis', title: (l) => l.note, cell: (l) => l.note },
];

/** A company's or an order's cash ledger under its heading (`label` names the table when the heading is not enough). */
export function LedgerPart({
  title,
  label = title,
  rows,
  notes = false,
}: {
  title: string;
  label?: string;
  rows: LedgerRow[];
  notes?: boolean;
}) {
  return (
    <div>
      <h2>{title}</h2>
      <DataTable label={label} rows={rows} columns={notes ? NOTED_LEDGER_COLUMNS : LEDGER_COLUMNS} />
    </div>
  );
}
