import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { SearchForm } from '../../shared/ui/SearchForm';
import { useSuggestions, type SearchType, type Suggestion } from './api';
import './products.css';

const TYPES = [
  { value: 'name', label: T.shop.searchName },
  { value: 'pid', label: T.shop.searchPid },
] as const;

/**
 * The shop's search bar: by name or by part number (docs/requirements.md#shop-screens), with
 * suggestions while typing (docs/search.md#korean-name-search): a combobox whose list offers up to 8
 * products and the matching categories, chosen with the arrow keys and Enter or a tap. A product
 * chosen is searched by its part number, a category shows that category's list.
 */
export function SearchBar({
  searchType,
  keyword,
  onSearch,
  onCategory,
  compact = false,
}: {
  searchType: SearchType;
  keyword: string;
  onSearch: (type: SearchType, keyword: string) => void;
  onCategory: (key: string) => void;
  compact?: boolean;
}) {
  // A new search in the URL (back, forward, a link) shows in the form.
  return (
    <SearchBarForm
      key={`${searchType}:${keyword}`}
      searchType={searchType}
      keyword={keyword}
      onSearch={onSearch}
      onCategory={onCategory}
      compact={compact}
    />
  );
}

function SearchBarForm({
  searchType,
  keyword,
  onSearch,
  onCategory,
  compact,
}: {
  searchType: SearchType;
  keyword: string;
  onSearch: (type: SearchType, keyword: string) => void;
  onCategory: (key: string) => void;
  compact: boolean;
}) {
  const listId = `${useId()}-suggestions`;
  const [text, setText] = useState(keyword);
  // What suggestions are asked for: the text as it stood when the IME was not composing a syllable
  // (docs/search.md#suggestions), so '브렝' or '브레잌' on the way to 브레이크 are never sent.
  const [committed, setCommitted] = useState(keyword);
  const composing = useRef(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useSuggestions(open ? committed : '');
  const shown = open && options.length > 0;

  const choose = (o: Suggestion) => {
    setOpen(false);
    if (o.kind === 'product') onSearch('pid', o.pid);
    else onCategory(o.key);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!shown) return setOpen(true);
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 (the typed text) and the options, round and round.
      setActive((i) => ((i + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (e.key === 'Enter' && shown && active >= 0 && active < options.length) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
    }
  };
  // A new list starts with nothing chosen.
  useEffect(() => setActive(-1), [options]);

  return (
    <SearchForm
      types={TYPES}
      initial={{ searchType, keyword }}
      idPrefix={compact ? 'm-search' : 'home-search'}
      maxLength={200}
      className={`search-bar${compact ? ' compact' : ''}`}
      placeholder={(type) => (type === 'pid' ? T.shop.searchPlaceholderPid : T.shop.searchPlaceholderName)}
      onSearch={(search) => {
        setOpen(false);
        onSearch(search.searchType, search.keyword);
      }}
      keywordInput={(input) => (
        <div className="suggest-box">
          <input
            {...input}
            type="search"
            name="keyword"
            value={text}
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 && active < options.length ? `${listId}-${active}` : undefined}
            aria-describedby={`${listId}-hint`}
            onChange={(e) => {
              setText(e.target.value);
              if (!composing.current && !(e.nativeEvent as InputEvent).isComposing) setCommitted(e.target.value);
              setOpen(true);
            }}
            onCompositionStart={() => {
              composing.current = true;
            }}
            onCompositionEnd={(e) => {
              composing.current = false;
              setCommitted(e.currentTarget.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
          <span id={`${listId}-hint`} className="sr-only">
            {T.shop.suggestHint}
          </span>
          <ul id={listId} role="listbox" aria-label={T.shop.suggestions} className="suggest-list" hidden={!shown}>
            {shown &&
              options.map((o, i) => (
                <li
                  key={o.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'active' : undefined}
                  // Chosen on mouse down, before the input's blur closes the list.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(o);
                  }}
                >
                  {o.kind === 'product' ? (
                    <>
                      <span className="suggest-name">{o.name}</span> <span className="suggest-pid">{o.pid}</span>
                      {o.reason && <span className="suggest-reason"> · {o.reason}</span>}
                    </>
                  ) : (
                    <>
                      <span className="suggest-kind">{T.shop.suggestCategory}</span>{' '}
                      <span className="suggest-name">{o.label}</span>
                    </>
                  )}
                </li>
              ))}
          </ul>
        </div>
      )}
    />
  );
}

/** A search without result says so ('검색된 정보가 없습니다.'). */
export function useNoResultAlert(keyword: string, firstCount: number | null) {
  const notify = useNotify();
  useEffect(() => {
    if (keyword && firstCount === 0) void notify.alert(T.common.empty);
  }, [keyword, firstCount, notify]);
}
