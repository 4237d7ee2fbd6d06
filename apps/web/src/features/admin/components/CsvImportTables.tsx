import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { A } from '../texts';

interface Table<R> {
  /** The heading above the table and the table's accessible name. */
  title: ReactNode;
  label: string;
  rows: R[];
}

/** Each table's first column: the file's line. */
const lineColumn = <R extends { line: number }>(): Column<R> => ({
  id: 'line',
  header: A.kit.csvLine,
  width: 60,
  className: 'num',
  cell: (r) => r.line,
});

/**
 * A CSV import's two buttons: the preview (once a file is read), then the import of what the
 * preview showed, off until a clean preview and after the import; `fixWhy` says why while lines
 * are refused.
 */
export function ImportButtons({
  hasFile,
  busy,
  result,
  blocked = false,
  fixWhy,
  importLabel,
  onSend,
}: {
  hasFile: boolean;
  busy: boolean;
  result: { errors: unknown[]; committed: boolean } | null;
  /** Nothing to import even so (a preview with nothing new). */
  blocked?: boolean;
  fixWhy: string;
  importLabel: string;
  onSend: (commit: boolean) => void;
}) {
  return (
    <div className="admin-actions">
      <button type="button" className="btn btn-small" disabled={!hasFile || busy} onClick={() => onSend(false)}>
        {A.kit.preview}
      </button>
      <button
        type="button"
        className="btn btn-small btn-primary"
        disabled={!result || result.errors.length > 0 || result.committed || blocked || busy}
        title={!result ? A.kit.previewFirst : result.errors.length ? fixWhy : undefined}
        onClick={() => onSend(true)}
      >
        {importLabel}
      </button>
    </div>
  );
}

/**
 * What a CSV import read (products, cross-references): the refused lines with their reasons when
 * there are any, then the lines it takes with what each does, 20 a page, each by its file line.
 */
export function CsvImportTables<R extends { line: number }>({
  errors,
  reasonHeader,
  errorKey = (e) => e.line,
  lines,
  columns,
}: {
  errors: Table<{ line: number; message: string }>;
  reasonHeader: string;
  errorKey?: (e: { line: number; message: string }) => string | number;
  lines: Table<R>;
  /** The columns after the line's. */
  columns: Column<R>[];
}) {
  return (
    <>
      {errors.rows.length > 0 && (
        <>
          <h2>{errors.title}</h2>
          <DataTable
            label={errors.label}
            rows={errors.rows}
            rowKey={errorKey}
            pageSize={20}
            columns={[lineColumn(), { id: 'msg', header: reasonHeader, cell: (e) => e.message }]}
          />
        </>
      )}
      <h2>{lines.title}</h2>
      <DataTable
        label={lines.label}
        rows={lines.rows}
        rowKey={(r) => r.line}
        pageSize={20}
        columns={[lineColumn<R>(), ...columns]}
      />
    </>
  );
}
