// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SalesChart } from './SalesChart';

/** The dashboard's 30 days of sales as bars, with the highest day's amount written above them. */
const days = (sales: (day: number) => number) =>
  Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    sales: sales(i + 1),
    orders: sales(i + 1) > 0 ? 1 : 0,
  }));

afterEach(cleanup);

describe('the sales chart', () => {
  it('writes the highest day above the bars', () => {
    render(<SalesChart days={days((d) => (d === 12 ? 1_234_500 : d === 3 ? 88_300 : 0))} />);
    const chart = screen.getByRole('img', { name: '최근 30일 일별 매출 막대그래프' });
    expect(chart.textContent).toContain('최고 1,234,500원');
    expect(chart.querySelector('title')?.textContent).toBe('2026-11-01 0원 (0건)');
  });

  it('says there were no sales instead of a highest day of 1원', () => {
    render(<SalesChart days={days(() => 0)} />);
    const chart = screen.getByRole('img', { name: '최근 30일 일별 매출 막대그래프' });
    expect(chart.textContent).toContain('매출 없음');
    expect(chart.textContent).not.toContain('최고');
  });
});
