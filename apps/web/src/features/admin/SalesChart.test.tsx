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
    const { container } = render(<SalesChart days={days(() => 0)} />);
    const names = container.querySelector<HTMLElement>('.admin-chart-days')!;
    expect([...names.children].map((n) => n.textContent)).toEqual([
      '11-01',
      '11-06',
      '11-11',
      '11-16',
      '11-21',
      '11-26',
    ]);
    expect(names.style.gridTemplateColumns).toBe(Array(6).fill('minmax(0, 5fr)').join(' '));
  });

  it('gives the last name the bars that are left when the days are not a multiple of five', () => {
    const { container } = render(<SalesChart days={days(() => 0, 28)} />);
    const names = container.querySelector<HTMLElement>('.admin-chart-days')!;
    expect([...names.children].map((n) => n.textContent)).toEqual([
      '11-01',
      '11-06',
      '11-11',
      '11-16',
      '11-21',
      '11-26',
    ]);
    expect(names.style.gridTemplateColumns).toBe(`${Array(5).fill('minmax(0, 5fr)').join(' ')} minmax(0, 3fr)`);
  });
});
