import type { ReactNode } from 'react';

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
  figures: ReactNode;
  children: ReactNode;
}) {
  return (
    <aside className={className} aria-label={title}>
      <h2>{title}</h2>
      <dl className="sum-list">{figures}</dl>
      {children}
    </aside>
  );
}
