import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type OnChangeFn,
  type SortingState,
} from '@tanstack/react-table';
import { messageOf } from '../api';
import { useMobile } from '../paths';
import { T } from '../texts';
import { Pager } from './Pager';
import { listState } from './states';

/** One column: its header, its cell, and optionally the value it sorts by. */
export interface Column<R> {
  id: string;
  header: ReactNode;
  cell: (row: R, index: number) => ReactNode;
  /** A column with a sort value gets a sort button in its header. */
  sortValue?: (row: R) => string | number;
  /** Class of the column's cells ('center', 'money', 'num', 'date', 'ellipsis'). */
  className?: string;
  /** Column width in px, or a class of the col element. */
  width?: number;
  /**
   * For a column without a width, the least it keeps (px) in a table that scrolls sideways; default
   * FLEXIBLE_COLUMN_MIN. A list whose columns would not fit a 1280 px window at the default gives its
   * free-text ones less (docs/requirements.md#look-and-language).
   */
  minWidth?: number;
  colClassName?: string;
  /** A title (tooltip) for the cell. */
  title?: (row: R) => string | undefined;
}

export interface Paging {
  page: number;
  /** Default: the total of the query the table shows. */
  total?: number;
  size: number;
  onPage?: (page: number) => void;
  href?: (page: number) => string;
  /** The server sorts the list across its pages: the table sorts nothing itself (ServerSorting). */
  sorting?: ServerSorting;
}

/** A sort the server applies: a column's id and a direction. */
export interface ListSort {
  by: string;
  dir: 'asc' | 'desc';
}

/**
 * The sort of a list the server pages (docs/requirements.md#back-office): only the columns whose ids
 * are in `keys` (the call's whitelist) get a sort button, a click asks the server (`onSort`, which goes
 * back to the first page), ascending first, then descending, then the list's own order (undefined).
 */
export interface ServerSorting {
  keys: readonly string[];
  sort: ListSort | undefined;
  onSort: (sort: ListSort | undefined) => void;
}

/** A query of a page answer (`{ results, total }`), as useQuery gives it. */
export interface PageQuery<R> {
  data?: { results: R[]; total?: number };
  isFetching: boolean;
  error: unknown;
}

interface DataTableProps<R> {
  columns: Column<R>[];
  /** The rows, or the query that reads them (rows, total, loading and error come from it). */
  rows?: R[];
  query?: PageQuery<R>;
  /** Default: the row's seq. */
  rowKey?: (row: R) => string | number;
  /** The table's accessible name. */
  label: string;
  loading?: boolean;
  error?: string | null;
  emptyText?: string;
  className?: string;
  rowClassName?: (row: R) => string | undefined;
  rowTestId?: string;
  /** The server pages the list: the pager below asks for other pages. */
  paging?: Paging;
  /** The table pages the rows it was given, this many a page. */
  pageSize?: number;
  /** On phones (the mobile layout) each row is a card of this content (one column). */
  card?: (row: R) => ReactNode;
  /** Classes of the card list and of each card. */
  cardsClassName?: string;
  cardClassName?: string;
  /**
   * The narrowest the table draws (px): columns whose widths add up to more than the page gives
   * scroll sideways inside the table's box, and the columns without a width keep room for their text.
   * Where tables scroll sideways (SideScrollTables), by default the columns' widths with each
   * column's `minWidth` (FLEXIBLE_COLUMN_MIN unless set) for each column without one.
   */
  minWidth?: number;
}

/**
 * Set where every table keeps all its columns and scrolls sideways in its own box when it is wider than
 * the page (the back office, whose tables are wider than a phone), as a table with `minWidth` does.
 */
export const SideScrollTables = createContext(false);

/**
 * What a column without a width keeps at least (px) in a table that scrolls sideways: in a fixed
 * layout the columns with widths took a phone's whole width and the name column drew 0 px wide, its
 * header over the next one's.
 */
const FLEXIBLE_COLUMN_MIN = 160;

/** The table's minimum width (see DataTableProps.minWidth); none where it fits its box. */
function drawnMinWidth(
  columns: readonly { width?: number; minWidth?: number }[],
  minWidth: number | undefined,
  sideScroll: boolean,
) {
  return (
    minWidth ??
    (sideScroll ? columns.reduce((sum, c) => sum + (c.width ?? c.minWidth ?? FLEXIBLE_COLUMN_MIN), 0) : undefined)
  );
}

/**
 * The list table of the app on TanStack Table: sortable columns (sorted by the table, or by the
 * server across the pages of a list it pages: Paging.sorting), paging (by the server or by the
 * table), the loading and empty states ('검색된 정보가 없습니다.'), and cards on phones.
 */
