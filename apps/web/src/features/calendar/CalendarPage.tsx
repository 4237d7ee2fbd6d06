import { useState } from 'react';
import { calendarDay, seoulParts } from '@partsmall/contract';
import { T } from '../../shared/texts';
import { monthWeeks, shiftMonth, yearOptions, type CalendarCell } from './month';
import './calendar.css';

const sameDay = (a: { year: number; month: number; day: number }, b: { year: number; month: number; day: number }) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** Calendar test page (/test): a Korean month calendar in Asia/Seoul with year and month selects. */
export function CalendarPage() {
  const [today] = useState(() => seoulParts());
  const years = yearOptions(today.year);
  const minYear = years[0]!;
  const maxYear = years[years.length - 1]!;
  const [view, setView] = useState({ year: today.year, month: today.month });
  const [picked, setPicked] = useState<CalendarCell | null>(null);
  const weeks = monthWeeks(view.year, view.month);
  const prev = shiftMonth(view.year, view.month, -1, minYear, maxYear);
  const next = shiftMonth(view.year, view.month, 1, minYear, maxYear);

  const pick = (c: CalendarCell) => {
    setPicked(c);
    if (!c.inMonth) setView({ year: c.year, month: c.month });
  };

  /** The previous or next month's button, off at the end of the range the calendar holds. */
  const step = (to: typeof prev, label: string, symbol: string) => (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => to && setView(to)}
      disabled={!to}
      title={to ? label : T.calendar.rangeEnd}
      aria-label={label}
    >
      {symbol}
    </button>
  );

  return (
    <section className="page calendar-page">
      <h1>{T.calendar.title}</h1>
      <div className="calendar">
        <div className="calendar-head">
          {step(prev, T.calendar.prev, '‹')}
          <label className="sr-only" htmlFor="cal-year">
            {T.calendar.year}
          </label>
          <select id="cal-year" value={view.year} onChange={(e) => setView({ ...view, year: Number(e.target.value) })}>
            {years.map((y) => (
              <option key={y} value={y}>
                {T.calendar.yearOption(y)}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="cal-month">
            {T.calendar.month}
          </label>
          <select
            id="cal-month"
            value={view.month}
            onChange={(e) => setView({ ...view, month: Number(e.target.value) })}
          >
            {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
              <option key={m} value={m}>
                {T.calendar.monthOption(m)}
              </option>
            ))}
          </select>
          {step(next, T.calendar.next, '›')}
          <button
            type="button"
            className="btn btn-small calendar-today-btn"
            onClick={() => setView({ year: today.year, month: today.month })}
          >
            {T.calendar.today}
          </button>
        </div>
        <table className="calendar-grid" aria-label={T.calendar.caption(view.year, view.month)}>
          <caption className="sr-only">{T.calendar.caption(view.year, view.month)}</caption>
          <thead>
            <tr>
              {T.calendar.weekdays.map((w, i) => (
                <th key={w} scope="col" className={`wd-${i}`}>
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={calendarDay(week[0]!)}>
                {week.map((c) => (
                  <DayCell key={calendarDay(c)} c={c} today={today} picked={picked} onPick={pick} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="calendar-foot">
          <span>
            {T.calendar.todayIs}: <b data-testid="calendar-today">{calendarDay(today)}</b> (
            {T.calendar.weekdays[today.weekday]})
          </span>
          <span>
            {T.calendar.selected}:{' '}
            <b data-testid="calendar-picked">
              {picked ? `${calendarDay(picked)} (${T.calendar.weekdays[picked.weekday]})` : '-'}
            </b>
          </span>
          <span className="muted">{T.calendar.timeZone}</span>
        </p>
      </div>
    </section>
  );
}

/** One day's button: today and the picked day marked, its name the day as shown, then the full date. */
function DayCell({
  c,
  today,
  picked,
  onPick,
}: {
  c: CalendarCell;
  today: ReturnType<typeof seoulParts>;
  picked: CalendarCell | null;
  onPick: (c: CalendarCell) => void;
}) {
  const isToday = sameDay(c, today);
  const isPicked = picked !== null && sameDay(c, picked);
  const cls = ['cal-day', `wd-${c.weekday}`, c.inMonth ? '' : 'out', isToday ? 'today' : '', isPicked ? 'picked' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <td>
      <button
        type="button"
        className={cls}
        aria-current={isToday ? 'date' : undefined}
        aria-pressed={isPicked}
        // The day as shown starts the name (label in name), then today and the full date.
        aria-label={`${c.day}${isToday ? ` ${T.calendar.today}` : ''} (${calendarDay(c)} ${T.calendar.weekdays[c.weekday]})`}
        onClick={() => onPick(c)}
      >
        {c.day}
        {isToday && <span className="today-mark"> {T.calendar.today}</span>}
      </button>
    </td>
  );
}
