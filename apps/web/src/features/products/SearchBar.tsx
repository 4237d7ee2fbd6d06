import { useEffect } from 'react';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { SearchForm } from '../../shared/ui/SearchForm';
import type { SearchType } from './api';

const TYPES = [
  { value: 'name', label: T.shop.searchName },
  { value: 'pid', label: T.shop.searchPid },
] as const;

/** The shop's search bar: by name or by part number (docs/requirements.md#shop-screens). */
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
  return (
    <SearchForm<SearchType>
      // A new search in the URL (back, forward, a link) shows in the form.
      key={`${searchType}:${keyword}`}
      types={TYPES}
      initial={{ searchType, keyword }}
      onSearch={(s) => onSearch(s.searchType, s.keyword)}
      placeholder={(type) => (type === 'pid' ? T.shop.searchPlaceholderPid : T.shop.searchPlaceholderName)}
      idPrefix={compact ? 'm-search' : 'home-search'}
      maxLength={200}
      className={`search-bar${compact ? ' compact' : ''}`}
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
