// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentRecord } from '@partsmall/contract';
import { MobileContext } from '../../shared/paths';
import { renderScreen } from '../../../test/render-screen';
import { PaymentHistorySection } from './PaymentHistorySection';

/**
 * The cash payment history (docs/requirements.md#member-area): a charge staff made reads '관리자' as
 * its 사용자, in the desktop table and on the phone's card alike, never a blank or a stray '·'.
 */
const ROWS: PaymentRecord[] = [
  {
    seq: 2,
    transaction_date: '2026-12-01T01:00:00.000Z',
    pgcode: 'manager',
    product_name: '캐시 충전 5,000,000원',
    user_name: '',
    amount: 5_000_000,
  },
  {
    seq: 1,
    transaction_date: '2026-11-30T01:00:00.000Z',
    pgcode: 'creditcard',
    product_name: '캐시 충전 30,000원',
    user_name: '한새별',
    amount: 30_000,
  },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/mallPendingTransfers')
        ? { code: 200, message: '', results: [] }
        : { code: 200, message: '', results: ROWS, total: ROWS.length };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderOn(mobile: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderScreen(
    <MobileContext.Provider value={mobile}>
      <PaymentHistorySection kind="cash" />
    </MobileContext.Provider>,
    client,
  );
}

describe('the cash payment history', () => {
  it("desktop: a staff charge's 사용자 cell reads 관리자; a member's its name", async () => {
    renderOn(false);
    const staffRow = (await screen.findByText('캐시 충전 5,000,000원')).closest('tr')!;
    const cells = [...staffRow.querySelectorAll('td')].map((td) => td.textContent);
    // Its 결제수단 badge and its 사용자 both read 관리자.
    expect(cells.filter((c) => c === '관리자')).toHaveLength(2);
    const memberRow = screen.getByText('캐시 충전 30,000원').closest('tr')!;
    expect([...memberRow.querySelectorAll('td')].map((td) => td.textContent)).toContain('한새별');
  });

  it("phone: the staff charge's card reads '관리자 · 5,000,000원', no stray separator", async () => {
    renderOn(true);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    // Each card's last line: who, the amount and its VAT.
    const lines = screen.getAllByRole('listitem').map((li) => li.querySelector('p:last-child')?.textContent);
    expect(lines).toEqual(['관리자 · 5,000,000원 (VAT 454,545원)', '한새별 · 30,000원 (VAT 2,727원)']);
  });
});
