import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PRODUCT_TYPES, type AdminProduct } from '@partsmall/contract';
import { api, messageOf, type Payload } from '../../shared/api';
import { count } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { FilterForm, FilterInput, FilterSelect, filledOnly, useListFilters } from '../../shared/ui/FilterForm';
import { useNotify } from '../../shared/ui/notify';
import { moneyColumn, openColumn, useColumnChoice } from './columns';
import { adminQuery, downloadCsv } from './api';
import { A } from './texts';
import { ImportModal } from './components/ImportModal';
import { ListToolbar } from './components/ListParts';
import { ProductModal } from './components/ProductModal';

const searchSchema = z.object({
  searchType: z.enum(['name', 'pid']),
  keyword: z.string().trim().max(100),
  stockName: z.string().trim().max(100),
  stockState: z.string(),
});
const SEARCH_TYPES = { name: '상품명', pid: '품번' };
const STOCK_STATES: Record<string, string> = { in: '재고 있음', out: '품절·준비중', low: '부족 (5개 이하)' };

/** Products: search, create and edit, pictures, stock with a reason, CSV import and export. */
export default function ProductsPage() {
  const { form, filters, page, setPage, apply } = useListFilters(searchSchema, {
    searchType: 'name',
    keyword: '',
    stockName: '',
    stockState: '',
  });
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const notify = useNotify();
  // The stock filter's select offers only the contract's states.
  const body = filledOnly(filters) as Payload<'adminProductList'>;
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
    moneyColumn('sale', '판매가(원)', 100, (p) => p.salePrice),
    {
      id: 'stock',
      header: '재고',
      width: 70,
      className: 'num',
      sortValue: (p) => p.hasAmount,
      cell: (p) => count(p.hasAmount),
    },
    openColumn<AdminProduct>('edit', A.edit, setEditing, (p) => `${p.pid} 수정`),
  ];
  const { shown, chooser } = useColumnChoice('products', columns);
  return (
    <section>
      <h1>상품 관리</h1>
      <FilterForm form={form} className="admin-filters" label="상품 검색" onSubmit={apply}>
        <FilterSelect name="searchType" label="검색 기준" options={SEARCH_TYPES} />
        <FilterInput name="keyword" label="검색어" aria-label="상품 검색어" />
        <FilterInput name="stockName" label="창고" />
        <FilterSelect name="stockState" label="재고 상태" options={STOCK_STATES} all={A.all} />
      </FilterForm>
      <ListToolbar total={list.data?.total ?? 0} onExport={() => void exportCsv()} chooser={chooser}>
        <button type="button" className="btn btn-small btn-primary" onClick={() => setEditing('new')}>
          상품 등록
        </button>
        <button type="button" className="btn btn-small" onClick={() => setImporting(true)}>
          CSV 일괄 등록
        </button>
      </ListToolbar>
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
