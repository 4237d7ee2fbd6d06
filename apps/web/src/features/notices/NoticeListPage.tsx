import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NOTICE_TYPES, PAGE_SIZE, type NoticeRow } from '@partsmall/contract';
import { date } from '../../shared/format';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { SearchForm } from '../../shared/ui/SearchForm';
import { Spinner } from '../../shared/ui/states';
import {
  NOTICE_SEARCH_TYPES,
  NOTICE_TYPE_KEYS,
  noticeListQuery,
  queryFromParams,
  queryString,
  type NoticeQuery,
  type NoticeSearchType,
} from './api';
import { TN } from './texts';
import './notices.css';

export function NoticeTypeBadge({ type }: { type: number }) {
  return <span className={`pill notice-type notice-type-${type}`}>{NOTICE_TYPES[type] ?? NOTICE_TYPES[0]}</span>;
}

const SEARCH_TYPES = NOTICE_SEARCH_TYPES.map((s) => ({ value: s, label: T.notice.searchTypes[s] }));

/** Notice list: search, type tabs, 20 a page, page numbers in tens. */
export function NoticeListPage({ mobile = false }: { mobile?: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = queryFromParams(params);
  const base = pathFor('notice', mobile);
  const key = queryString(query);
  const list = useQuery(noticeListQuery(query));
  // While another page loads, the previous one stays (dimmed) with its own numbers.
  const loading = list.isFetching;
  const total = list.data?.total ?? 0;
  const shownPage = list.isPlaceholderData ? null : query.page;
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE.notice));
  // The answer for this very page (not the previous one kept on screen) has no rows though there are
  // notices: the page is past the last, which says so rather than '검색된 정보가 없습니다.'.
  const pastEnd = list.isSuccess && !list.isPlaceholderData && total > 0 && query.page > last;
  const go = (q: Partial<NoticeQuery>) => navigate(base + queryString({ ...query, page: 1, ...q }));
  const detail = (seq: number) => `${base}/${seq}${key}`;

  const columns: Column<NoticeRow>[] = [
    {
      id: 'no',
      header: T.notice.cols.no,
      colClassName: 'col-no',
      className: 'num',
      cell: (_, i) => total - ((shownPage ?? query.page) - 1) * PAGE_SIZE.notice - i,
    },
    {
      id: 'type',
      header: T.notice.cols.type,
      colClassName: 'col-type',
      className: 'center',
      cell: (r) => <NoticeTypeBadge type={r.type} />,
    },
    {
      id: 'title',
      header: T.notice.cols.title,
      className: 'title-cell',
      cell: (r) => <Link to={detail(r.seq)}>{r.title}</Link>,
    },
    {
      id: 'created',
      header: T.notice.cols.created,
      colClassName: 'col-date',
      className: 'center date',
      cell: (r) => <time dateTime={r.created}>{date(r.created)}</time>,
      sortValue: (r) => r.created,
    },
  ];

  return (
    <section className={mobile ? 'm-page notice-board m-notice m-board' : 'page notice-board'}>
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
            {total > 0 && !pastEnd && <span className="board-pages"> · {T.notice.pageOf(query.page, last)}</span>}
          </span>
          {loading && <Spinner label={T.common.loading} />}
        </p>
        <SearchForm<NoticeSearchType>
          // The form follows the URL when the visitor goes back or forward.
          key={`${query.searchType}:${query.keyword}`}
          types={SEARCH_TYPES}
          initial={{ searchType: query.searchType, keyword: query.keyword }}
          onSearch={(s) => go(s)}
          onReset={() => go({ keyword: '' })}
          placeholder={T.notice.keywordPlaceholder}
          idPrefix="notice-search"
          maxLength={200}
        />
      </div>

      {pastEnd ? (
        <div className="notice-missing" role="status">
          <p>{TN.pastEnd(query.page, last, query.keyword !== '')}</p>
          <Link className="btn btn-primary" to={base + queryString({ ...query, page: 1 })}>
            {TN.firstPage}
          </Link>
        </div>
      ) : (
        <DataTable
          columns={columns}
          query={list}
          rowKey={(r) => r.seq}
          label={T.notice.title}
          rowClassName={(r) => (r.type === 0 ? 'row-notice' : undefined)}
          paging={{
            page: query.page,
            total,
            size: PAGE_SIZE.notice,
            href: (p) => base + queryString({ ...query, page: p }),
          }}
          cardsClassName="data-cards m-notice-list"
          cardClassName=""
          card={(r) => (
            <Link to={detail(r.seq)}>
              <span className="m-notice-meta">
                <NoticeTypeBadge type={r.type} />
                <time dateTime={r.created}>{date(r.created)}</time>
              </span>
              <span className="m-notice-title">{r.title}</span>
            </Link>
          )}
        />
      )}
    </section>
  );
}
