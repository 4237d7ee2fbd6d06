import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_TYPES,
  changeStockRequest,
  saveProductRequest,
  type AdminProduct,
  type ImportProductsResult,
} from '@partsmall/contract';
import { api, messageOf, type Payload } from '../../shared/api';
import { count } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Field, Form, SelectField, TextAreaField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { FilePick, NumberField } from './fields';
import { useColumnChoice } from './columns';
import { adminQuery, downloadCsv, fileToBase64, readCsvFile, useAdminWrite } from './api';
import { A } from './texts';

const searchSchema = z.object({
  searchType: z.enum(['name', 'pid']),
  keyword: z.string().trim().max(100),
  stockName: z.string().trim().max(100),
  stockState: z.string(),
});
type Search = z.infer<typeof searchSchema>;
const STOCK_STATES: Record<string, string> = { in: '재고 있음', out: '품절·준비중', low: '부족 (5개 이하)' };

/** Products: search, create and edit, pictures, stock with a reason, CSV import and export. */
export default function ProductsPage() {
  const initial: Search = { searchType: 'name', keyword: '', stockName: '', stockState: '' };
  const [search, setSearch] = useState<Search>(initial);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const notify = useNotify();
  const form = useZodForm(searchSchema, initial);
  // The stock filter's select offers only the contract's states.
  const body = {
    searchType: search.searchType,
    ...(search.keyword ? { keyword: search.keyword } : {}),
    ...(search.stockName ? { stockName: search.stockName } : {}),
    ...(search.stockState ? { stockState: search.stockState } : {}),
  } as Payload<'adminProductList'>;
  const list = useQuery(adminQuery('adminProductList', { ...body, page, size: 20 }));
  const exportCsv = () =>
    api('adminProductExport', body).then(
      (a) => downloadCsv(a.results),
      (e: unknown) => void notify.alert(messageOf(e)),
    );

  const columns: Column<AdminProduct>[] = [
    {
      id: 'img',
      header: <span className="sr-only">이미지</span>,
      width: 56,
      cell: (p) => (p.imgFiles[0] ? <img className="admin-thumb" src={p.imgFiles[0]} alt="" /> : null),
    },
    { id: 'seq', header: '번호', width: 70, className: 'num', cell: (p) => p.seq },
    { id: 'pid', header: '품번', width: 150, sortValue: (p) => p.pid, cell: (p) => p.pid },
    { id: 'name', header: '상품명', className: 'ellipsis', sortValue: (p) => p.name, cell: (p) => p.name },
    { id: 'type', header: '구분', width: 90, cell: (p) => PRODUCT_TYPES[p.type] ?? p.type },
    { id: 'stockName', header: '창고', width: 140, cell: (p) => p.stockName },
    {
      id: 'sale',
      header: '판매가(원)',
      width: 100,
      className: 'money',
      sortValue: (p) => p.salePrice,
      cell: (p) => count(p.salePrice),
    },
    {
      id: 'stock',
      header: '재고',
      width: 70,
      className: 'num',
      sortValue: (p) => p.hasAmount,
      cell: (p) => count(p.hasAmount),
    },
    {
      id: 'edit',
      header: <span className="sr-only">수정</span>,
      width: 70,
      className: 'center',
      cell: (p) => (
        <button type="button" className="btn btn-small" onClick={() => setEditing(p)} aria-label={`${p.pid} 수정`}>
          {A.edit}
        </button>
      ),
    },
  ];
  const { shown, chooser } = useColumnChoice('products', columns);
  return (
    <section>
      <h1>상품 관리</h1>
      <Form
        form={form}
        className="admin-filters"
        role="search"
        aria-label="상품 검색"
        onSubmit={(v) => (setSearch(v), setPage(1))}
      >
        <label>
          검색 기준
          <select {...form.register('searchType')}>
            <option value="name">상품명</option>
            <option value="pid">품번</option>
          </select>
        </label>
        <label>
          검색어
          <input {...form.register('keyword')} aria-label="상품 검색어" />
        </label>
        <label>
          창고
          <input {...form.register('stockName')} />
        </label>
        <label>
          재고 상태
          <select {...form.register('stockState')}>
            <option value="">{A.all}</option>
            {Object.entries(STOCK_STATES).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary btn-small">
          {A.search}
        </button>
      </Form>
      <div className="admin-toolbar">
        <span>총 {count(list.data?.total ?? 0)}건</span>
        <span className="spacer" />
        <button type="button" className="btn btn-small btn-primary" onClick={() => setEditing('new')}>
          상품 등록
        </button>
        <button type="button" className="btn btn-small" onClick={() => setImporting(true)}>
          CSV 일괄 등록
        </button>
        <button type="button" className="btn btn-small" onClick={() => void exportCsv()}>
          {A.csvExport}
        </button>
        {chooser}
      </div>
      <DataTable label="상품 목록" query={list} columns={shown} paging={{ page, size: 20, onPage: setPage }} />
      {editing && (
        <ProductModal
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(p) => setEditing(p)}
        />
      )}
      {importing && <ImportModal onClose={() => setImporting(false)} />}
    </section>
  );
}

