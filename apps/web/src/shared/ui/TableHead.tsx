import type { ReactNode } from 'react';

/** A column header: its name, or the name with the column's class (and a name for screen readers only). */
export type HeadCell = ReactNode | { label?: ReactNode; className?: string; ariaLabel?: string };

const isCell = (c: HeadCell): c is { label?: ReactNode; className?: string; ariaLabel?: string } =>
  typeof c === 'object' && c !== null && !('$$typeof' in c) && !Array.isArray(c);

/** The head of a table drawn by hand (the catalogue's parts, the cart, an order's lines): one header a column. */
export function TableHead({ cells }: { cells: readonly HeadCell[] }) {
  return (
    <thead>
      <tr>
        {cells.map((c, i) =>
          isCell(c) ? (
            <th key={i} scope="col" className={c.className} aria-label={c.ariaLabel}>
              {c.label}
            </th>
          ) : (
            <th key={i} scope="col">
              {c}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
