import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { z } from 'zod';
import { PAGE_SIZE, addSeoulDays, addSeoulMonths, seoulDay, type DateRangeListRequest } from '@partsmall/contract';
import { T } from '../../shared/texts';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form, useZodForm } from '../../shared/ui/form';
import { ModalForm } from '../../shared/ui/ModalForm';
import type { useAnswerNotes } from '../../shared/ui/notify';
import { SearchForm, type Search } from '../../shared/ui/SearchForm';
import { Spinner } from '../../shared/ui/states';
import type { PeriodPage } from './paperwork-api';
import './management.css';

const M = T.management;

/** Heading of a member-area screen with its intro line and optional tools on the right. */
export function SectionHead({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <header className="mg-head">
      <div>
        <h2 className="mg-title">{title}</h2>
        {intro && <p className="mg-intro">{intro}</p>}
      </div>
      {children && <div className="mg-head-tools">{children}</div>}
    </header>
  );
}

/** The count of a list and, while it loads, a spinner; `children` sit on the right (the search). */
export function ListBar({ total, loading, children }: { total: number; loading: boolean; children?: ReactNode }) {
  const summary = (
    <p className="board-summary" aria-live="polite">
      {M.total(total)}
      {loading && <Spinner label={T.common.loading} />}
    </p>
  );
  if (!children) return summary;
  return (
    <div className="board-toolbar mg-toolbar">
      {summary}
      {children}
    </div>
  );
}