type SaveInput = z.input<typeof saveProductRequest>;
const EMPTY: SaveInput = {
  name: '',
  pid: '',
  factoryNum: '',
  type: 2,
  salePrice: 0,
  priceA: 0,
  priceB: 0,
  priceC: 0,
  priceD: 0,
  stockName: '한국 김포물류센터',
  storageId: 1,
  detailInfo: '',
  description: '',
  category: '',
  brand: '',
  hasAmount: 0,
};
const TYPE_OPTIONS = Object.entries(PRODUCT_TYPES).map(([v, l]) => ({ value: Number(v), label: l }));

function ProductModal({
  product,
  onClose,
  onSaved,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onSaved: (p: AdminProduct) => void;
}) {
  const notify = useNotify();
  const initial: SaveInput = product ? { ...product, seq: product.seq } : EMPTY;
  const form = useZodForm(saveProductRequest, initial);
  const save = useAdminWrite('adminSaveProduct');
  const upload = useAdminWrite('adminUploadProductImage');
  const [images, setImages] = useState<string[]>(product?.imgFiles ?? []);
  const onFile = async (file: File | undefined) => {
    if (!product || !file) return;
    try {
      const a = await upload.mutateAsync({
        seq: product.seq,
        name: file.name,
        mime: file.type,
        data: await fileToBase64(file),
      });
      setImages(a.results.imgFiles);
      notify.toast(a.message);
    } catch (e) {
      void notify.alert(messageOf(e));
    }
  };
  return (
    <Modal
      title={product ? `상품 수정 #${product.seq}` : '상품 등록'}
      onClose={onClose}
      className="admin-wide"
      size="wide"
    >
      <Form
        form={form}
        alertInvalid
        aria-label="상품 정보"
        onSubmit={(v) =>
          save.mutate(v, {
            onSuccess: (a) => {
              notify.toast(a.message);
              onSaved(a.results);
            },
            onError: (e) => void notify.alert(messageOf(e)),
          })
        }
      >
        <div className="admin-form-grid">
          <Field name="name" label="상품명" className="span2" maxLength={200} />
          <Field name="pid" label="품번(정품 번호)" maxLength={50} />
          <Field name="factoryNum" label="공장 품번" maxLength={50} />
          <SelectField name="type" label="구분" options={TYPE_OPTIONS} parse={Number} />
          <Field name="brand" label="브랜드" maxLength={50} />
          <Field name="category" label="모바일 분류" maxLength={30} hint="filter, shock, pad ..." />
          {product ? (
            <p className="field-hint">재고 {count(product.hasAmount)}개 (아래 재고 변경에서 바꿉니다)</p>
          ) : (
            <NumberField name="hasAmount" label="시작 재고" />
          )}
          <NumberField name="salePrice" label="판매가(원)" />
          <NumberField name="priceA" label="티타늄 A(원)" hint="0이면 다음 등급 가격" />
          <NumberField name="priceB" label="골드 B(원)" />
          <NumberField name="priceC" label="실버 C(원)" />
          <NumberField name="priceD" label="브론즈 D(원)" hint="등급 가격은 판매가 이하" />
          <Field name="stockName" label="창고 이름" maxLength={50} hint="중국 창고는 '중국'으로 시작" />
          <NumberField name="storageId" label="창고 번호" />
          <TextAreaField name="detailInfo" label="특이사항" className="span4" maxLength={500} rows={2} />
          <TextAreaField name="description" label="상세 설명" className="span4" maxLength={5000} rows={4} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? A.saving : A.save}
          </button>
        </div>
      </Form>
      {product ? (
        <div className="admin-grid2">
          <div className="admin-panel">
            <h2>이미지</h2>
            <div className="admin-actions">
              {images.map((src) => (
                <img key={src} className="admin-thumb" src={src} alt="상품 이미지" />
              ))}
            </div>
            <label className="btn btn-small">
              이미지 올리기
              <input
                type="file"
                accept="image/*"
                className="sr-only"
                aria-label="이미지 파일"
                onChange={(e) => void onFile(e.target.files?.[0])}
              />
            </label>
            <p className="field-hint">
              jpg, png, gif, webp, bmp, tiff · 10MB 이하 · 내용으로 검사하고 메타데이터를 지웁니다.
            </p>
          </div>
          <StockForm product={product} />
        </div>
      ) : (
        <p className="field-hint">이미지와 재고 변경은 상품을 저장한 뒤 할 수 있습니다.</p>
      )}
    </Modal>
  );
}

