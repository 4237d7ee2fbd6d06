import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MSG_SHOP } from '@partsmall/contract';
import { seoulDate } from '../../shared/date';
import { T } from '../../shared/texts';
import { fetchNeighbours, fetchNotice, queryFromParams, queryString, type DetailResult, type Neighbours, type NoticeRow } from './api';
import { NoticeTypeBadge } from './NoticeListPage';

/** A positive whole number that fits the server's id, or null. */
function parseSeq(id: string | undefined): number | null {
  if (!id || !/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/**
 * Notice detail (spec 1 §2 Notices): title, type, date, the server-sanitised HTML, and links to
 * the list and to the notices above and below it in the list the visitor came from.
 */
export function NoticeDetailPage({ mobile = false }: { mobile?: boolean }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const key = queryString(queryFromParams(params));
  const seq = parseSeq(id);
  const base = mobile ? '/noticem' : '/notice';

  const [result, setResult] = useState<(DetailResult & { seq: number }) | null>(null);
  const [around, setAround] = useState<(Neighbours & { seq: number }) | null>(null);
  useEffect(() => {
    if (seq === null) return;
    let live = true;
    void fetchNotice(seq).then((r) => live && setResult({ ...r, seq }));
    void fetchNeighbours(seq, queryFromParams(new URLSearchParams(key))).then((n) => live && setAround({ ...n, seq }));
    return () => {
      live = false;
    };
  }, [seq, key]);

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

  if (seq === null || (result?.seq === seq && result.error !== null)) {
    const message = seq === null ? MSG_SHOP.noticeNotFound : (result?.error ?? MSG_SHOP.noticeNotFound);
    return shell(
      <div className="notice-missing" role="alert">
        <p>{message}</p>
        <Link className="btn btn-primary" to={base}>
          {T.notice.backToList}
        </Link>
      </div>,
    );
  }

  const notice = result?.seq === seq ? result.notice : null;
  if (!notice) {
    return shell(
      <div className="notice-loading" aria-busy="true">
        <span className="spinner" aria-label={T.common.loading} />
      </div>,
    );
  }

  const nav = around?.seq === seq ? around : null;
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
      {row && !mobile && <time className="muted">{seoulDate(row.created)}</time>}
    </li>
  );

  return shell(
    <article className="notice-article">
      <header className="notice-article-head">
        <NoticeTypeBadge type={notice.type} />
        <h2>{notice.title}</h2>
        <p className="notice-article-meta">
          {T.notice.cols.created} <time dateTime={notice.created}>{seoulDate(notice.created)}</time>
        </p>
      </header>
      {/* The server sanitises notice HTML with an allow-list on the way in and out. */}
      <div className="notice-content" dangerouslySetInnerHTML={{ __html: notice.content }} />
      <ul className="notice-nav" aria-label={T.notice.navLabel}>
        {neighbour(T.notice.prev, '▲', nav?.prev ?? null, T.notice.noPrev)}
        {neighbour(T.notice.next, '▼', nav?.next ?? null, T.notice.noNext)}
      </ul>
      <footer className="notice-actions">{listLink}</footer>
    </article>,
  );
}
