import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { count } from '../../../shared/format';
import { FilterForm } from '../../../shared/ui/FilterForm';
import { Modal } from '../../../shared/ui/Modal';
import { Pending } from '../../../shared/ui/states';
import { A } from '../texts';

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

/**
 * The bar between a list's filters and its table: the total on the left, the list's buttons on the
 * right, then its CSV download and its column chooser when it has them.
 */
export function ListToolbar({
  total,
  unit = A.kit.unit,
  children,
  onExport,
  chooser,
}: {
  total?: number;
  unit?: string;
  children?: ReactNode;
  onExport?: () => void;
  chooser?: ReactNode;
}) {
  return (
    <div className="admin-toolbar">
      {total !== undefined && (
        <span>
          {A.kit.total} {count(total)}
          {unit}
        </span>
      )}
      <span className="spacer" />
      {children}
      {onExport && (
        <button type="button" className="btn btn-small" onClick={onExport}>
          {A.csvExport}
        </button>
      )}
      {chooser}
    </div>
  );
}

/** One record read in a wide modal: the read's error or a spinner until it answers, then its body. */
export function DetailModal<T>({
  title,
  onClose,
  query,
  children,
}: {
  title: string;
  onClose: () => void;
  query: { data?: { results: T }; error: unknown };
  children: (data: T) => ReactNode;
}) {
  const data = query.data?.results;
  return (
    <Modal title={title} onClose={onClose} className="admin-wide" size="wide">
      {data === undefined ? <Pending error={query.error} errorClassName="admin-error" /> : children(data)}
    </Modal>
  );
}

/** A row's small button (수정, 삭제, 비밀번호 초기화, 정지). */
export function RowButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button type="button" className="btn btn-small" {...props} />;
}