function StockForm({ product }: { product: AdminProduct }) {
  const notify = useNotify();
  const form = useZodForm(changeStockRequest, { seq: product.seq, delta: 0, reason: '' });
  const change = useAdminWrite('adminChangeStock');
  return (
    <Form
      form={form}
      className="admin-panel form"
      aria-label="재고 변경"
      onSubmit={(v) =>
        change.mutate(v, {
          onSuccess: (a) => (
            notify.toast(`${a.message} 현재 ${count(a.results.hasAmount)}개`),
            form.reset({ seq: product.seq, delta: 0, reason: '' })
          ),
          onError: (e) => void notify.alert(messageOf(e)),
        })
      }
    >
      <h2>재고 변경</h2>
      <NumberField name="delta" label="변경 수량 (입고 +, 출고·폐기 -)" />
      <Field name="reason" label="사유" maxLength={200} />
      <button type="submit" className="btn btn-small btn-primary">
        재고 변경
      </button>
    </Form>
  );
}

function ImportModal({ onClose }: { onClose: () => void }) {
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
        첫 행: {PRODUCT_CSV_COLUMNS.join(',')} · 같은 창고의 같은 품번은 수정, 없으면 등록 · 한 행이라도 오류가 있으면
        아무것도 저장하지 않습니다.
      </p>
      <FilePick label="CSV 파일" accept=".csv,text/csv" name={fileName} onFile={(f) => void onFile(f)} />
      <div className="admin-actions">
        <button type="button" className="btn btn-small" disabled={!csv || run.isPending} onClick={() => send(false)}>
          미리보기
        </button>
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={!result || result.errors.length > 0 || result.committed || run.isPending}
          title={
            !result ? '먼저 미리보기를 하세요.' : result.errors.length ? '오류를 고친 뒤 다시 올리세요.' : undefined
          }
          onClick={() => send(true)}
        >
          저장
        </button>
      </div>
      {result && (
        <>
          {result.errors.length > 0 && (
            <>
              <h2>오류 ({result.errors.length}행)</h2>
              <DataTable
                label="CSV 오류"
                rows={result.errors}
                rowKey={(e) => e.line}
                pageSize={20}
                columns={[
                  { id: 'line', header: '행', width: 60, className: 'num', cell: (e) => e.line },
                  { id: 'msg', header: '내용', cell: (e) => e.message },
                ]}
              />
            </>
          )}
          <h2>{result.committed ? '저장됨' : '바뀔 내용'}</h2>
          <DataTable
            label="CSV 미리보기"
            rows={result.rows}
            rowKey={(r) => r.line}
            pageSize={20}
            columns={[
              { id: 'line', header: '행', width: 60, className: 'num', cell: (r) => r.line },
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
