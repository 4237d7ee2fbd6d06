import { useState } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { DataTable } from '../../../shared/ui/DataTable';
import { SearchForm, type Search } from '../../../shared/ui/SearchForm';
import { ListBar } from './ListBar';
import type { ListOptions, Page, RowOf, TableProps } from './list-props';
import { SectionHead } from './SectionHead';

/** The words of a searched list's screen: its title (the table's name too), intro, add button and search. */
export interface SearchedListTexts {
  title: string;
  intro: string;
  add: string;
  keywordPlaceholder: string;
  searchTypes: Record<string, string>;
}

/**
 * A screen of a searched list (addresses, accounts; docs/requirements.md#look-and-language): its
 * heading with the add button, the search bar above the list (by `searchBy`, the first chosen) and
 * paging below.
 */
export function SearchedList<D extends Page, S extends string, K extends QueryKey>({
  texts: { title, intro, add, keywordPlaceholder: placeholder, searchTypes },
  searchBy,
  query,
  size,
  idPrefix,
  onAdd,
  ...table
}: Omit<TableProps<RowOf<D>>, 'label'> & {
  texts: SearchedListTexts;
  searchBy: readonly S[];
  query: ListOptions<D, { searchType: S; searchKeyword: string; page: number; size: number }, K>;
  size: number;
  idPrefix: string;
  onAdd: () => void;
}) {
  const types = searchBy.map((t) => ({ value: t, label: searchTypes[t]! }));
  const [search, setSearch] = useState<Search<S>>({ searchType: searchBy[0]!, keyword: '' });
  const [page, setPage] = useState(1);
  const list = useQuery(query({ searchType: search.searchType, searchKeyword: search.keyword, page, size }));
  const onSearch = (s: Search<S>) => {
    setSearch(s);
    setPage(1);
  };
  return (
    <>
      <SectionHead title={title} intro={intro}>
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          {add}
        </button>
      </SectionHead>
      <ListBar total={list.data?.total ?? 0} loading={list.isFetching}>
        <SearchForm types={types} initial={search} onSearch={onSearch} placeholder={placeholder} idPrefix={idPrefix} />
      </ListBar>
      <DataTable {...table} label={title} query={list} paging={{ page, size, onPage: setPage }} />
    </>
  );
}
