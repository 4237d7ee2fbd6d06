import { useState } from 'react';
import type { CatalogueReport } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { count } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { useNotify } from '../../shared/ui/notify';
import { FilePick } from './fields';
import { fileToBase64, useAdminWrite } from './api';
import { A } from './texts';

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
      <h1>{A.catalogue.title}</h1>
      <div className="admin-panel">
        <p className="field-hint">{A.catalogue.hint}</p>
        <div className="admin-actions">
          <FilePick
            label={A.catalogue.file}
            accept=".zip,application/zip"
            name={file?.name ?? null}
            onFile={(f) => (setFile(f ?? null), setReport(null))}
          />
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={!file || upload.isPending}
            title={!file ? A.catalogue.chooseZip : undefined}
            onClick={() => void send()}
          >
            {upload.isPending ? A.catalogue.importing : A.catalogue.import}
          </button>
        </div>
      </div>
      {report && (
        <div className="admin-panel">
          <h2>{report.ok ? A.catalogue.done(report.mcid ?? '', String(report.version ?? '')) : A.catalogue.failed}</h2>
          <p className="field-hint">
            {A.catalogue.summary(count(report.rows), count(report.imagesWritten), count(report.ms))}
          </p>
          <DataTable
            label={A.catalogue.counts}
            rows={Object.entries(report.counts).map(([file, n]) => ({ file, n }))}
            rowKey={(r) => r.file}
            columns={[
              { id: 'file', header: A.catalogue.cols.table, cell: (r) => r.file },
              { id: 'n', header: A.catalogue.cols.rows, className: 'num', cell: (r) => count(r.n) },
            ]}
          />
          {report.problems.length > 0 && (
            <>
              <h2>
                {A.catalogue.problems(report.problems.length + report.moreProblems)}
                {report.moreProblems ? A.catalogue.firstShown(report.problems.length) : ''}
              </h2>
              <DataTable
                label={A.catalogue.problemsLabel}
                rows={report.problems.map((p, i) => ({ ...p, i }))}
                rowKey={(p) => p.i}
                pageSize={50}
                columns={[
                  { id: 'file', header: A.catalogue.cols.file, width: 180, cell: (p) => p.file || '-' },
                  {
                    id: 'line',
                    header: A.catalogue.cols.line,
                    width: 70,
                    className: 'num',
                    cell: (p) => p.line ?? '-',
                  },
                  { id: 'msg', header: A.catalogue.cols.message, cell: (p) => p.message },
                ]}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
