import { Fragment, type HTMLAttributes, type ReactNode } from 'react';

/** One fact of a detail list: its label and its value; the other props go on the value's element. */
export interface Detail extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  label: ReactNode;
  value: ReactNode;
  'data-testid'?: string;
}

/** Facts as label and value pairs (a definition list); a fact given as false is left out. */
export function DetailList({ items, className }: { items: (Detail | false | null | undefined)[]; className?: string }) {
  return (
    <dl className={className}>
      {items.map((item, i) => {
        if (!item) return null;
        const { label, value, ...rest } = item;
        return (
          <Fragment key={i}>
            <dt>{label}</dt>
            <dd {...rest}>{value}</dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
