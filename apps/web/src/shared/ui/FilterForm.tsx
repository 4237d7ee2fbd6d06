import { useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useFormContext, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { T } from '../texts';
import { Form, useZodForm } from './form';

/**
 * The filters of a paged list: the form, the filters last searched and the page shown. A search
 * (or a reset) shows its list from the first page.
 */
export function useListFilters<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, initial: z.output<S>) {
  const [filters, setFilters] = useState<z.output<S>>(initial);
  const [page, setPage] = useState(1);
  const form = useZodForm(schema, initial as DefaultValues<z.input<S>>);
  const apply = (next: z.output<S>) => {
    setFilters(next);
    setPage(1);
  };
  /** Puts these values in the form as well (a reset, a filter chosen from a row). */
  const show = (next: z.output<S>) => {
    form.reset(next as z.input<S>);
    apply(next);
  };
  /** Shows the filters the list started with. */
  const reset = () => show(initial);
  return { form, filters, page, setPage, apply, show, reset };
}

/** The filters that hold a value: the list calls leave an empty filter out. */
export function filledOnly<F extends Record<string, unknown>>(filters: F): Partial<F> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Partial<F>;
}

interface FilterFormProps<I extends FieldValues, O> {
  form: UseFormReturn<I, unknown, O>;
  onSubmit: (values: O) => unknown;
  /** The search's accessible name. */
  label: string;
  className: string;
  /** Alerts the first refused filter (a period rule) as well. */
  alertInvalid?: boolean;
  /** The labelled filters (FilterSelect, FilterInput). */
  children: ReactNode;
  /** After the search button (a reset button, a message). */
  after?: ReactNode;
}

/** The filter bar above a list: labelled filters in a row and the search button. */
export function FilterForm<I extends FieldValues, O>({
  form,
  onSubmit,
  label,
  className,
  alertInvalid,
  children,
  after,
}: FilterFormProps<I, O>) {
  return (
    <Form
      form={form}
      className={className}
      role="search"
      aria-label={label}
      alertInvalid={alertInvalid}
      onSubmit={onSubmit}
    >
      {children}
      <button type="submit" className="btn btn-primary btn-small">
        {T.common.search}
      </button>
      {after}
    </Form>
  );
}

type Options = Readonly<Record<string, string>> | readonly { value: string | number; label: string }[];

interface FilterSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> {
  name: string;
  label: ReactNode;
  /** By value, or in the order given. */
  options: Options;
  /** The first option, for no filter (value ''). */
  all?: string;
}

/** A select of the surrounding FilterForm, with its label around it. */
export function FilterSelect({ name, label, options, all, ...select }: FilterSelectProps) {
  const { register } = useFormContext();
  const list = Array.isArray(options)
    ? (options as Exclude<Options, Readonly<Record<string, string>>>)
    : Object.entries(options).map(([value, text]) => ({ value, label: text }));
  return (
    <label>
      {label}
      <select {...register(name)} {...select}>
        {all !== undefined && <option value="">{all}</option>}
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

interface FilterInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: ReactNode;
}

/** An input of the surrounding FilterForm (a keyword, a date), with its label around it. */
export function FilterInput({ name, label, ...input }: FilterInputProps) {
  const { register } = useFormContext();
  return (
    <label>
      {label}
      <input {...input} {...register(name)} />
    </label>
  );
}
