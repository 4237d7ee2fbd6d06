import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { DataTable } from '../../../shared/ui/DataTable';
import { ListFilters } from './ListFilters';

/**
 * A back-office page that is one filtered list (useAdminList): its title, the filter bar with the
 * filters given as children (ListFilters) and the list's table, named by the title.
 */
export function FilteredListPage<R, I extends FieldValues, O>({
  title,
  list,
  search,
  alertInvalid,
  resetLabel,
  table,
  children,
}: {
  title: string;
  list: ComponentProps<typeof ListFilters<I, O>>['list'];
  /** The search's accessible name. */
  search: string;
  alertInvalid?: boolean;
  resetLabel?: string;
  /** The table's columns, rows and paging (the list's `table`). */
  table: Omit<ComponentProps<typeof DataTable<R>>, 'label'>;
  children: ReactNode;
}) {
  return (
    <section>
      <h1>{title}</h1>
      <ListFilters list={list} label={search} alertInvalid={alertInvalid} resetLabel={resetLabel}>
        {children}
      </ListFilters>
      <DataTable label={title} {...table} />
    </section>
  );
}
