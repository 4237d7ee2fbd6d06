// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DepositRow } from '@partsmall/contract';
import DepositQueuePage from './DepositQueuePage';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer } from '../../../../test/api-mock';

/**
 * A write of 외상 refused with 409 (the deposit another staff member handled meanwhile) reads the
 * lists again before its alert opens, as a success does (docs/requirements.md#back-office): the
 * deposit no longer waits, so it leaves the queue with its 반영 and 제외, instead of answering every
 * retry '이미 처리된 입금입니다.' until a manual reload.
 */

const HANDLED = '이미 처리된 입금입니다.';

const queued: DepositRow = {
  seq: 71,
  source: 'import',
  depositorName: '한빛모터스',
  amount: 120_000,
  depositedAt: '2026-11-02T01:00:00.000Z',
  companyId: null,
  companyName: null,
  status: 'review',
  statusLabel: '확인 대기',
  reviewReason: '입금자명과 일치하는 업체가 없습니다.',
  candidates: [{ companyId: 7, companyName: '한빛모터스' }],
  applications: [],
  created: '2026-11-02T01:00:00.000Z',
};

/** How many times the queue was read. */
let queueReads = 0;

/**
 * The server: the queue holds the deposit until a write is sent; that write is refused with 409
 * (another staff member set it aside a moment before), and the queue read after it is empty.
 */
function serve(call: 'assignDeposit' | 'dismissDeposit') {
  queueReads = 0;
  let handled = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/admin/depositQueue')) {
        if (JSON.parse(String(init?.body)).status === 'ignored')
          return jsonAnswer({ code: 200, message: '', results: [], total: 0 });
        queueReads += 1;
        const results = handled ? [] : [queued];
        return jsonAnswer({ code: 200, message: '', results, total: results.length });
      }
      if (url.endsWith(`/api/admin/${call}`)) {
        handled = true;
        return jsonAnswer({ code: 409, message: HANDLED }, 409);
      }
      throw new Error('no network in a component test');
    }),
  );
}

const render = () =>
  renderScreen(<DepositQueuePage />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a deposit another staff member handled meanwhile', () => {
  it('반영 refused with 409: the queue is read again before the alert, and the deposit leaves it', async () => {
    serve('assignDeposit');
    render();
    const row = await screen.findByTestId('deposit-row');
    fireEvent.click(within(row).getByRole('button', { name: '반영' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '반영' }));
    await waitFor(() => expect(screen.queryByText(HANDLED)).not.toBeNull());
    expect(queueReads).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('deposit-row')).toBeNull());
  });

  it('제외 refused with 409: the queue is read again before the alert, and the deposit leaves it', async () => {
    serve('dismissDeposit');
    render();
    const row = await screen.findByTestId('deposit-row');
    fireEvent.click(within(row).getByRole('button', { name: '제외' }));
    const layer = await screen.findByRole('dialog', { name: '입금 제외' });
    fireEvent.change(within(layer).getByLabelText('제외 사유'), { target: { value: '보낸 분께 반환' } });
    fireEvent.click(within(layer).getByRole('button', { name: '제외' }));
    await waitFor(() => expect(screen.queryByText(HANDLED)).not.toBeNull());
    expect(queueReads).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('deposit-row')).toBeNull());
  });
});
