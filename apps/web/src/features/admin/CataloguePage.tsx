import { useState } from 'react';
import type { CatalogueReport } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { count } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { useNotify } from '../../shared/ui/notify';
import { FilePick } from './fields';
import { fileToBase64, useAdminWrite } from './api';

/** Catalogue upload (admin): a zipped catalogue folder goes through the catalogue importer; its report is shown. */
export default function CataloguePage() {
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CatalogueReport | null>(null);
  const upload = useAdminWrite('adminUploadCatalogue');
  const send = async () => {
    if (!file) return;
    try {
      const a = await upload.mutateAsync({ name: file.name, data: await fileToBase64(file) });
      setReport(a.results);
      notify.toast(a.message, a.results.ok ? 'info' : 'error');
    } catch (e) {
      void notify.alert(messageOf(e));
    }
  };
  return (
    <section>
      <h1>부품 카탈로그</h1>
      <div className="admin-panel">
        <p className="field-hint">
          카탈로그 폴더(catalogue.jsonl, vehicles.jsonl, parts.csv, images/ ...; docs/catalogue-format.md)를 zip으로
          묶어 올리세요. 모든 파일을 먼저 검사하고, 문제가 하나라도 있으면 아무것도 저장하지 않습니다. 같은 카탈로그를
          다시 올리면 새 버전으로 바뀝니다.
        </p>
        <div className="admin-actions">
          <FilePick
            label="카탈로그 zip 파일"
            accept=".zip,application/zip"
            name={file?.name ?? null}
            onFile={(f) => (setFile(f ?? null), setReport(null))}
          />
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={!file || upload.isPending}
            title={!file ? 'zip 파일을 선택하세요.' : undefined}
            onClick={() => void send()}
          >
            {upload.isPending ? '가져오는 중...' : '가져오기'}
          </button>
        </div>
      </div>
      {report && (
        <div className="admin-panel">
          <h2>
            {report.ok
              ? `가져오기 완료: ${report.mcid ?? ''} (버전 ${report.version ?? ''})`
              : '가져오기 실패 (저장하지 않음)'}
          </h2>
          <p className="field-hint">
            {count(report.rows)}행 저장 · 이미지 {count(report.imagesWritten)}개 · {count(report.ms)}ms
          </p>
          <DataTable
            label="파일별 행 수"
            rows={Object.entries(report.counts).map(([file, n]) => ({ file, n }))}
            rowKey={(r) => r.file}
            columns={[
              { id: 'file', header: '표', cell: (r) => r.file },
              { id: 'n', header: '행 수', className: 'num', cell: (r) => count(r.n) },
            ]}
          />
          {report.problems.length > 0 && (
            <>
              <h2>
                문제 {report.problems.length + report.moreProblems}건
                {report.moreProblems ? ` (처음 ${report.problems.length}건 표시)` : ''}
              </h2>
              <DataTable
                label="카탈로그 문제"
                rows={report.problems.map((p, i) => ({ ...p, i }))}
                rowKey={(p) => p.i}
                pageSize={50}
                columns={[
                  { id: 'file', header: '파일', width: 180, cell: (p) => p.file || '-' },
                  { id: 'line', header: '행', width: 70, className: 'num', cell: (p) => p.line ?? '-' },
                  { id: 'msg', header: '내용', cell: (p) => p.message },
                ]}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
