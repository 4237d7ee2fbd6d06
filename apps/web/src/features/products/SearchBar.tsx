import { useEffect, useState, type FormEvent } from 'react';
import { T } from '../../shared/texts';
import type { SearchType } from './api';

export function SearchBar({
  searchType,
  keyword,
  onSearch,
  compact = false,
}: {
  searchType: SearchType;
  keyword: string;
  onSearch: (type: SearchType, keyword: string) => void;
  compact?: boolean;
}) {
  const [type, setType] = useState<SearchType>(searchType);
  const [text, setText] = useState(keyword);
  useEffect(() => {
    setType(searchType);
    setText(keyword);
  }, [searchType, keyword]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(type, text.trim().slice(0, 200));
  };
  return (
    <form className={`search-bar${compact ? ' compact' : ''}`} role="search" onSubmit={submit}>
      <select aria-label="검색 구분" value={type} onChange={(e) => setType(e.target.value as SearchType)}>
        <option value="name">{T.shop.searchName}</option>
        <option value="pid">{T.shop.searchPid}</option>
      </select>
      <input
        aria-label="검색어"
        value={text}
        maxLength={200}
        placeholder={type === 'pid' ? T.shop.searchPlaceholderPid : T.shop.searchPlaceholderName}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {T.shop.search}
      </button>
    </form>
  );
}
