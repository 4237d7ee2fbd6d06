import { useState } from 'react';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_OPTIONAL_COLUMNS, type ImportProductsResult } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import type { Column } from '../../../shared/ui/DataTable';
import { Modal } from '../../../shared/ui/Modal';
import { useNotify } from '../../../shared/ui/notify';
import { FilePick } from '../fields';
import { CsvImportTables, ImportButtons } from './CsvImportTables';
import { readCsvFile, useAdminWrite } from '../api';
import { A } from '../texts';

/** A line of the file: what it does (a new product or a change) and which fields it changes. */
const CHANGE_COLUMNS: Column<ImportProductsResult['rows'][number]>[] = [
  {
    id: 'action',
    header: A.kit.act,
    width: 60,
    cell: (r) => (r.action === 'create' ? A.productCsv.create : A.productCsv.update),
  },
  { id: 'pid', header: A.productCsv.cols.pid, width: 140, cell: (r) => r.pid },
  { id: 'name', header: A.productCsv.cols.name, width: 200, className: 'ellipsis', cell: (r) => r.name },
  {
    id: 'changes',
    header: A.productCsv.cols.changes,
    cell: (r) => <pre className="admin-pre">{r.changes.join('\n') || A.none}</pre>,
  },
];

/** The CSV import: a preview first (errors by line, what would change), then the save of all or nothing. */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<ImportProductsResult | null>(null);
  const run = useAdminWrite('adminImportProducts');
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setCsv(await readCsvFile(file));
    setResult(null);
  };
  const send = (commit: boolean) =>
    run.mutate(
      { csv, commit },
      {
        onSuccess: (a) => {
          setResult(a.results);
          if (a.message) notify.toast(a.message, a.results.errors.length ? 'error' : 'info');
        },
        onError: (e) => void notify.alert(messageOf(e)),
      },
    );
  return (
    <Modal title={A.productCsv.title} onClose={onClose} className="admin-wide" size="wide">
      <p className="field-hint">
        {A.productCsv.hint(PRODUCT_CSV_COLUMNS.join(','), PRODUCT_CSV_OPTIONAL_COLUMNS.join(','))}
      </p>
      <FilePick label={A.productCsv.file} accept=".csv,text/csv" name={fileName} onFile={(f) => void onFile(f)} />
      <ImportButtons
        hasFile={Boolean(csv)}
        busy={run.isPending}
        result={result}
        fixWhy={A.productCsv.fixWhy}
        importLabel={A.save}
        onSend={send}
      />
      {result && (
        <>
          <CsvImportTables
            errors={{
              title: A.productCsv.errorsTitle(result.errors.length),
              label: A.productCsv.errorsLabel,
              rows: result.errors,
            }}
            reasonHeader={A.productCsv.reason}
            lines={{
              title: result.committed ? A.productCsv.saved : A.productCsv.changes,
              label: A.productCsv.previewLabel,
              rows: result.rows,
            }}
            columns={CHANGE_COLUMNS}
          />
        </>
      )}
    </Modal>
  );
}
