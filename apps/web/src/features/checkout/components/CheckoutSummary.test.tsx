// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/render-screen';
import { CheckoutSummary } from './CheckoutSummary';

/**
 * The checkout's figures against the cash (docs/requirements.md#wallet: a balance never goes below
 * zero): enough cash shows what is left after paying; too little shows how much is missing, never a
 * negative balance.
 */
afterEach(cleanup);

function renderSummary(goods: number, cash: number) {
  renderScreen(
    <CheckoutSummary goods={goods} fee={6_000} cash={cash} paying={false} onPay={() => undefined} />,
    new QueryClient(),
  );
  const summary = screen.getByRole('complementary', { name: '결제 금액' });
  const terms = [...summary.querySelectorAll('dt')].map((d) => d.textContent);
  const values = [...summary.querySelectorAll('dd')].map((d) => d.textContent);
  return { summary, figures: Object.fromEntries(terms.map((t, i) => [t, values[i]])) };
}

describe("checkout's cash figures", () => {
  it('a short cash shows the shortfall, not a negative balance after paying', () => {
    const { summary, figures } = renderSummary(104_500, 14_800);
    expect(figures['총 결제 금액']).toBe('110,500원');
    expect(figures['보유 캐시']).toBe('14,800원');
    expect(figures).not.toHaveProperty('결제 후 잔액');
    expect(summary.textContent).not.toContain('-95,700');
    expect(screen.getByRole('alert').textContent).toBe('캐시 잔액이 95,700원 부족합니다. 캐시 충전');
  });

  it('enough cash shows what is left after paying, and no warning', () => {
    const { figures } = renderSummary(104_500, 200_000);
    expect(figures['보유 캐시']).toBe('200,000원');
    expect(figures['결제 후 잔액']).toBe('89,500원');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cash of exactly the total leaves 0원', () => {
    const { figures } = renderSummary(104_500, 110_500);
    expect(figures['결제 후 잔액']).toBe('0원');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
