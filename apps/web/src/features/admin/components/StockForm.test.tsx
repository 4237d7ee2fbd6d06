// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '@partsmall/contract';
import { StockForm } from './StockForm';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer, recordRequests } from '../../../../test/api-mock';

/**
 * A stock change's reason shows a character (docs/requirements.md#validation): Hangul fillers or
 * zero-width spaces alone are said under the field, as a blank one is, and nothing is sent.
 */
const product = { seq: 57, hasAmount: 17 } as AdminProduct;

const sent = recordRequests(() =>
  jsonAnswer({ code: 200, message: '재고를 변경했습니다.', results: { ...product, hasAmount: 15 } }),
);

describe('재고 변경', () => {
  it("refuses a reason of Hangul fillers with '사유를 입력하세요.', then sends a real one", async () => {
    const onChanged = vi.fn();
    renderScreen(<StockForm product={product} onChanged={onChanged} />, new QueryClient());
    const form = screen.getByRole('form', { name: '재고 변경' });
    fireEvent.change(within(form).getByLabelText('변경 수량 (입고 +, 출고·폐기 -)'), { target: { value: '-2' } });
    fireEvent.change(within(form).getByLabelText('사유'), { target: { value: '\u3164\u3164' } });
    fireEvent.click(within(form).getByRole('button', { name: '재고 변경' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('사유를 입력하세요. (2~200자)');
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText('사유'), { target: { value: '파손 폐기' } });
    fireEvent.click(within(form).getByRole('button', { name: '재고 변경' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(15));
    expect(sent).toEqual([
      { url: expect.stringMatching(/\/api\/admin\/changeStock$/), body: { seq: 57, delta: -2, reason: '파손 폐기' } },
    ]);
  });
});
