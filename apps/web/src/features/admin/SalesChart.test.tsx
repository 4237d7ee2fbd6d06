// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SalesChart } from './SalesChart';

/** The dashboard's days of sales as bars, with the highest day's amount written above them. */
const days = (sales: (day: number) => number, count = 30) =>
  Array.from({ length: count }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    sales: sales(i + 1),
    orders: sales(i + 1) > 0 ? 1 : 0,
  }));

afterEach(cleanup);

/** The text above the bars (page text, at the page's size: not inside the scaled SVG). */
const label = (container: HTMLElement) => container.querySelector('.admin-chart-max')?.textContent;

/** The first of each five days of November 2026, from the 1st. */
const EVERY_FIFTH = ['11-01', '11-06', '11-11', '11-16', '11-21', '11-26'];

/** The names under the bars of `count` days, and their row's columns. */
function dayNames(count: number) {
  const { container } = render(<SalesChart days={days(() => 0, count)} />);
  const row = container.querySelector<HTMLElement>('.admin-chart-days')!;
  return { names: [...row.children].map((n) => n.textContent), columns: row.style.gridTemplateColumns };
}

describe('the sales chart', () => {
  it('writes the highest day above the bars, as page text outside the SVG', () => {
    const { container } = render(<SalesChart days={days((d) => (d === 12 ? 1_234_500 : d === 3 ? 88_300 : 0))} />);
    const chart = screen.getByRole('img', { name: '최근 30일 일별 매출 막대그래프' });
    expect(label(container)).toBe('최고 1,234,500원');
    expect(chart.querySelector('text')).toBeNull();
    expect(chart.querySelector('title')?.textContent).toBe('2026-11-01 0원 (0건)');
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
  });

  it('says there were no sales instead of a highest day of 1원', () => {
    const { container } = render(<SalesChart days={days(() => 0)} />);
    expect(label(container)).toBe('매출 없음');
    expect(container.textContent).not.toContain('최고');
  });

  it('names every fifth day under the bars, each name in a column as wide as its five bars', () => {
    expect(dayNames(30)).toEqual({ names: EVERY_FIFTH, columns: Array(6).fill('minmax(0, 5fr)').join(' ') });
  });

  it('gives the last name the bars that are left when the days are not a multiple of five', () => {
    expect(dayNames(28)).toEqual({
      names: EVERY_FIFTH,
      columns: `${Array(5).fill('minmax(0, 5fr)').join(' ')} minmax(0, 3fr)`,
    });
  });
});
