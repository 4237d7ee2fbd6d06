// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MonthStatements } from './MonthStatements';
import { createQueryClient } from '../../../shared/query';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer } from '../../../../test/api-mock';

/**
 * 다시 보내기 on 업체별 명세서 (docs/requirements.md#monthly-close): off for a statement with nothing
 * left to pay, saying why; the server's answer to a press is shown as it is, a refusal included.
 */
const statement = (seq: number, companyName: string, amountDue: number, paid: number) => ({
  seq,
  month: '2026-09',
  companyId: seq,
  companyName,
  opening: 0,
  charges: amountDue,
  credits: 0,
  payments: 0,
  adjustments: 0,
  closing: amountDue - paid,
  amountDue,
  paid,
  unpaid: Math.max(0, amountDue - paid),
  refunded: 0,
  dueDate: '2026-10-10',
  status: paid >= amountDue ? 'paid' : 'unpaid',
  statusLabel: paid >= amountDue ? '결제 완료' : '미결제',
  termLabel: '월말 마감 익월 10일',
  closedAt: '2026-10-01T00:05:00.000Z',
  taxInvoice: null,
  virtualAccount: null,
});

let resent: unknown[];
/** The month's statements; 다시 보내기 answered with `resend`. */
function answer(resend: { code: number; message: string }) {
  resent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/admin/resendStatement')) {
        resent.push(JSON.parse(String(init?.body)));
        return jsonAnswer(resend, resend.code >= 400 ? resend.code : 200);
      }
      const results = [statement(41, '완납상사', 82_000, 82_000), statement(42, '미납상사', 82_000, 30_000)];
      return jsonAnswer({ code: 200, message: '', results, total: 2 });
    }),
  );
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('다시 보내기 of a month’s statements', () => {
  it('is off for a paid statement, saying why; an unpaid one is sent, a refusal shown as the server says it', async () => {
    // The statement paid after the list was read: the server refuses it.
    const refusal = '결제가 끝난 명세서는 다시 보내지 않습니다. 명세서 알림톡은 결제를 요청하는 안내입니다.';
    answer({ code: 409, message: refusal });
    renderScreen(<MonthStatements />, createQueryClient());
    const paid = (await screen.findByRole('button', {
      name: '완납상사 2026년 9월 명세서 다시 보내기',
    })) as HTMLButtonElement;
    expect([paid.disabled, paid.title]).toEqual([true, refusal]);
    fireEvent.click(paid);
    const unpaid = screen.getByRole('button', { name: '미납상사 2026년 9월 명세서 다시 보내기' }) as HTMLButtonElement;
    expect([unpaid.disabled, unpaid.title]).toEqual([false, '']);
    fireEvent.click(unpaid);
    await waitFor(() => expect(screen.getByRole('alertdialog').textContent).toContain(refusal));
    expect(resent).toEqual([{ seq: 42 }]);
  });
});