/** The buttons at the end of a member-area form: cancel (in layers) and save. */
export function FormActions({ busy, label, onCancel }: { busy: boolean; label: string; onCancel?: () => void }) {
  return (
    <div className="mg-form-actions">
      {onCancel && (
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {T.common.cancel}
        </button>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? M.saving : label}
      </button>
    </div>
  );
}

export interface Range {
  startDate: string;
  endDate: string;
}

/** Both dates or neither ('날짜구간을 지정하세요.'), the start not after the end. */
export const dateRangeForm = z
  .object({ startDate: z.string(), endDate: z.string() })
  .refine((v) => v.startDate !== '' && v.endDate !== '', { path: ['startDate'], message: M.dateRange.missing })
  .refine((v) => v.startDate === '' || v.endDate === '' || v.startDate <= v.endDate, {
    path: ['startDate'],
    message: M.dateRange.reversed,
  });

/**
 * Start and end dates (future days disabled), quick ranges, search and view-all (docs/requirements.md#validation):
 * a search needs both dates ('날짜구간을 지정하세요.').
 */
export function DateRangeSearch({
  onSearch,
  onAll,
  busy,
}: {
  onSearch: (range: Range) => void;
  onAll: () => void;
  busy?: boolean;
}) {
  // Today in Seoul: the last day a range may reach.
  const today = seoulDay();
  const form = useZodForm(dateRangeForm, { startDate: '', endDate: '' });
  const [startDate, endDate] = form.watch(['startDate', 'endDate']);
  const clamp = (v: string) => (v > today ? today : v);
  const date = (name: 'startDate' | 'endDate', label: string, min?: string) => (
    <>
      <label className="sr-only" htmlFor={`mg-range-${name}`}>
        {label}
      </label>
      <input
        id={`mg-range-${name}`}
        type="date"
        min={min}
        max={name === 'startDate' ? endDate || today : today}
        value={name === 'startDate' ? startDate : endDate}
        title={M.dateRange.future}
        onChange={(e) => form.setValue(name, clamp(e.target.value))}
      />
    </>
  );
  const quick = (start: string) => {
    form.reset({ startDate: start, endDate: today });
    onSearch({ startDate: start, endDate: today });
  };
  const all = () => {
    form.reset({ startDate: '', endDate: '' });
    onAll();
  };
  const quicks: [string, string][] = [
    [M.dateRange.quick.today, today],
    [M.dateRange.quick.week, addSeoulDays(today, -6)],
    [M.dateRange.quick.month, addSeoulMonths(today, -1)],
    [M.dateRange.quick.quarter, addSeoulMonths(today, -3)],
  ];

  return (
    <Form form={form} className="mg-range" alertInvalid onSubmit={onSearch} aria-label={M.dateRange.label}>
      <div className="mg-range-dates">
        {date('startDate', M.dateRange.start)}
        <span aria-hidden="true">~</span>
        {date('endDate', M.dateRange.end, startDate || undefined)}
      </div>
      <div className="mg-range-quick">
        {quicks.map(([label, start]) => (
          <button key={label} type="button" className="btn btn-small" onClick={() => quick(start)}>
            {label}
          </button>
        ))}
      </div>
      <div className="mg-range-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {M.search}
        </button>
        <button type="button" className="btn" onClick={all} disabled={busy}>
          {M.viewAll}
        </button>
      </div>
    </Form>
  );
}

/** A page answer as the member-area lists read it, and its row. */
type Page = { results: unknown[]; total: number };
type RowOf<D extends Page> = D['results'][number];
type ListOptions<D extends Page, Q, K extends QueryKey> = (q: Q) => UseQueryOptions<D, Error, D, K>;

interface TableProps<R> {
  columns: Column<R>[];
  label: string;
  card: (row: R) => ReactNode;
  rowClassName?: (row: R) => string | undefined;
  minWidth?: number;
}

/** The words of a searched list's screen: its title (the table's name too), intro, add button and search. */
export interface SearchedListTexts {
  title: string;
  intro: string;
  add: string;
  keywordPlaceholder: string;
  searchTypes: Record<string, string>;
}

/**
 * A screen of a searched list (addresses, accounts; docs/requirements.md#look-and-language): its
 * heading with the add button, the search bar above the list (by `searchBy`, the first chosen) and
 * paging below.
 */
export function SearchedList<D extends Page, S extends string, K extends QueryKey>({
  texts: { title, intro, add, keywordPlaceholder: placeholder, searchTypes },
  searchBy,
  query,
  size,
  idPrefix,
  onAdd,
  ...table
}: Omit<TableProps<RowOf<D>>, 'label'> & {
  texts: SearchedListTexts;
  searchBy: readonly S[];
  query: ListOptions<D, { searchType: S; searchKeyword: string; page: number; size: number }, K>;
  size: number;
  idPrefix: string;
  onAdd: () => void;
}) {
  const types = searchBy.map((t) => ({ value: t, label: searchTypes[t]! }));
  const [search, setSearch] = useState<Search<S>>({ searchType: searchBy[0]!, keyword: '' });
  const [page, setPage] = useState(1);
  const list = useQuery(query({ searchType: search.searchType, searchKeyword: search.keyword, page, size }));
  const onSearch = (s: Search<S>) => {
    setSearch(s);
    setPage(1);
  };
  return (
    <>
      <SectionHead title={title} intro={intro}>
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          {add}
        </button>
      </SectionHead>
      <ListBar total={list.data?.total ?? 0} loading={list.isFetching}>
        <SearchForm types={types} initial={search} onSearch={onSearch} placeholder={placeholder} idPrefix={idPrefix} />
      </ListBar>
      <DataTable {...table} label={title} query={list} paging={{ page, size, onPage: setPage }} />
    </>
  );
}

/**
 * The add-or-edit layer of a searched list's row: the form's values go through `toBody` (the row's
 * seq added when it edits one) to `save`, whose answer is told and closes the layer.
 */
export function RowFormLayer<I extends FieldValues, O, B>({
  title,
  onClose,
  form,
  save,
  toBody,
  children,
}: {
  title: string;
  onClose: () => void;
  form: UseFormReturn<I, unknown, O>;
  save: { mutate: (body: B, notes: ReturnType<typeof useAnswerNotes>) => void; isPending: boolean };
  toBody: (values: O) => B;
  children: ReactNode;
}) {
  const write = {
    mutate: (v: O, notes: ReturnType<typeof useAnswerNotes>) => save.mutate(toBody(v), notes),
    isPending: save.isPending,
  };
  return (
    <ModalForm title={title} onClose={onClose} form={form} formClassName="form layer-form" write={write}>
      {children}
    </ModalForm>
  );
}

/** The request of a date-range list call (orders, payment histories): a period searches by date, none lists all. */
export function rangeRequest(q: PeriodPage): DateRangeListRequest {
  const dated = q.startDate !== '' && q.endDate !== '';
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    searchType: dated ? 'date' : '',
    page: q.page,
    size: PAGE_SIZE.memberArea,
  };
}

/**
 * A list of a date range (orders, payment histories, cash ledger, tax invoices): both dates or all
 * (docs/requirements.md#validation), 15 a page. `head` draws what sits above the range search and
 * reads the list's answer and the period shown (the ledger's balance and exports).
 */
export function RangedList<D extends Page, K extends QueryKey>({
  query,
  head,
  ...table
}: TableProps<RowOf<D>> & {
  query: ListOptions<D, PeriodPage, K>;
  head?: (list: UseQueryResult<D, Error>, range: PeriodPage) => ReactNode;
  emptyText?: string;
  rowTestId?: string;
}) {
  const [range, setRange] = useState<PeriodPage>({ startDate: '', endDate: '', page: 1 });
  const list = useQuery(query(range));
  return (
    <>
      {head?.(list, range)}
      <DateRangeSearch
        busy={list.isFetching}
        onSearch={(r) => setRange({ ...r, page: 1 })}
        onAll={() => setRange({ startDate: '', endDate: '', page: 1 })}
      />
      <ListBar total={list.data?.total ?? 0} loading={list.isFetching} />
      <DataTable
        {...table}
        query={list}
        paging={{ page: range.page, size: PAGE_SIZE.memberArea, onPage: (page) => setRange((r) => ({ ...r, page })) }}
      />
    </>
  );
}
