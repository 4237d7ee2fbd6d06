import type { Dashboard } from '@partsmall/contract';
import { won } from '../../shared/format';
import { A } from './texts';

/** Every fifth day is named under the bars: six names under thirty days. */
const DAYS_PER_NAME = 5;

/**
 * Thirty bars of daily sales; a plain SVG is enough here (no chart library on this page). The bars
 * stretch to the panel (`preserveAspectRatio="none"`); the highest day and the day names are page
 * text beside the SVG, at the page's size: drawn inside it they shrank with the panel's width, to
 * about 7 px on the desktop and 5 px on a phone.
 */
export function SalesChart({ days }: { days: Dashboard['sales30'] }) {
  const highest = Math.max(0, ...days.map((d) => d.sales));
  // The bars' scale; with no sales at all the label says so instead of '최고 1원'.
  const max = Math.max(1, highest);
  // The SVG's own units: the bars stretch to the panel whatever they are.
  const bar = 20;
  const w = days.length * bar;
  const h = 160;
  return (
    <div className="admin-chart">
      <p className="admin-chart-max">{highest > 0 ? A.dashboard.max(won(highest)) : A.dashboard.noSales}</p>
      <svg viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="none" role="img" aria-label={A.dashboard.chart}>
        {days.map((d, i) => {
          const bh = Math.round((d.sales / max) * h);
          return (
            <rect key={d.day} x={i * bar + 2} y={h - bh} width={bar - 4} height={bh}>
              <title>{A.dashboard.bar(d.day, won(d.sales), d.orders)}</title>
            </rect>
          );
        })}
      </svg>
      {/* Each name heads a column of five days, standing under its own bar; the bars' titles name every day. */}
      <div className="admin-chart-days" aria-hidden="true" style={{ gridTemplateColumns: dayColumns(days.length) }}>
        {days
          .filter((_, i) => i % DAYS_PER_NAME === 0)
          .map((d) => (
            <span key={d.day}>{d.day.slice(5)}</span>
          ))}
      </div>
    </div>
  );
}

/** The day names' columns, each as wide as its days' bars: five bars each, the last the rest. */
function dayColumns(count: number): string {
  const full = Math.floor(count / DAYS_PER_NAME);
  const rest = count % DAYS_PER_NAME;
  const columns = Array<string>(full).fill(`minmax(0, ${DAYS_PER_NAME}fr)`);
  if (rest > 0) columns.push(`minmax(0, ${rest}fr)`);
  return columns.join(' ');
}
