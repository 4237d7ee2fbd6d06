// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@partsmall/contract';
import { OrderMoves } from './OrderMoves';
import { renderScreen } from '../../../../test/render-screen';

afterEach(cleanup);

/** An order just paid (status 0), paid in cash or on 외상, with what each cancel gives back. */
function detail(payWith: 'cash' | 'credit'): AdminOrderDetail {
  // OrderMoves reads the order's number, status and how it was paid, and the refunds of each move.
  return {
    order: { seq: 27, status: 0, payWith } as AdminOrderDetail['order'],
    refunds: { '3': 116_700, '8': 116_700 },
  } as unknown as AdminOrderDetail;
}

describe('order moves (docs/requirements.md#credit)', () => {
  it.each([
    {
      payWith: 'cash' as const,
      what: 'a cash order: its cancels refund cash, and the confirmation says so',
      back: '환불 116,700원',
      confirmation: '판매자취소 처리하면 116,700원을 캐시로 돌려주고 재고를 되돌립니다.',
      notSaid: /외상 미수금/,
    },
    {
      payWith: 'credit' as const,
      what: 'a 외상 order: its cancels take the charge off what is owed, never cash, and the confirmation says so',
      back: '외상 116,700원 차감',
      confirmation: '판매자취소 처리하면 외상 미수금에서 116,700원을 빼고 재고를 되돌립니다. 캐시로 돌려주지 않습니다.',
      notSaid: /캐시로 돌려주고/,
    },
  ])('$what', async ({ payWith, back, confirmation, notSaid }) => {
    renderScreen(<OrderMoves d={detail(payWith)} />, new QueryClient());
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '출고확정',
      `출고취소 (${back})`,
      `판매자취소 (${back})`,
      '포장 목록 인쇄',
    ]);
    fireEvent.click(screen.getByRole('button', { name: `판매자취소 (${back})` }));
    expect(await screen.findByText(confirmation)).toBeTruthy();
    expect(screen.queryByText(notSaid)).toBeNull();
  });
});
