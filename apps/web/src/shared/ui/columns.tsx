import type { ReactNode } from 'react';
import { dateTime } from '../format';
import type { Column } from './DataTable';

/**
 * A column of when something happened (YYYY.MM.DD HH:mm in Seoul unless `format` says otherwise),
 * centred; `sort` gives it a sort button, `time` marks the value up as a <time>.
 */
export function dateColumn<R>(
  id: string,
  header: ReactNode,
  at: (row: R) => string,
  opts: { width?: number; className?: string; sort?: boolean; time?: boolean; format?: (iso: string) => string } = {},
): Column<R> {
  const { width = 130, className = 'center date', sort = false, time = false, format = dateTime } = opts;
  return {
    id,
    header,
    width,
    className,
    sortValue: sort ? at : undefined,
    cell: (r) => (time ? <time dateTime={at(r)}>{format(at(r))}</time> : format(at(r))),
  };
}

/** A column of a text that may be long: cut with an ellipsis, the whole of it as the tooltip. */
export function ellipsisColumn<R>(id: string, header: ReactNode, text: (row: R) => string): Column<R> {
  return { id, header, className: 'ellipsis', title: text, cell: text };
}
