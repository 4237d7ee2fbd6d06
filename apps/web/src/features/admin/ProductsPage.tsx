import { useState } from 'react';
import { z } from 'zod';
import { PAGE_SIZE, PRODUCT_SORTS, PRODUCT_TYPES, type AdminProduct } from '@partsmall/contract';
import { api, messageOf, type Payload } from '../../shared/api';
import { count } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { FilterInput, FilterSelect, filledOnly } from '../../shared/ui/FilterForm';
import { useNotify } from '../../shared/ui/notify';
import { moneyColumn, openColumn, useColumnChoice } from './columns';
import { downloadCsv } from './api';
import { useAdminList } from './list';
import { A } from './texts';
import { ImportModal } from './components/ImportModal';
import { ListFilters } from './components/ListFilters';
import { ListToolbar } from './components/ListToolbar';
import { ProductModal } from './components/ProductModal';

const searchSchema = z.object({
  searchType: z.enum(['name', 'pid']),
  keyword: z.string().trim().max(100),
  stockName: z.string().trim().max(100),
  stockState: z.string(),
});
const SEARCH_TYPES = A.products.searchTypes;
const STOCK_STATES = A.products.stockStates;

/** Products: search, create and edit, pictures, stock with a reason, CSV import and export. */
export default function ProductsPage() {
  const products = useAdminList(
    'adminProductList',
    searchSchema,
    {
      searchType: 'name',
      keyword: '',
      stockName: '',
      stockState: '',
    },
    { size: PAGE_SIZE.backOffice, sortKeys: PRODUCT_SORTS },
  );
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const notify = useNotify();
  // The stock filter's select offers only the contract's states.
  const body = filledOnly(products.filters) as Payload<'adminProductList'>;
  const exportCsv = () =>
    api('adminProductExport', body).then(
      (a) => {
        downloadCsv(a.results);
        // Past the export's bound the file holds the first rows: the server's message says so.
        if ((a.results.total ?? 0) > a.results.rows) void notify.alert(a.message);
      },
      (e: unknown) => void notify.alert(messageOf(e)),
    );

  const columns: Column<AdminProduct>[] = [
    {
      id: 'img',
      header: <span className="sr-only">{A.products.cols.img}</span>,
      width: 56,
      cell: (p) => (p.imgFiles[0] ? <img className="admin-thumb" src={p.imgFiles[0]} alt="" /> : null),
    },
    { id: 'seq', header: A.products.cols.seq, width: 70, className: 'num', cell: (p) => p.seq },
    { id: 'pid', header: A.products.cols.pid, width: 150, cell: (p) => p.pid },
    { id: 'name', header: A.products.cols.name, className: 'ellipsis', cell: (p) => p.name },
    { id: 'type', header: A.products.cols.type, width: 90, cell: (p) => PRODUCT_TYPES[p.type] ?? p.type },
    { id: 'stockName', header: A.products.cols.stockName, width: 140, cell: (p) => p.stockName },
    moneyColumn('sale', A.products.cols.sale, 100, (p) => p.salePrice),
    {
      id: 'stock',
      header: A.products.cols.stock,
      width: 70,
      className: 'num',
      cell: (p) => count(p.hasAmount),
    },
    openColumn<AdminProduct>('edit', A.edit, setEditing, (p) => A.products.editOf(p.pid)),
  ];
  const { shown, chooser } = useColumnChoice('products', columns);
  return (
    <section>
      <h1>{A.products.title}</h1>
      <ListFilters list={products} label={A.products.search}>
        <FilterSelect name="searchType" label={A.products.searchType} options={SEARCH_TYPES} />
        <FilterInput name="keyword" label={A.products.keyword} aria-label={A.products.keywordLabel} />
        <FilterInput name="stockName" label={A.products.cols.stockName} />
        <FilterSelect name="stockState" label={A.products.stockState} options={STOCK_STATES} all={A.all} />
      </ListFilters>
      <ListToolbar total={products.list.data?.total ?? 0} onExport={() => void exportCsv()} chooser={chooser}>
        <button type="button" className="btn btn-small btn-primary" onClick={() => setEditing('new')}>
          {A.products.add}
        </button>
        <button type="button" className="btn btn-small" onClick={() => setImporting(true)}>
          {A.products.csv}
        </button>
      </ListToolbar>
      <DataTable label={A.products.list} columns={shown} {...products.table} />
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
