import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { T } from '../texts';
import { Form, useZodForm } from './form';

export interface Search<S extends string = string> {
  searchType: S;
  keyword: string;
}

const searchSchema = z.object({ searchType: z.string(), keyword: z.string().trim().max(200) });

interface SearchFormProps<S extends string> {
  /** The search types offered in the select, in order, with their labels. */
  types: readonly { value: S; label: string }[];
  /** The search shown when the form opens; give the form a key to show another. */
  initial: Search<S>;
  onSearch: (search: Search<S>) => void;
  /** A reset button, shown while a keyword is searched. */
  onReset?: () => void;
  resetLabel?: string;
  /** The keyword's placeholder, by search type. */
  placeholder: string | ((type: S) => string);
  /** Prefix of the two inputs' ids. */
  idPrefix: string;
  maxLength?: number;
  className?: string;
  submitLabel?: string;
}

/**
 * The search bar above every list (UI.md): a search-type select, the keyword and the search
 * button. The home grid, notices, addresses and accounts search with it.
 */
export function SearchForm<S extends string>({
  types,
  initial,
  onSearch,
  onReset,
  resetLabel = T.notice.reset,
  placeholder,
  idPrefix,
  maxLength = 50,
  className = 'board-search',
  submitLabel = T.common.search,
}: SearchFormProps<S>) {
  const form = useZodForm(searchSchema, initial);
  const type = useWatch({ control: form.control, name: 'searchType' }) as S;
  return (
    <Form form={form} className={className} role="search" onSubmit={(v) => onSearch({ searchType: v.searchType as S, keyword: v.keyword.slice(0, maxLength) })}>
      <label className="sr-only" htmlFor={`${idPrefix}-type`}>
        {T.common.searchType}
      </label>
      <select id={`${idPrefix}-type`} {...form.register('searchType')}>
        {types.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${idPrefix}-keyword`}>
        {T.common.keyword}
      </label>
      <input
        id={`${idPrefix}-keyword`}
        type="search"
        maxLength={maxLength}
        placeholder={typeof placeholder === 'function' ? placeholder(type) : placeholder}
        {...form.register('keyword')}
      />
      <button type="submit" className="btn btn-primary">
        {submitLabel}
      </button>
      {onReset && initial.keyword && (
        <button type="button" className="btn" onClick={onReset}>
          {resetLabel}
        </button>
      )}
    </Form>
  );
}
