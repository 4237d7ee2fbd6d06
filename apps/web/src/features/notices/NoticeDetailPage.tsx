import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { MSG_SHOP, type NoticeRow } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { date } from '../../shared/format';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { Loading } from '../../shared/ui/states';
import { NoticeHtml } from '../../shared/ui/NoticeHtml';
import { NoticeTypeBadge } from './NoticeListPage';
import { neighboursQuery, noticeQuery, queryFromParams, queryString } from './api';
import './notices.css';

/** A positive whole number that fits the server's id, or null. */
function parseSeq(id: string | undefined): number | null {
  if (!id || !/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/**
 * Notice detail: title, type, date, the server-sanitised HTML, and links to
 * the list and to the notices above and below it in the list the visitor came from.
 */
export function NoticeDetailPage({ mobile = false }: { mobile?: boolean }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const list = queryFromParams(params);
  const key = queryString(list);
  const seq = parseSeq(id);
  const base = pathFor('notice', mobile);
  const notice = useQuery({ ...noticeQuery(seq ?? 0), enabled: seq !== null });
  const around = useQuery({ ...neighboursQuery(seq ?? 0, list), enabled: seq !== null });

  const listLink = (
    <Link className="btn" to={base + key}>
      {T.notice.list}
    </Link>
  );
  const shell = (body: ReactNode) => (
    <section className={mobile ? 'm-page notice-board m-notice' : 'page notice-board'}>
      <header className="board-head">
        <h1 className="board-title-small">
          <Link to={base + key}>{T.notice.title}</Link>
        </h1>
      </header>
      {body}
    </section>
  );

  if (seq === null || notice.isError) {
    const message = notice.error ? messageOf(notice.error) : MSG_SHOP.noticeNotFound;
    return shell(
      <div className="notice-missing" role="alert">
        <p>{message}</p>
        <Link className="btn btn-primary" to={base}>
          {T.notice.backToList}
        </Link>
      </div>,
    );
  }

  if (!notice.data) return shell(<Loading className="notice-loading" />);
  const n = notice.data;
  const nav = around.data ?? null;
  const neighbour = (label: string, symbol: string, row: NoticeRow | null, none: string) => (
    <li className="notice-nav-row">
      <span className="notice-nav-label">
        <span aria-hidden="true">{symbol}</span> {label}
      </span>
      {row ? (
        <Link to={`${base}/${row.seq}${key}`}>{row.title}</Link>
      ) : (
        <span className="muted">{nav ? none : '…'}</span>
      )}
      {row && !mobile && <time className="muted">{date(row.created)}</time>}
    </li>
  );

  return shell(
    <article className="notice-article">
      <header className="notice-article-head">
        <NoticeTypeBadge type={n.type} />
        <h2>{n.title}</h2>
        <p className="notice-article-meta">
          {T.notice.cols.created} <time dateTime={n.created}>{date(n.created)}</time>
        </p>
      </header>
      {/* The server sanitises notice HTML with an allow-list on the way in and out. */}
      <NoticeHtml html={n.content} />
      <ul className="notice-nav" aria-label={T.notice.navLabel}>
        {neighbour(T.notice.prev, '▲', nav?.prev ?? null, T.notice.noPrev)}
        {neighbour(T.notice.next, '▼', nav?.next ?? null, T.notice.noNext)}
      </ul>
      <footer className="notice-actions">{listLink}</footer>
    </article>,
  );
}
