import { useState } from 'react';
import { z } from 'zod';
import { XREF_CSV_COLUMNS, xrefFields, type ImportXrefsResult, type XrefRow } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { count, dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { FilterInput } from '../../shared/ui/FilterForm';
import { Field, Form, SelectField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useConfirmedWrite, useNotify } from '../../shared/ui/notify';
import { FilePick } from './fields';
import { readCsvFile, useAdminSave, useAdminWrite } from './api';
import { useAdminList } from './list';
import { A } from './texts';
import { openColumn } from './columns';
import { ListFilters } from './components/ListFilters';
import { ListToolbar } from './components/ListToolbar';
import { CsvImportTables, ImportButtons } from './components/CsvImportTables';

const searchSchema = z.object({ keyword: z.string().trim().max(50) });
const KIND_OPTIONS = Object.entries(A.xrefKinds).map(([value, label]) => ({ value, label }));
const PAGE_SIZE = 20;

/**
 * The shop's part-number cross-reference (docs/search.md#part-numbers): staff add a supersession
 * (old number → current one) or an interchangeable pair, remove one, or import a CSV after a
 * preview that names each refused line (a loop or a chain longer than 20 steps). The catalogues'
 * own replacements are not listed here; the server checks new relations against them.
 */
export default function XrefsPage() {
  const xrefs = useAdminList('adminXrefList', searchSchema, { keyword: '' }, { size: PAGE_SIZE });
  const [importing, setImporting] = useState(false);
  const ask = useConfirmedWrite();
  const remove = useAdminWrite('adminDeleteXref');

  const columns: Column<XrefRow>[] = [
    { id: 'seq', header: A.xrefs.cols.seq, width: 70, className: 'num', cell: (r) => r.seq },
    { id: 'pid', header: A.xrefs.cols.pid, width: 170, cell: (r) => r.pid },
    { id: 'kind', header: A.xrefs.cols.kind, width: 150, cell: (r) => A.xrefKinds[r.kind] },
    { id: 'toPid', header: A.xrefs.cols.toPid, width: 170, cell: (r) => r.toPid },
    {
      id: 'remark',
      header: A.xrefs.cols.remark,
      className: 'ellipsis',
      title: (r) => r.remark,
      cell: (r) => r.remark || A.none,
    },
    { id: 'who', header: A.xrefs.cols.who, width: 100, cell: (r) => r.createdBy || A.none },
    { id: 'created', header: A.xrefs.cols.created, width: 130, className: 'date', cell: (r) => dateTime(r.created) },
    openColumn(
      'act',
      A.xrefs.remove,
      (r) =>
        ask(
          {
            title: A.xrefs.removeTitle,
            text: A.xrefs.removeText(r.pid, r.toPid, A.xrefKinds[r.kind]),
            confirmLabel: A.xrefs.remove,
            busyLabel: A.xrefs.removing,
            danger: true,
          },
          () => remove.mutateAsync({ seq: r.seq }),
        ),
      (r) => A.xrefs.removeOf(r.pid, A.xrefKinds[r.kind], r.toPid),
      A.xrefs.cols.act,
    ),
  ];
  return (
    <section>
      <h1>{A.xrefs.title}</h1>
      <p className="field-hint admin-lead">{A.xrefs.lead}</p>
      <ListFilters list={xrefs} label={A.xrefs.search}>
        <FilterInput
          name="keyword"
          label={A.xrefs.cols.pid}
          aria-label={A.xrefs.keyword}
          placeholder={A.xrefs.keywordHint}
        />
      </ListFilters>
      <AddXref />
      <ListToolbar total={xrefs.list.data?.total ?? 0}>
        <button type="button" className="btn btn-small" onClick={() => setImporting(true)}>
          {A.xrefs.importCsv}
        </button>
      </ListToolbar>
      <DataTable label={A.xrefs.list} columns={columns} {...xrefs.table} />
      {importing && <ImportXrefsModal onClose={() => setImporting(false)} />}
    </section>
  );
}

/** One relation typed in: two numbers, the kind and a remark. */
function AddXref() {
  const empty = { pid: '', toPid: '', kind: 'supersedes', remark: '' } as const;
  const form = useZodForm(xrefFields, empty);
  const { save, busy } = useAdminSave('adminSaveXref', () => form.reset(empty));
  return (
    <Form form={form} alertInvalid className="admin-form-grid admin-xref-add" aria-label={A.xrefs.add} onSubmit={save}>
      <Field name="pid" label={A.xrefs.pid} maxLength={50} autoComplete="off" />
      <SelectField name="kind" label={A.xrefs.cols.kind} options={KIND_OPTIONS} />
      <Field name="toPid" label={A.xrefs.toPid} maxLength={50} autoComplete="off" />
      <Field name="remark" label={A.xrefs.cols.remark} maxLength={200} />
      <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
        {busy ? A.saving : A.xrefs.addRelation}
      </button>
    </Form>
  );
}

/** A line of the file: the relation, and whether it is (or was) added or already there. */
const importColumns = (committed: boolean): Column<ImportXrefsResult['rows'][number]>[] => [
  {
    id: 'action',
    header: A.xrefs.cols.action,
    width: 110,
    cell: (r) => (r.action === 'create' ? (committed ? A.xrefs.added : A.xrefs.adding) : A.xrefs.exists),
  },
  { id: 'pid', header: A.xrefs.cols.pid, width: 170, cell: (r) => r.pid },
  {
    id: 'kind',
    header: A.xrefs.cols.kind,
    width: 150,
    cell: (r) => A.xrefKinds[r.kind as keyof typeof A.xrefKinds] ?? r.kind,
  },
  { id: 'toPid', header: A.xrefs.cols.toPid, cell: (r) => r.toPid },
];

/** A CSV file: preview first (rows to add, refused lines with file and line), then import all or nothing. */
function ImportXrefsModal({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [result, setResult] = useState<ImportXrefsResult | null>(null);
  const run = useAdminWrite('adminImportXrefs');
  const onFile = async (picked: File | undefined) => {
    if (!picked) return;
    setFile({ name: picked.name, csv: await readCsvFile(picked) });
    setResult(null);
  };
  const send = (commit: boolean) =>
    file &&
    run.mutate(
      { fileName: file.name, csv: file.csv, commit },
      {
        onSuccess: (a) => {
          setResult(a.results);
          // The preview speaks through its tables; only an import done is announced.
          if (a.results.committed) notify.toast(a.message);
        },
        onError: (e) => void notify.alert(messageOf(e)),
      },
    );
  // Nothing is imported while a line is refused, so only a clean preview counts what would be added.
  const adding = result && result.errors.length === 0 ? result.rows.filter((r) => r.action === 'create').length : 0;
  return (
    <Modal title={A.xrefs.importTitle} onClose={onClose} className="admin-wide" size="wide">
      <p className="field-hint">{A.xrefs.importHint(XREF_CSV_COLUMNS.join(','))}</p>
      <FilePick label={A.xrefs.file} accept=".csv,text/csv" name={file?.name ?? null} onFile={(f) => void onFile(f)} />
      <ImportButtons
        hasFile={file !== null}
        busy={run.isPending}
        result={result}
        blocked={adding === 0}
        fixWhy={A.xrefs.fixWhy}
        importLabel={adding > 0 ? A.xrefs.importN(count(adding)) : A.xrefs.import}
        onSend={send}
      />
      {result && (
        <>
          <p role="status" className="admin-import-summary">
            {A.xrefs.summary(
              result.committed ? A.xrefs.imported : A.xrefs.preview,
              count(result.rows.filter((r) => r.action === 'create').length),
              count(result.rows.filter((r) => r.action === 'same').length),
              count(result.errors.length),
            )}
          </p>
          <CsvImportTables
            errors={{
              title: A.xrefs.refusedTitle(count(result.errors.length)),
              label: A.xrefs.refused,
              rows: result.errors,
            }}
            reasonHeader={A.xrefs.reason}
            errorKey={(e) => `${e.line}-${e.message}`}
            lines={{
              title: result.committed ? A.xrefs.importedRows : A.xrefs.toAdd,
              label: A.xrefs.toImport,
              rows: result.rows,
            }}
            columns={importColumns(result.committed)}
          />
        </>
      )}
    </Modal>
  );
}
