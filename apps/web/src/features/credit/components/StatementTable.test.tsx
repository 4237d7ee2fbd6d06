// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatementRow } from '@partsmall/contract';
import { MobileContext } from '../../../shared/paths';
import { renderScreen } from '../../../../test/render-screen';
import { StatementTable, VirtualAccountLine } from './StatementTable';

/**
 * The 입금 계좌 column of the statements (docs/requirements.md#credit-screens): the account to pay into
 * while something is unpaid, and, as the PDF says, none needed once the statement is paid in full.
 */
const row: StatementRow = {
  seq: 3,
  month: '2026-11',
  companyId: 1,
  companyName: '한빛수입차부품',
  opening: 0,
  charges: 116_700,
  credits: 0,
  payments: 0,
  adjustments: 0,
  closing: 116_700,
  amountDue: 116_700,
  paid: 0,
  unpaid: 116_700,
  refunded: 0,
  dueDate: '2026-12-10',
  status: 'unpaid',
  statusLabel: '미결제',
  termLabel: '월말 마감 익월 10일',
  closedAt: '2026-11-30T15:05:00.000Z',
  taxInvoice: null,
  virtualAccount: {
    bank: '신한은행',
    accountNumber: '562-123456-789',
    holder: '한빛수입차부품',
    expiresAt: '2026-12-10T14:59:59.000Z',
  },
};

afterEach(cleanup);

describe('입금 계좌 of a statement', () => {
  it('shows the virtual account while the statement is unpaid', () => {
    render(<VirtualAccountLine row={row} />);
    expect(screen.getByTestId('statement-va').textContent).toBe('신한은행 562-123456-789 한빛수입차부품');
  });

  it('a statement paid in full needs no account, although one was issued for it', () => {
    const { container } = render(
      <VirtualAccountLine row={{ ...row, paid: 116_700, unpaid: 0, status: 'paid', statusLabel: '결제 완료' }} />,
    );
    expect(container.textContent).toBe('필요 없음 (미결제 금액 없음)');
    expect(screen.queryByTestId('statement-va')).toBeNull();
  });
});

describe("a statement's card on a phone", () => {
  const card = (r: StatementRow) =>
    renderScreen(
      <MobileContext.Provider value={true}>
        <StatementTable label="명세서" rows={[r]} />
      </MobileContext.Provider>,
      new QueryClient(),
    );
  it('names its 입금 계좌 line, as the desktop column does: the account, or none needed once paid', () => {
    card(row);
    expect(screen.getByTestId('statement-va').closest('p')!.textContent).toBe(
      '입금 계좌 신한은행 562-123456-789 한빛수입차부품',
    );
    cleanup();
    card({ ...row, paid: 116_700, unpaid: 0, status: 'paid', statusLabel: '결제 완료' });
    expect(screen.getByText(/필요 없음/).closest('p')!.textContent).toBe('입금 계좌 필요 없음 (미결제 금액 없음)');
  });
});