export function DataTable<R>({
  columns,
  query,
  rows = query?.data?.results ?? [],
  rowKey = (row) => (row as { seq: number }).seq,
  label,
  loading = query?.isFetching ?? false,
  error = query?.error ? messageOf(query.error) : null,
  emptyText,
  className = 'board-table',
  rowClassName,
  rowTestId,
  paging,
  pageSize,
  card,
  cardsClassName = 'data-cards',
  cardClassName = 'data-card',
  minWidth,
}: DataTableProps<R>) {
  const mobile = useMobile();
  const sideScroll = useContext(SideScrollTables) || minWidth !== undefined;
  const [clientPage, setClientPage] = useState(1);
  const { defs, sorting, onSortingChange, manualSorting } = useSorting(columns, paging?.sorting);
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting, pagination: { pageIndex: clientPage - 1, pageSize: pageSize ?? Math.max(rows.length, 1) } },
    onSortingChange,
    manualSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: pageSize ? getPaginationRowModel() : undefined,
    manualPagination: !pageSize,
    getRowId: (row) => String(rowKey(row)),
  });
  const shown = table.getRowModel().rows;
  const byId = new Map(columns.map((c) => [c.id, c]));
  const state = listState({ loading, error, empty: rows.length === 0, emptyText });
  const pager = paging ? (
    <Pager
      page={paging.page}
      total={paging.total ?? query?.data?.total ?? 0}
      size={paging.size}
      onPage={paging.onPage}
      href={paging.href}
    />
  ) : pageSize ? (
    <Pager page={clientPage} total={rows.length} size={pageSize} onPage={setClientPage} />
  ) : null;

  if (mobile && card) {
    return (
      <>
        <ul className={cardsClassName} aria-busy={loading} aria-label={label}>
          {shown.map((r) => (
            <li key={r.id} className={cardClassName || undefined} data-testid={rowTestId}>
              {card(r.original)}
            </li>
          ))}
          {state && <li className="empty-row">{state}</li>}
        </ul>
        {pager}
      </>
    );
  }

  const drawn = drawnMinWidth(columns, minWidth, sideScroll);
  const grid = (
    <table className={className} aria-busy={loading} aria-label={label} style={drawn ? { minWidth: drawn } : undefined}>
      <colgroup>
        {columns.map((c) => (
          <col key={c.id} className={c.colClassName} style={c.width ? { width: c.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((h) => (
              <HeaderCell key={h.id} header={h} label={byId.get(h.column.id)!.header} />
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {shown.map((r) => (
          <tr key={r.id} className={rowClassName?.(r.original)} data-testid={rowTestId}>
            {columns.map((c) => (
              <td key={c.id} className={c.className} title={c.title?.(r.original)}>
                {c.cell(r.original, r.index)}
              </td>
            ))}
          </tr>
        ))}
        {state && (
          <tr>
            <td colSpan={columns.length} className="empty-row">
              <span className="empty-row-text">{state}</span>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
  return (
    <>
      {sideScroll ? <SideScroll label={label}>{grid}</SideScroll> : grid}
      {pager}
    </>
  );
}

/**
 * A table's box that scrolls sideways. While the table is wider than the box it is a named region
 * reachable by keyboard (Tab, then the arrow keys); a table that fits adds no stop to the Tab order.
 */
export function SideScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The box (the window's width) and the table (its rows arriving) both change what overflows.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="table-scroll"
      role={overflows ? 'region' : undefined}
      aria-label={overflows ? label : undefined}
      tabIndex={overflows ? 0 : undefined}
    >
      {children}
    </div>
  );
}

/**
 * The table's columns for TanStack and their sort: the table's own (each column with a `sortValue`),
 * or the server's (`server`: only its keys sort, each click asks it, ascending first).
 */
function useSorting<R>(columns: Column<R>[], server: ServerSorting | undefined) {
  const [clientSorting, setClientSorting] = useState<SortingState>([]);
  const serverKeys = server?.keys;
  const defs = useMemo<ColumnDef<R>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: c.sortValue ?? (() => 0),
        enableSorting: serverKeys ? serverKeys.includes(c.id) : c.sortValue !== undefined,
        // The server's sort starts ascending (▲), then descending, then the list's own order.
        sortDescFirst: serverKeys ? false : undefined,
        sortUndefined: 'last',
      })),
    [columns, serverKeys],
  );
  if (!server) return { defs, sorting: clientSorting, onSortingChange: setClientSorting, manualSorting: false };
  const sorting = toSortingState(server.sort);
  const onSortingChange: OnChangeFn<SortingState> = (next) =>
    server.onSort(fromSortingState(typeof next === 'function' ? next(sorting) : next));
  return { defs, sorting, onSortingChange, manualSorting: true };
}

const toSortingState = (sort: ListSort | undefined): SortingState =>
  sort ? [{ id: sort.by, desc: sort.dir === 'desc' }] : [];
const fromSortingState = (state: SortingState): ListSort | undefined =>
  state[0] ? { by: state[0].id, dir: state[0].desc ? 'desc' : 'asc' } : undefined;

/** A column's head: a sort button (with its mark and aria-sort) when the column sorts, else its header. */
function HeaderCell<R>({ header, label }: { header: Header<R, unknown>; label: ReactNode }) {
  const sorted = header.column.getIsSorted();
  return (
    <th scope="col" aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}>
      {header.column.getCanSort() ? (
        <button
          type="button"
          className="th-sort"
          onClick={header.column.getToggleSortingHandler()}
          title={T.table.sortBy}
        >
          {label}
          <span className="th-sort-mark" aria-hidden="true">
            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}
