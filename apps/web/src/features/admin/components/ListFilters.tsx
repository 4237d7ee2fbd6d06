import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FilterForm } from '../../../shared/ui/FilterForm';

/**
 * The filter bar of a back-office list (useAdminList): its filters, the search button and, with
 * `resetLabel`, a button back to the filters the list started with.
 */
export function ListFilters<I extends FieldValues, O>({
  list,
  label,
  alertInvalid,
  resetLabel,
  after,
  children,
}: {
  list: { form: UseFormReturn<I, unknown, O>; apply: (values: O) => void; reset: () => void };
  /** The search's accessible name. */
  label: string;
  alertInvalid?: boolean;
  resetLabel?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FilterForm
      form={list.form}
      className="admin-filters"
      label={label}
      alertInvalid={alertInvalid}
      onSubmit={list.apply}
      after={
        <>
          {resetLabel && (
            <button type="button" className="btn btn-small" onClick={list.reset}>
              {resetLabel}
            </button>
          )}
          {after}
        </>
      }
    >
      {children}
    </FilterForm>
  );
}
