import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { PAGE_SIZE } from '@partsmall/contract';
import { seoulDay, ymd } from '../../shared/date';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';

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

/** A modal layer (add/edit forms, confirmations); Escape and the backdrop close it unless busy. */
export function Modal({
  title,
  onClose,
  busy = false,
  wide = false,
  children,
}: {
  title: string;
  onClose: () => void;
  busy?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);
  return (
    <div className="modal-backdrop" onClick={busy ? undefined : onClose}>
      <div
        className={`modal mg-modal${wide ? ' mg-modal-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="mg-modal-head">
          <h3>{title}</h3>
          <button type="button" className="popup-close" onClick={onClose} disabled={busy} aria-label={T.common.close}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}

/** Page numbers in groups of 10 with previous and next; buttons, so the list state stays in the screen. */
export function Pager({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (page: number) => void }) {
  const last = Math.max(1, Math.ceil(total / size));
  if (last <= 1) return null;
  const group = PAGE_SIZE.pagination;
  const start = Math.floor((Math.min(page, last) - 1) / group) * group + 1;
  const end = Math.min(start + group - 1, last);
  const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return (
    <nav className="pagination" aria-label={M.pager.label}>
      <button type="button" className="pg-btn pg-step" disabled={page <= 1} onClick={() => onPage(page - 1)} title={M.pager.prev}>
        <span aria-hidden="true">‹</span>
        <span className="sr-only">{M.pager.prev}</span>
      </button>
      {numbers.map((n) =>
        n === page ? (
          <span key={n} className="pg-btn pg-current" aria-current="page">
            {n}
          </span>
        ) : (
          <button key={n} type="button" className="pg-btn" onClick={() => onPage(n)} aria-label={M.pager.page(n)}>
            {n}
          </button>
        ),
      )}
      <button type="button" className="pg-btn pg-step" disabled={page >= last} onClick={() => onPage(page + 1)} title={M.pager.next}>
        <span aria-hidden="true">›</span>
        <span className="sr-only">{M.pager.next}</span>
      </button>
    </nav>
  );
}

/** Today in Asia/Seoul as YYYY-MM-DD: the last day a range may reach. */
export function seoulToday(): string {
  return ymd(seoulDay());
}

function daysBefore(today: string, days: number): string {
  const at = new Date(`${today}T12:00:00+09:00`);
  return ymd(seoulDay(new Date(at.getTime() - days * 86_400_000)));
}

function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return ymd({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: Math.min(d, lastDay) });
}

export interface Range {
  startDate: string;
  endDate: string;
}

/**
 * Start and end dates (future days disabled), quick ranges, search and view-all (spec 2 §5):
 * a search needs both dates ('날자구간을 지정하세요.').
 */
export function DateRangeSearch({ onSearch, onAll, busy }: { onSearch: (range: Range) => void; onAll: () => void; busy?: boolean }) {
  const notify = useNotify();
  const today = seoulToday();
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const clamp = (v: string) => (v > today ? today : v);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!startDate || !endDate) {
      void notify.alert(M.dateRange.missing);
      return;
    }
    if (startDate > endDate) {
      void notify.alert(M.dateRange.reversed);
      return;
    }
    onSearch({ startDate, endDate });
  };
  const quick = (start: string) => {
    setStart(start);
    setEnd(today);
    onSearch({ startDate: start, endDate: today });
  };
  const all = () => {
    setStart('');
    setEnd('');
    onAll();
  };

  return (
    <form className="mg-range" onSubmit={submit} noValidate aria-label={M.dateRange.label}>
      <div className="mg-range-dates">
        <label className="sr-only" htmlFor="mg-range-start">
          {M.dateRange.start}
        </label>
        <input
          id="mg-range-start"
          type="date"
          max={endDate || today}
          value={startDate}
          title={M.dateRange.future}
          onChange={(e) => setStart(clamp(e.target.value))}
        />
        <span aria-hidden="true">~</span>
        <label className="sr-only" htmlFor="mg-range-end">
          {M.dateRange.end}
        </label>
        <input
          id="mg-range-end"
          type="date"
          min={startDate || undefined}
          max={today}
          value={endDate}
          title={M.dateRange.future}
          onChange={(e) => setEnd(clamp(e.target.value))}
        />
      </div>
      <div className="mg-range-quick">
        <button type="button" className="btn btn-small" onClick={() => quick(today)}>
          {M.dateRange.quick.today}
        </button>
        <button type="button" className="btn btn-small" onClick={() => quick(daysBefore(today, 6))}>
          {M.dateRange.quick.week}
        </button>
        <button type="button" className="btn btn-small" onClick={() => quick(monthsBefore(today, 1))}>
          {M.dateRange.quick.month}
        </button>
        <button type="button" className="btn btn-small" onClick={() => quick(monthsBefore(today, 3))}>
          {M.dateRange.quick.quarter}
        </button>
      </div>
      <div className="mg-range-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {M.search}
        </button>
        <button type="button" className="btn" onClick={all} disabled={busy}>
          {M.viewAll}
        </button>
      </div>
    </form>
  );
}

/** A list cell when a table is empty or loading. */
export function TableState({ colSpan, loading, empty, error }: { colSpan: number; loading: boolean; empty: boolean; error: string | null }) {
  if (!loading && !empty) return null;
  return (
    <tr>
      <td colSpan={colSpan} className="empty-row">
        {loading ? (
          <>
            <span className="spinner" aria-hidden="true" /> {T.common.loading}
          </>
        ) : (
          (error ?? T.common.empty)
        )}
      </td>
    </tr>
  );
}

/** Field messages of a whole-form schema: the first issue of each field, in form order. */
export function issuesOf(schema: ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Errors of a form checked with a contract schema: one field on blur, all on submit (the first
 * message is returned so that the caller can alert it).
 */
export function useSchemaForm(schema: ZodType) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const checkField = useCallback(
    (name: string, values: unknown) => {
      const message = issuesOf(schema, values)[name];
      setErrors((e) => {
        const next = { ...e };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      });
    },
    [schema],
  );
  const validate = useCallback(
    (values: unknown): string | null => {
      const found = issuesOf(schema, values);
      setErrors(found);
      return Object.values(found)[0] ?? null;
    },
    [schema],
  );
  const clear = useCallback(() => setErrors({}), []);
  return { errors, checkField, validate, clear, setErrors };
}

/** A confirmation popup (delete, stop, reset, renew): the action runs only after the user confirms. */
export function ConfirmModal({
  title,
  text,
  confirmLabel,
  busyLabel,
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel} busy={busy}>
      <p className="alert-text mg-confirm-text">{text}</p>
      <div className="mg-form-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {T.common.cancel}
        </button>
        <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm} disabled={busy} autoFocus>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** Phone inputs accept typed hyphens (13 characters) and keep at most 11 digits. */
export const PHONE_INPUT_MAX = 13;
export const upTo = (n: number, set: (v: string) => void) => (v: string) => set(v.slice(0, n));
