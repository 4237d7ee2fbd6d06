// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_ORDER, MSG_QUICK_ORDER, type CartLine } from '@partsmall/contract';
import { CartPage } from './CartPage';
import { cartQuery } from './api';
import { KOREA, cartLine } from '../../../test/cart-lines';
import { renderScreen } from '../../../test/render-screen';

/**
 * The cart screen's own rules (docs/requirements.md#cart-and-checkout): one warehouse per order,
 * sold-out lines never picked, a quantity from 1 up to the stock, saved once the typing stops.
 */

const line = (seq: number, storageId: number, price: number, stock: number, qty = 1) =>
  cartLine(seq, storageId, price, stock, qty);
// Korea first (two orderable lines and a sold-out one), then China.
const LINES = [line(11, 1, 32_000, 6), line(12, 1, 47_500, 9), line(13, 1, 5_000, 0), line(14, 2, 18_900, 4)];

let sent: { url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ code: 201, message: '', results: null, total: 0 }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCart(lines: CartLine[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(cartQuery.queryKey, { code: 200, message: '', results: lines, total: lines.length });
  return renderScreen(<CartPage />, client);
}

const rowOf = (name: string) => screen.getAllByTestId('cart-line').find((r) => r.textContent?.includes(name))!;
const alertText = () => screen.getByRole('alertdialog').textContent;

describe('the cart screen', () => {
  it("opens with the first warehouse's orderable lines and refuses a line of another warehouse", async () => {
    renderCart(LINES);
    expect(screen.getByTestId('selected-count').textContent).toBe('2건');
    expect(screen.getByTestId('cart-total').textContent).toBe('79,500원');
    fireEvent.click(screen.getByLabelText('부품 14 선택'));
    await waitFor(() => expect(alertText()).toContain(MSG_ORDER.oneWarehouse));
    expect((screen.getByLabelText('부품 14 선택') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('selected-count').textContent).toBe('2건');
  });

  it('lets the other warehouse be chosen once the first is cleared, and never picks a sold-out line', async () => {
    renderCart(LINES);
    fireEvent.click(screen.getByLabelText(`${KOREA} 상품 전체 선택`));
    expect(screen.getByTestId('selected-count').textContent).toBe('0건');
    fireEvent.click(screen.getByLabelText('부품 14 선택'));
    expect(screen.getByTestId('selected-count').textContent).toBe('1건');
    expect(screen.getByTestId('cart-total').textContent).toBe('18,900원');
    fireEvent.click(screen.getByLabelText('부품 13 선택'));
    await waitFor(() => expect(alertText()).toContain('재고가 없어 주문할 수 없습니다. 삭제해 주세요.'));
    expect(screen.getByTestId('selected-count').textContent).toBe('1건');
  });

  it('keeps a quantity between 1 and the stock, and saves only the last typed one', async () => {
    renderCart(LINES);
    const row = rowOf('부품 11');
    const qty = within(row).getByLabelText('수량') as HTMLInputElement;
    expect((within(row).getByLabelText('수량 줄이기') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(qty, { target: { value: '3' } });
    fireEvent.change(qty, { target: { value: '56' } });
    await waitFor(() => expect(qty.value).toBe('6'));
    expect(within(row).getByTestId('line-amount').textContent).toBe('192,000');
    expect(screen.getByRole('status').textContent).toContain('재고가 6개라 수량을 맞췄습니다.');
    expect((within(row).getByLabelText('수량 늘리기') as HTMLButtonElement).disabled).toBe(true);
    // Nothing is sent while typing; one save of the last quantity after the pause.
    expect(sent).toEqual([]);
    await waitFor(() => expect(sent).toEqual([{ url: '/api/updateCartQuantity', body: { seq: 11, qty: 6 } }]));
    await act(async () => new Promise((r) => setTimeout(r, 500)));
    expect(sent).toHaveLength(1);
    // A sold-out line's picker cannot be used.
    expect((within(rowOf('부품 13')).getByLabelText('수량') as HTMLInputElement).disabled).toBe(true);
  });

  it("says plainly a line holds more than the stock left, in the words of the server's refusal", () => {
    // The stock fell to 23 under a line of 25 (another buyer paid).
    renderCart([line(21, 1, 10_000, 23, 25)]);
    expect(within(rowOf('부품 21')).getByText(/^재고 23개/).textContent).toBe(
      '재고 23개, 주문 25개: 수량을 23개 이하로 줄여 주세요.',
    );
    // The server's text for the same: the two figures, never '재고 23개 중 25개가 이미 장바구니에 있음'.
    expect(MSG_ORDER.qtyOverStock(23, 25)).toBe(
      '재고가 부족합니다. 주문 가능 수량은 23개입니다. (재고 23개, 장바구니 25개)',
    );
    expect(MSG_QUICK_ORDER.lineStock('브레이크 패드', 23, 25)).toBe('브레이크 패드 (재고 23개, 장바구니 25개)');
  });
});
