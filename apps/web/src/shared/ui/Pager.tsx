import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZE } from '@partsmall/contract';
import { T } from '../texts';

interface PagerProps {
  page: number;
  total: number;
  size: number;
  /** Pages as links (lists kept in the URL) … */
  href?: (page: number) => string;
  /** … or as buttons (lists kept in the screen). */
  onPage?: (page: number) => void;
  /** Page numbers shown at once (10). */
  group?: number;
  label?: string;
}

/** The page range shown around `page`: groups of `group` numbers. */
export function pageGroup(page: number, total: number, size: number, group: number = PAGE_SIZE.pagination) {
  const last = Math.max(1, Math.ceil(total / size));
  const start = Math.floor((Math.min(Math.max(page, 1), last) - 1) / group) * group + 1;
  const end = Math.min(start + group - 1, last);
  return { last, start, end, numbers: Array.from({ length: end - start + 1 }, (_, i) => start + i) };
}

/** Page numbers in groups of 10 with first, previous group, next group and last. */
export function Pager({
  page,
  total,
  size,
  href,
  onPage,
  group = PAGE_SIZE.pagination,
  label = T.pagination.label,
}: PagerProps) {
  const { last, start, end, numbers } = pageGroup(page, total, size, group);
  if (last <= 1 && page <= 1) return null;
  const go = (to: number, content: ReactNode, props: { className: string; title?: string }) =>
    href ? (
      <Link to={href(to)} {...props}>
        {content}
      </Link>
    ) : (
      <button type="button" onClick={() => onPage?.(to)} {...props}>
        {content}
      </button>
    );
  const step = (to: number, title: string, symbol: string, disabled: boolean) => {
    const content = (
      <>
        <span aria-hidden="true">{symbol}</span>
        <span className="sr-only">{title}</span>
      </>
    );
    if (!disabled) return go(to, content, { className: 'pg-btn pg-step', title });
    return (
      <span className="pg-btn pg-step" aria-disabled="true" title={title}>
        {content}
      </span>
    );
  };
  return (
    <nav className="pagination" aria-label={label}>
      {step(1, T.pagination.first, '«', page <= 1)}
      {step(Math.max(1, start - 1), T.pagination.prevGroup, '‹', start === 1)}
      {numbers.map((n) =>
        n === page ? (
          <span key={n} className="pg-btn pg-current" aria-current="page">
            {n}
          </span>
        ) : (
          <Fragment key={n}>
            {go(
              n,
              <>
                {n}
                <span className="sr-only">{T.pagination.pageSuffix}</span>
              </>,
              { className: 'pg-btn' },
            )}
          </Fragment>
        ),
      )}
      {step(Math.min(last, end + 1), T.pagination.nextGroup, '›', end >= last)}
      {step(last, T.pagination.last, '»', page >= last)}
    </nav>
  );
}
