import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NOTICE_TYPES, PAGE_SIZE } from '@partsmall/contract';
import { seoulDate } from '../../shared/date';
import { T } from '../../shared/texts';
import { NOTICE_SEARCH_TYPES, NOTICE_TYPE_KEYS, fetchNotices, queryFromParams, queryString, type ListResult, type NoticeQuery } from './api';
import { Pagination } from './Pagination';

export function NoticeTypeBadge({ type }: { type: number }) {
  return <span className={`notice-type notice-type-${type}`}>{NOTICE_TYPES[type] ?? NOTICE_TYPES[0]}</span>;
}

/** Notice list (spec 1 §2 Notices): search, type tabs, 20 a page, page numbers in tens. */
export function NoticeListPage({ mobile = false }: { mobile?: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = queryFromParams(params);
  const base = mobile ? '/noticem' : '/notice';
  const key = queryString(query);

  const [result, setResult] = useState<(ListResult & { key: string; page: number }) | null>(null);
  useEffect(() => {
    let live = true;
    const q = queryFromParams(new URLSearchParams(key));
    void fetchNotices(q).then((r) => {
      if (live) setResult({ ...r, key, page: q.page });
    });
    return () => {
      live = false;
    };
  }, [key]);
  const loading = result?.key !== key;

  const go = (q: Partial<NoticeQuery>) => navigate(base + queryString({ ...query, page: 1, ...q }));

  const [searchType, setSearchType] = useState(query.searchType);
  const [keyword, setKeyword] = useState(query.keyword);
  // The form follows the URL when the visitor goes back or forward.
  useEffect(() => {
    setSearchType(query.searchType);
    setKeyword(query.keyword);
  }, [query.searchType, query.keyword]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    go({ searchType, keyword: keyword.trim() });
  };

  const rows = result?.rows ?? [];
  const total = result?.total ?? 0;
  const shownPage = result?.page ?? 1;
  const detail = (seq: number) => `${base}/${seq}${key}`;

  return (
    <section className={mobile ? 'm-page notice-board m-notice' : 'page notice-board'}>
      <header className="board-head">
        <h1>{T.notice.title}</h1>
        {!mobile && <p className="board-intro">{T.notice.intro}</p>}
      </header>

      <div className="notice-tabs" role="group" aria-label={T.notice.tabs}>
        {[null, ...NOTICE_TYPE_KEYS].map((t) => (
          <button
            key={t ?? 'all'}
            type="button"
            className={`notice-tab${query.type === t ? ' active' : ''}`}
            aria-pressed={query.type === t}
            onClick={() => go({ type: t })}
          >
            {t === null ? T.notice.all : NOTICE_TYPES[t]}
          </button>
        ))}
      </div>

      <div className="board-toolbar">
        <p className="board-summary" aria-live="polite">
          {query.keyword && <span className="board-for">{T.notice.resultFor(query.keyword)}</span>}
          <span>
            {T.notice.total(total)}
            {total > 0 && (
              <span className="board-pages"> · {T.notice.pageOf(query.page, Math.max(1, Math.ceil(total / PAGE_SIZE.notice)))}</span>
            )}
          </span>
          {loading && <span className="spinner" aria-label={T.common.loading} />}
        </p>
        <form className="board-search" role="search" onSubmit={search}>
          <label className="sr-only" htmlFor="notice-search-type">
            {T.notice.searchType}
          </label>
          <select id="notice-search-type" value={searchType} onChange={(e) => setSearchType(e.target.value as NoticeQuery['searchType'])}>
            {NOTICE_SEARCH_TYPES.map((s) => (
              <option key={s} value={s}>
                {T.notice.searchTypes[s]}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="notice-keyword">
            {T.notice.keyword}
          </label>
          <input
            id="notice-keyword"
            type="search"
            value={keyword}
            maxLength={200}
            placeholder={T.notice.keywordPlaceholder}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {T.notice.search}
          </button>
          {query.keyword && (
            <button type="button" className="btn" onClick={() => go({ keyword: '' })}>
              {T.notice.reset}
            </button>
          )}
        </form>
      </div>

      {result?.error && !loading && (
        <p className="notice-warn" role="alert">
          {result.error}
        </p>
      )}

      {mobile ? (
        <ul className="m-notice-list" aria-busy={loading}>
          {rows.map((r) => (
            <li key={r.seq}>
              <Link to={detail(r.seq)}>
                <span className="m-notice-meta">
                  <NoticeTypeBadge type={r.type} />
                  <time dateTime={r.created}>{seoulDate(r.created)}</time>
                </span>
                <span className="m-notice-title">{r.title}</span>
              </Link>
            </li>
          ))}
          {!loading && rows.length === 0 && <li className="empty-row">{T.common.empty}</li>}
        </ul>
      ) : (
        <table className="board-table" aria-busy={loading}>
          <colgroup>
            <col className="col-no" />
            <col className="col-type" />
            <col />
            <col className="col-date" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{T.notice.cols.no}</th>
              <th scope="col">{T.notice.cols.type}</th>
              <th scope="col">{T.notice.cols.title}</th>
              <th scope="col">{T.notice.cols.created}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.seq} className={r.type === 0 ? 'row-notice' : undefined}>
                <td className="num">{total - (shownPage - 1) * PAGE_SIZE.notice - i}</td>
                <td className="center">
                  <NoticeTypeBadge type={r.type} />
                </td>
                <td className="title-cell">
                  <Link to={detail(r.seq)}>{r.title}</Link>
                </td>
                <td className="center date">
                  <time dateTime={r.created}>{seoulDate(r.created)}</time>
                </td>
              </tr>
            ))}
            {!loading && rows.length === 0 && (
              <tr>
                <td colSpan={4} className="empty-row">
                  {T.common.empty}
                </td>
              </tr>
            )}
            {loading && rows.length === 0 && (
              <tr>
                <td colSpan={4} className="empty-row">
                  {T.common.loading}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}

      <Pagination page={query.page} total={total} size={PAGE_SIZE.notice} href={(p) => base + queryString({ ...query, page: p })} />
    </section>
  );
}
