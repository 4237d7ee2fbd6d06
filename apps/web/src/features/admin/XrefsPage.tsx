import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { XREF_CSV_COLUMNS, xrefFields, type ImportXrefsResult, type XrefRow } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { count, dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { FilterForm, FilterInput, filledOnly, useListFilters } from '../../shared/ui/FilterForm';
import { Field, Form, SelectField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useConfirmedWrite, useNotify } from '../../shared/ui/notify';
import { FilePick } from './fields';
import { adminQuery, readCsvFile, useAdminSave, useAdminWrite } from './api';
import { A } from './texts';
import { openColumn } from './columns';
import { ListToolbar } from './components/ListParts';
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
  const { form, filters, page, setPage, apply } = useListFilters(searchSchema, { keyword: '' });
  const [importing, setImporting] = useState(false);
  const ask = useConfirmedWrite();
  const list = useQuery(adminQuery('adminXrefList', { ...filledOnly(filters), page, size: PAGE_SIZE }));
  const remove = useAdminWrite('adminDeleteXref');

  const columns: Column<XrefRow>[] = [
    { id: 'seq', header: '번호', width: 70, className: 'num', cell: (r) => r.seq },
    { id: 'pid', header: '품번', width: 170, cell: (r) => r.pid },
    { id: 'kind', header: '관계', width: 150, cell: (r) => A.xrefKinds[r.kind] },
    { id: 'toPid', header: '상대 품번', width: 170, cell: (r) => r.toPid },
    { id: 'remark', header: '비고', className: 'ellipsis', title: (r) => r.remark, cell: (r) => r.remark || A.none },
    { id: 'who', header: '등록자', width: 100, cell: (r) => r.createdBy || A.none },
    { id: 'created', header: '등록일시', width: 130, className: 'date', cell: (r) => dateTime(r.created) },
    openColumn(
      'act',
      '삭제',
      (r) =>
        ask(
          {
            title: '호환품번 삭제',
            text: `${r.pid} → ${r.toPid} (${A.xrefKinds[r.kind]}) 관계를 지웁니다. 검색에 바로 반영됩니다.`,
            confirmLabel: '삭제',
            busyLabel: '삭제 중...',
            danger: true,
          },
          () => remove.mutateAsync({ seq: r.seq }),
        ),
      (r) => `${r.pid} ${A.xrefKinds[r.kind]} ${r.toPid} 삭제`,
      '작업',
    ),
  ];
  return (
    <section>
      <h1>호환품번</h1>
      <p className="field-hint admin-lead">
        대체: 이전 품번이 현재 품번으로 바뀜 (이전 품번으로 찾으면 현재 상품이 먼저 나옵니다) · 호환: OE ↔
        애프터마켓처럼 서로 바꿔 쓸 수 있음. 카탈로그의 대체 관계와 합쳐 순환하거나 20단계를 넘는 관계는 저장되지
        않습니다.
      </p>
      <FilterForm form={form} className="admin-filters" label="호환품번 검색" onSubmit={apply}>
        <FilterInput name="keyword" label="품번" aria-label="품번 검색어" placeholder="품번 앞부분" />
      </FilterForm>
      <AddXref />
      <ListToolbar total={list.data?.total ?? 0}>
        <button type="button" className="btn btn-small" onClick={() => setImporting(true)}>
          CSV 가져오기
        </button>
      </ListToolbar>
      <DataTable
        label="호환품번 목록"
        query={list}
        columns={columns}
        paging={{ page, size: PAGE_SIZE, onPage: setPage }}
      />
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
    <Form
      form={form}
      alertInvalid
      className="admin-form-grid admin-xref-add"
      aria-label="호환품번 추가"
      onSubmit={save}
    >
      <Field name="pid" label="품번 (대체: 이전 품번)" maxLength={50} autoComplete="off" />
      <SelectField name="kind" label="관계" options={KIND_OPTIONS} />
      <Field name="toPid" label="상대 품번 (대체: 현재 품번)" maxLength={50} autoComplete="off" />
      <Field name="remark" label="비고" maxLength={200} />
      <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
        {busy ? A.saving : '관계 추가'}
      </button>
    </Form>
  );
}

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
    <Modal title="호환품번 CSV 가져오기" onClose={onClose} className="admin-wide" size="wide">
      <p className="field-hint">
        첫 행: {XREF_CSV_COLUMNS.join(',')} · kind는 supersedes(대체) 또는 interchangeable(호환) · 한 줄이라도 거부되면
        아무것도 저장하지 않습니다.
      </p>
      <FilePick
        label="호환품번 CSV 파일"
        accept=".csv,text/csv"
        name={file?.name ?? null}
        onFile={(f) => void onFile(f)}
      />
      <ImportButtons
        hasFile={file !== null}
        busy={run.isPending}
        result={result}
        blocked={adding === 0}
        fixWhy="거부된 줄을 고친 뒤 다시 올리세요."
        importLabel={adding > 0 ? `${count(adding)}건 가져오기` : '가져오기'}
        onSend={send}
      />
      {result && (
        <>
          <p role="status" className="admin-import-summary">
            {result.committed ? '가져왔습니다' : '미리보기'}: 추가{' '}
            {count(result.rows.filter((r) => r.action === 'create').length)}건 · 이미 있음{' '}
            {count(result.rows.filter((r) => r.action === 'same').length)}건 · 거부 {count(result.errors.length)}건
          </p>
          <CsvImportTables
            errors={{ title: `거부된 줄 (${count(result.errors.length)}건)`, label: '거부된 줄', rows: result.errors }}
            reasonHeader="사유"
            errorKey={(e) => `${e.line}-${e.message}`}
            lines={{ title: result.committed ? '가져온 내용' : '더해질 관계', label: '가져올 관계', rows: result.rows }}
            columns={[
              {
                id: 'action',
                header: '처리',
                width: 110,
                cell: (r) => (r.action === 'create' ? (result.committed ? '추가됨' : '추가') : '이미 있음'),
              },
              { id: 'pid', header: '품번', width: 170, cell: (r) => r.pid },
              {
                id: 'kind',
                header: '관계',
                width: 150,
                cell: (r) => A.xrefKinds[r.kind as keyof typeof A.xrefKinds] ?? r.kind,
              },
              { id: 'toPid', header: '상대 품번', cell: (r) => r.toPid },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
