import { useState, type FormEvent, type ReactNode } from 'react';
import { T } from '../texts';
import { cutText } from '@partsmall/contract';

export interface Search<S extends string = string> {
  searchType: S;
  keyword: string;
}

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
  /**
   * The keyword's input, in place of the plain one (the shop's search bar adds its suggestions):
   * it is named 'keyword' and given this id, placeholder and maxLength.
   */
  keywordInput?: (input: KeywordInput) => ReactNode;
}

export interface KeywordInput {
  id: string;
  placeholder: string;
  maxLength: number;
}

/**
 * The search bar above every list (docs/requirements.md#look-and-language): a search-type select, the keyword and the search
 * button. The home grid, notices, addresses and accounts search with it. A plain form (no form
 * library, no schema): the home page shows it, and its keyword only needs trimming and its length
 * (the input's maxLength) kept.
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
  keywordInput = (input) => <input {...input} type="search" name="keyword" defaultValue={initial.keyword} />,
}: SearchFormProps<S>) {
  const [type, setType] = useState<S>(initial.searchType);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = new FormData(e.currentTarget);
    onSearch({
      searchType: String(values.get('searchType')) as S,
      keyword: cutText(String(values.get('keyword') ?? '').trim(), maxLength),
    });
  };
  return (
    <form className={className} role="search" noValidate onSubmit={submit}>
      <label className="sr-only" htmlFor={`${idPrefix}-type`}>
        {T.common.searchType}
      </label>
      <select
        id={`${idPrefix}-type`}
        name="searchType"
        defaultValue={initial.searchType}
        onChange={(e) => setType(e.target.value as S)}
      >
        {types.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${idPrefix}-keyword`}>
        {T.common.keyword}
      </label>
      {keywordInput({
        id: `${idPrefix}-keyword`,
        placeholder: typeof placeholder === 'function' ? placeholder(type) : placeholder,
        maxLength,
      })}
      <button type="submit" className="btn btn-primary">
        {submitLabel}
      </button>
      {onReset && initial.keyword && (
        <button type="button" className="btn" onClick={onReset}>
          {resetLabel}
        </button>
      )}
    </form>
  );
}
