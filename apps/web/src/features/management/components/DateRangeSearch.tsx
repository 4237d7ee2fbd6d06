import { addSeoulDays, addSeoulMonths, seoulDay } from '@partsmall/contract';
import { T } from '../../../shared/texts';
import { Form, useZodForm } from '../../../shared/ui/form';
import { dateRangeForm, type Range } from './date-range';
import '../management.css';

const M = T.management;

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
