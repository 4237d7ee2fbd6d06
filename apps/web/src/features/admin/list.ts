import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@partsmall/contract';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { Payload } from '../../shared/api';
import type { ListSort, ServerSorting } from '../../shared/ui/DataTable';
import { filledOnly, useListFilters } from '../../shared/ui/FilterForm';
import { adminQuery, type AdminCallId } from './api';

/**
 * A back-office list read a page at a time: its filters (useListFilters), the read of `call` for
 * the filters searched and the page shown (`request`, the filled filters unless `body` says
 * otherwise, `size` rows a page), and `table`, what DataTable takes of it (the query and its paging).
 * With `sortKeys` (the call's sortable columns) the server sorts it across its pages: a header's
 * sort goes into the request (`sortBy`, `sortDir`) and back to the first page.
 */
export function useAdminList<I extends AdminCallId, S extends z.ZodType<FieldValues, FieldValues>>(
  call: I,
  schema: S,
  initial: z.output<S>,
  {
    size,
    body = (f) => filledOnly(f) as Partial<Payload<I>>,
    sortKeys,
  }: {
    size: number;
    body?: (filters: z.output<S>) => Partial<Payload<I>>;
    sortKeys?: readonly string[];
  },
) {
  const filtering = useListFilters(schema, initial);
  const { filters, page, setPage } = filtering;
  const [sort, setSort] = useState<ListSort>();
  const sorted = sort ? { sortBy: sort.by, sortDir: sort.dir } : {};
  const request = { ...body(filters), ...sorted, page, size } as Payload<I>;
  const list = useQuery(adminQuery(call, request));
  const onSort = (next: ListSort | undefined) => {
    setSort(next);
    setPage(1);
  };
  const sorting: ServerSorting | undefined = sortKeys && { keys: sortKeys, sort, onSort };
  return { ...filtering, list, request, table: { query: list, paging: { page, size, onPage: setPage, sorting } } };
}

/**
 * A back-office list without a filter form (notices, inquiries by state), read a page at a time,
 * `PAGE_SIZE.backOffice` rows: the read of `call` for `body` and the page shown, and `table`, what
 * DataTable takes of it. A caller that changes `body` goes back to the first page (`setPage(1)`).
 */
export function useAdminPages<I extends AdminCallId>(call: I, body: Omit<Payload<I>, 'page' | 'size'>) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZE.backOffice;
  const list = useQuery(adminQuery(call, { ...body, page, size } as Payload<I>));
  return { list, setPage, table: { query: list, paging: { page, size, onPage: setPage } } };
}
