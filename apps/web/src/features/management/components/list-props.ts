import type { ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { Column } from '../../../shared/ui/DataTable';

/** A page answer as the member-area lists read it, and its row. */
export type Page = { results: unknown[]; total: number };
export type RowOf<D extends Page> = D['results'][number];
export type ListOptions<D extends Page, Q, K extends QueryKey> = (q: Q) => UseQueryOptions<D, Error, D, K>;

export interface TableProps<R> {
  columns: Column<R>[];
  label: string;
  card: (row: R) => ReactNode;
  rowClassName?: (row: R) => string | undefined;
  minWidth?: number;
}
