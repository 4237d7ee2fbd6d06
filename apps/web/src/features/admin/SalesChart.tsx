import type { Dashboard } from '@partsmall/contract';
import { won } from '../../shared/format';
import { A } from './texts';

/** Thirty bars of daily sales; a plain SVG is enough here (no chart library on this page). */
export function SalesChart({ days }: { days: Dashboard['sales30'] }) {
  const highest = Math.max(0, ...days.map((d) => d.sales));
  // The bars' scale; with no sales at all the label says so instead of '최고 1원'.
  const max = Math.max(1, highest);
  const w = 600;
  const h = 160;
  const bar = w / days.length;
  // The '최고' label has a band of its own above the bars: the highest bar, often today's at the
  // right end, covered it.
  const top = 16;
  return (
    <svg className="admin-chart" viewBox={`0 0 ${w} ${top + h + 20}`} role="img" aria-label={A.dashboard.chart}>
      {days.map((d, i) => {
        const bh = Math.round((d.sales / max) * h);
        return (
          <g key={d.day}>
            <rect x={i * bar + 2} y={top + h - bh} width={bar - 4} height={bh}>
              <title>{A.dashboard.bar(d.day, won(d.sales), d.orders)}</title>
            </rect>
            {i % 5 === 0 && (
              <text x={i * bar + 2} y={top + h + 14}>
                {d.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
      <text x={w - 4} y={12} textAnchor="end">
        {highest > 0 ? A.dashboard.max(won(highest)) : A.dashboard.noSales}
      </text>
    </svg>
  );
}
