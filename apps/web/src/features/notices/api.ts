import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PAGE_SIZE,
  cutText,
  type NoticeRow,
  type noticeDetailAnswer,
  type noticeListAnswer,
} from '@partsmall/contract';
import { api } from '../../shared/api';

export const NOTICE_SEARCH_TYPES = ['title', 'content', 'all'] as const;
export type NoticeSearchType = (typeof NOTICE_SEARCH_TYPES)[number];
export const NOTICE_TYPE_KEYS = [0, 2, 3] as const;
/** The highest page number the list call takes (docs/requirements.md#validation); one above reads as no page number. */
const PAGE_MAX = 100_000;

/** The list the visitor is looking at; kept in the URL so that back, reload and links keep it. */
export interface NoticeQuery {
  searchType: NoticeSearchType;
  keyword: string;
  type: number | null;
  page: number;
}

export function queryFromParams(params: URLSearchParams): NoticeQuery {
  const st = params.get('searchType');
  const type = Number(params.get('type'));
  const page = Number(params.get('page'));
  return {
    searchType: (NOTICE_SEARCH_TYPES as readonly string[]).includes(st ?? '') ? (st as NoticeSearchType) : 'title',
    keyword: cutText(params.get('keyword') ?? '', 200),
    type: params.has('type') && (NOTICE_TYPE_KEYS as readonly number[]).includes(type) ? type : null,
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
}

/** Query string of a list state; defaults are left out so that plain /notice stays plain. */
export function queryString(q: Partial<NoticeQuery>): string {
  const p = new URLSearchParams();
  if (q.keyword) {
    p.set('searchType', q.searchType ?? 'title');
    p.set('keyword', q.keyword);
  }
  if (q.type !== null && q.type !== undefined) p.set('type', String(q.type));
  if (q.page && q.page > 1) p.set('page', String(q.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** POST api/getMallNotice (list): searchType, searchKeyword, type, page, size. */
function fetchNotices(q: NoticeQuery, size: number, signal?: AbortSignal) {
  // The call answers a list for a search and one notice for a seq: this is the list form.
  return api(
    'getMallNotice',
    {
      searchType: q.keyword ? q.searchType : '',
      searchKeyword: q.keyword,
      ...(q.type !== null ? { type: q.type } : {}),
      page: q.page,
      size,
    },
    { signal, accept: [200] },
  ) as Promise<z.infer<typeof noticeListAnswer>>;
}

export const noticeKeys = {
  all: ['notices'] as const,
  list: (q: NoticeQuery, size: number) => ['notices', 'list', q, size] as const,
  one: (seq: number) => ['notices', 'one', seq] as const,
  around: (seq: number, q: NoticeQuery) => ['notices', 'around', seq, q] as const,
};

/** A page of the list; the previous page stays on screen while the next one loads. */
export const noticeListQuery = (q: NoticeQuery, size: number = PAGE_SIZE.notice) =>
  queryOptions({
    queryKey: noticeKeys.list(q, size),
    queryFn: ({ signal }) => fetchNotices(q, size, signal),
    placeholderData: keepPreviousData,
  });

/** POST api/getMallNotice (detail): seq. */
export const noticeQuery = (seq: number) =>
  queryOptions({
    queryKey: noticeKeys.one(seq),
    queryFn: ({ signal }) =>
      api('getMallNotice', { seq }, { signal, accept: [200] }).then(
        (a) => (a as z.infer<typeof noticeDetailAnswer>).results,
      ),
  });

export interface Neighbours {
  /** The row above in the list (newer). */
  prev: NoticeRow | null;
  /** The row below in the list (older). */
  next: NoticeRow | null;
}

const SCAN_SIZE = PAGE_SIZE.max;
const SCAN_PAGES = 10;

/**
 * The notices above and below `seq` in the list the visitor came from (same search and type),
 * read in pages of 100; a notice not in that list gets no neighbours.
 */
export async function findNeighbours(seq: number, q: NoticeQuery, signal?: AbortSignal): Promise<Neighbours> {
  let before: NoticeRow | null = null;
  for (let page = 1; page <= SCAN_PAGES; page++) {
    const { results: rows, total } = await fetchNotices({ ...q, page }, SCAN_SIZE, signal);
    const i = rows.findIndex((r) => r.seq === seq);
    if (i >= 0) {
      const prev = i > 0 ? rows[i - 1]! : before;
      let next = rows[i + 1] ?? null;
      if (!next && page * SCAN_SIZE < total)
        next = (await fetchNotices({ ...q, page: page + 1 }, SCAN_SIZE, signal)).results[0] ?? null;
      return { prev, next };
    }
    if (rows.length < SCAN_SIZE) break;
    before = rows[rows.length - 1] ?? null;
  }
  return { prev: null, next: null };
}

export const neighboursQuery = (seq: number, q: NoticeQuery) =>
  queryOptions({
    queryKey: noticeKeys.around(seq, q),
    queryFn: ({ signal }) => findNeighbours(seq, q, signal).catch((): Neighbours => ({ prev: null, next: null })),
  });
