import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG_ORDER } from '@partsmall/contract';
import { managementPath, useMobile } from '../paths';

/** One row of a summary list: its term and its value, with their classes and the value's test id. */
export interface Figure {
  term: ReactNode;
  value: ReactNode;
  termClassName?: string;
  valueClassName?: string;
  testId?: string;
}

/** A row shown only when its condition holds: `cond && { … }`. */
export type MaybeFigure = Figure | false;

/** Figures as terms and values (`dl.sum-list`, beside a list of goods or after an order); false rows are left out. */
export function Figures({ rows, className }: { rows: readonly MaybeFigure[]; className?: string }) {
  return (
    <dl className={className ? `sum-list ${className}` : 'sum-list'}>
      {rows.map(
        (f, i) =>
          f && (
            <Fragment key={i}>
              <dt className={f.termClassName}>{f.term}</dt>
              <dd className={f.valueClassName} data-testid={f.testId}>
                {f.value}
              </dd>
            </Fragment>
          ),
      )}
    </dl>
  );
}

/**
 * The summary beside a list of goods (the cart, checkout): its title, the figures as terms and
 * values, then what follows them (a warning, the button).
 */
export function SummaryBox({
  className,
  title,
  figures,
  children,
}: {
  className: string;
  title: string;
  figures: readonly MaybeFigure[];
  children: ReactNode;
}) {
  return (
    <aside className={className} aria-label={title}>
      <h2>{title}</h2>
      <Figures rows={figures} />
      {children}
    </aside>
  );
}

/** The cash is short of what the goods cost: by how much, and the link to charge it (`label`) in this layout. */
export function ShortOfCash({ by, label }: { by: number; label: string }) {
  const mobile = useMobile();
  return (
    <p className="short-warning" role="alert">
      {MSG_ORDER.shortBy(by)} <Link to={managementPath('chargeCash', mobile)}>{label}</Link>
    </p>
  );
}
