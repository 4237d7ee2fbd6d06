// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DepositRow } from '@partsmall/contract';
import DepositQueuePage, { placedLine } from './DepositQueuePage';
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

describe('what a deposit just recorded did', () => {
  it('an applied deposit: its company, each statement and the cash it paid, and the rule that placed it', () => {
    const applied: DepositRow = {
      ...row(61),
      companyId: 7,
      companyName: '한빛모터스',
      status: 'applied',
      statusLabel: '반영',
      reviewReason: undefined,
      applications: [
        { statementSeq: 3, month: '2026-04', amount: 120_000, toCash: false },
        { statementSeq: 4, month: '2026-05', amount: 8_500, toCash: false },
        { statementSeq: null, month: null, amount: 1_500, toCash: true },
      ],
      rule: '결제기한이 빠른 명세서부터',
    };
    expect(placedLine(applied)).toBe(
      '한빛모터스: 2026년 4월 명세서 120,000원, 2026년 5월 명세서 8,500원, 캐시 1,500원 (결제기한이 빠른 명세서부터)',
    );
  });

  it('a deposit no company matched: why it waits, and where staff give it its company', () => {
    expect(placedLine(row(62))).toBe(
      '입금자62: 입금자명과 일치하는 업체가 없습니다. 아래 확인 대기 목록에서 업체를 정하세요.',
    );
  });
});
