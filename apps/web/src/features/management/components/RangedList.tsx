import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { PAGE_SIZE } from '@partsmall/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { PeriodPage } from '../paperwork-api';
import { DateRangeSearch } from './DateRangeSearch';
import { ListBar } from './ListBar';
import type { ListOptions, Page, RowOf, TableProps } from './list-props';

/**
 * A list of a date range (orders, payment histories, cash ledger, tax invoices): both dates or all
 * (docs/requirements.md#validation), 15 a page. `head` draws what sits above the range search and
 * reads the list's answer and the period shown (the ledger's balance and exports).
 */
export function RangedList<D extends Page, K extends QueryKey>({
  query,
  head,
  ...table
}: TableProps<RowOf<D>> & {
  query: ListOptions<D, PeriodPage, K>;
  head?: (list: UseQueryResult<D, Error>, range: PeriodPage) => ReactNode;
  emptyText?: string;
  rowTestId?: string;
}) {
  const [range, setRange] = useState<PeriodPage>({ startDate: '', endDate: '', page: 1 });
  const list = useQuery(query(range));
  return (
    <>
      {head?.(list, range)}
      <DateRangeSearch
        busy={list.isFetching}
        onSearch={(r) => setRange({ ...r, page: 1 })}
        onAll={() => setRange({ startDate: '', endDate: '', page: 1 })}
      />
      <ListBar total={list.data?.total ?? 0} loading={list.isFetching} />
      <DataTable
        {...table}
        query={list}
        paging={{ page: range.page, size: PAGE_SIZE.memberArea, onPage: (page) => setRange((r) => ({ ...r, page })) }}
      />
    </>
  );
}
