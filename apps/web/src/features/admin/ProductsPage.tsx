import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PRODUCT_TYPES, type AdminProduct } from '@partsmall/contract';
import { api, messageOf, type Payload } from '../../shared/api';
import { count } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useColumnChoice } from './columns';
import { adminQuery, downloadCsv } from './api';
import { A } from './texts';
import { ImportModal } from './components/ImportModal';
import { ProductModal } from './components/ProductModal';

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
