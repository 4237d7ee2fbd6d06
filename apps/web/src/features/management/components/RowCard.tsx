import type { ReactNode } from 'react';
import '../management.css';

/**
 * A member-area list's row as a phone's card (the `card` of RangedList and SearchedList): the head
 * line with its two ends, the card's title, then the card's own lines.
 */
export function RowCard({
  start,
  end,
  title,
  children,
}: {
  start: ReactNode;
  end: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className="mg-card-head">
        {start}
        {end}
      </div>
      <p className="mg-card-title">{title}</p>
      {children}
    </>
  );
}
