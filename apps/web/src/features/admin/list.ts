import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { Payload } from '../../shared/api';
import { filledOnly, useListFilters } from '../../shared/ui/FilterForm';
import { adminQuery, type AdminCallId } from './api';

/**
 * A back-office list read a page at a time: its filters (useListFilters), the read of `call` for
 * the filters searched and the page shown (`request`, the filled filters unless `body` says
 * otherwise, `size` rows a page), and `table`, what DataTable takes of it (the query and its paging).
 */
export function useAdminList<I extends AdminCallId, S extends z.ZodType<FieldValues, FieldValues>>(
  call: I,
  schema: S,
  initial: z.output<S>,
  {
    size,
    body = (f) => filledOnly(f) as Partial<Payload<I>>,
  }: {
    size: number;
    body?: (filters: z.output<S>) => Partial<Payload<I>>;
  },
) {
  const filtering = useListFilters(schema, initial);
  const { filters, page, setPage } = filtering;
  const request = { ...body(filters), page, size } as Payload<I>;
  const list = useQuery(adminQuery(call, request));
  return { ...filtering, list, request, table: { query: list, paging: { page, size, onPage: setPage } } };
}
