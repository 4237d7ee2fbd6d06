import { useState } from 'react';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_OPTIONAL_COLUMNS, type ImportProductsResult } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { Modal } from '../../../shared/ui/Modal';
import { useNotify } from '../../../shared/ui/notify';
import { FilePick } from '../fields';
import { CsvImportTables, ImportButtons } from './CsvImportTables';
import { readCsvFile, useAdminWrite } from '../api';
import { A } from '../texts';

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
    <Modal title="CSV 일괄 등록" onClose={onClose} className="admin-wide" size="wide">
      <p className="field-hint">
        첫 행: {PRODUCT_CSV_COLUMNS.join(',')} (선택: {PRODUCT_CSV_OPTIONAL_COLUMNS.join(',')} — 없으면 상세설명은
        그대로) · 같은 창고의 같은 품번은 수정, 없으면 등록 · 한 행이라도 오류가 있으면 아무것도 저장하지 않습니다.
      </p>
      <FilePick label="CSV 파일" accept=".csv,text/csv" name={fileName} onFile={(f) => void onFile(f)} />
      <ImportButtons
        hasFile={Boolean(csv)}
        busy={run.isPending}
        result={result}
        fixWhy="오류를 고친 뒤 다시 올리세요."
        importLabel="저장"
        onSend={send}
      />
      {result && (
        <>
          <CsvImportTables
            errors={{ title: `오류 (${result.errors.length}행)`, label: 'CSV 오류', rows: result.errors }}
            reasonHeader="내용"
            lines={{ title: result.committed ? '저장됨' : '바뀔 내용', label: 'CSV 미리보기', rows: result.rows }}
            columns={[
              { id: 'action', header: '처리', width: 60, cell: (r) => (r.action === 'create' ? '등록' : '수정') },
              { id: 'pid', header: '품번', width: 140, cell: (r) => r.pid },
              { id: 'name', header: '상품명', width: 200, className: 'ellipsis', cell: (r) => r.name },
              {
                id: 'changes',
                header: '변경',
                cell: (r) => <pre className="admin-pre">{r.changes.join('\n') || A.none}</pre>,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
