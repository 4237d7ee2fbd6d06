import { Link } from 'react-router';
import { PAGE_SIZE } from '@partsmall/contract';
import { T } from '../../shared/texts';

interface Props {
  page: number;
  total: number;
  size: number;
  /** Link target of a page number. */
  href: (page: number) => string;
  /** Page numbers shown at once (spec 1 §9: 10). */
  group?: number;
}

/** Page numbers in groups of 10 with first, previous group, next group and last. */
export function Pagination({ page, total, size, href, group = PAGE_SIZE.pagination }: Props) {
  const last = Math.max(1, Math.ceil(total / size));
  if (total <= size && page <= 1) return null;
  const start = Math.floor((Math.min(page, last) - 1) / group) * group + 1;
  const end = Math.min(start + group - 1, last);
  const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const step = (to: number, label: string, symbol: string, disabled: boolean) =>
    disabled ? (
      <span className="pg-btn pg-step" aria-disabled="true" title={label}>
        <span aria-hidden="true">{symbol}</span>
        <span className="sr-only">{label}</span>
      </span>
    ) : (
      <Link className="pg-btn pg-step" to={href(to)} title={label}>
        <span aria-hidden="true">{symbol}</span>
        <span className="sr-only">{label}</span>
      </Link>
    );
  return (
    <nav className="pagination" aria-label={T.pagination.label}>
      {step(1, T.pagination.first, '«', page <= 1)}
      {step(Math.max(1, start - 1), T.pagination.prevGroup, '‹', start === 1)}
      {numbers.map((n) =>
        n === page ? (
          <span key={n} className="pg-btn pg-current" aria-current="page">
            {n}
          </span>
        ) : (
          <Link key={n} className="pg-btn" to={href(n)} aria-label={T.pagination.page(n)}>
            {n}
          </Link>
        ),
      )}
      {step(Math.min(last, end + 1), T.pagination.nextGroup, '›', end >= last)}
      {step(last, T.pagination.last, '»', page >= last)}
    </nav>
  );
}
