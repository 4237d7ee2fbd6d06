import { describe, expect, it } from 'vitest';
import { queryFromParams, queryString } from './api';

describe('notice list state in the URL', () => {
  it('reads defaults from an empty query and writes them back as nothing', () => {
    const q = queryFromParams(new URLSearchParams(''));
    expect(q).toEqual({ searchType: 'title', keyword: '', type: null, page: 1 });
    expect(queryString(q)).toBe('');
  });

  it('keeps a search, a type and a page through a round trip', () => {
    const q = queryFromParams(new URLSearchParams('searchType=content&keyword=%EB%B0%98%ED%92%88&type=3&page=4'));
    expect(q).toEqual({ searchType: 'content', keyword: '반품', type: 3, page: 4 });
    expect(queryFromParams(new URLSearchParams(queryString(q)))).toEqual(q);
  });

  it('drops values the list does not know', () => {
    expect(queryFromParams(new URLSearchParams('searchType=evil&type=1&page=-2'))).toEqual({
      searchType: 'title',
      keyword: '',
      type: null,
      page: 1,
    });
    expect(queryFromParams(new URLSearchParams('page=1.5')).page).toBe(1);
    // The search type only travels with a keyword.
    expect(queryString({ searchType: 'all', keyword: '', type: 0, page: 2 })).toBe('?type=0&page=2');
  });
});
