// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DepositRow } from '@partsmall/contract';
import DepositQueuePage from './DepositQueuePage';
import { renderScreen } from '../../../../test/render-screen';

/**
 * The review queue answers its oldest 500 deposits and `total`, how many wait in all
 * (docs/requirements.md#credit-deposits): staff are told when there are more than the page shows.
 */

const row = (seq: number): DepositRow => ({
  seq,
  source: 'import',
  depositorName: `입금자${seq}`,
  amount: 10_000 + seq,
  depositedAt: '2026-11-02T01:00:00.000Z',
  companyId: null,
  companyName: null,
  status: 'review',
  statusLabel: '확인 대기',
  reviewReason: '입금자명과 일치하는 업체가 없습니다.',
  candidates: [],
  applications: [],
  created: '2026-11-02T01:00:00.000Z',
});

/** The server's answer to api/admin/depositQueue; any other call is refused as a network failure. */
function serve(results: DepositRow[], total: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/api/admin/depositQueue')
        ? new Response(JSON.stringify({ code: 200, message: '', results, total }), {
            headers: { 'content-type': 'application/json' },
          })
        : Promise.reject(new Error('no network in a component test')),
    ),
  );
}

const render = () =>
  renderScreen(<DepositQueuePage />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the deposit review queue', () => {
  it('more waiting than one answer shows: says how many in all and that the oldest come first', async () => {
    serve([row(41), row(42), row(43)], 1_204);
    render();
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(3));
    expect(screen.getByTestId('deposit-queue-more').textContent).toBe(
      '확인할 입금이 모두 1,204건입니다. 오래된 3건을 먼저 보여 드리며, 업체를 정하면 다음 입금이 이어서 보입니다.',
    );
  });

  it('every waiting deposit shown: no such note', async () => {
    serve([row(51), row(52)], 2);
    render();
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(2));
    expect(screen.getByText('입금자51')).toBeTruthy();
    expect(screen.queryByTestId('deposit-queue-more')).toBeNull();
  });
});
