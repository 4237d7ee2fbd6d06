// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MSG_CREDIT } from '@partsmall/contract';
import { CreditAccountModal } from './CreditAccountForm';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer, recordRequests } from '../../../../test/api-mock';

/**
 * 외상 설정 변경 (docs/requirements.md#credit-screens): a won amount the contract refuses is said under
 * its field while it is typed, beyond the maximum as at once as -1 or 1.5, and nothing is sent.
 */
const sent = recordRequests(() => jsonAnswer({ code: 201, message: MSG_CREDIT.saved, results: {} }));
const terms = [{ code: 'EOM_NEXT_10', label: '월말 마감 익월 10일', rule: 'next_month_day' as const, value: 10 }];

function open() {
  renderScreen(<CreditAccountModal companyId={1} account={null} terms={terms} onClose={vi.fn()} />, new QueryClient());
  return screen.getByRole('dialog', { name: '외상 거래 시작' });
}

describe('the credit account form', () => {
  it('flags a limit beyond 1조 while it is typed, as it flags -1', async () => {
    const layer = open();
    const limit = within(layer).getByLabelText('외상 한도(원)');
    fireEvent.change(limit, { target: { value: '1000000000001' } });
    expect((await within(layer).findByRole('alert')).textContent).toBe(MSG_CREDIT.limitInvalid);
    fireEvent.change(limit, { target: { value: '1000000000000' } });
    await vi.waitFor(() => expect(within(layer).queryByRole('alert')).toBeNull());
    fireEvent.change(limit, { target: { value: '-1' } });
    expect((await within(layer).findByRole('alert')).textContent).toBe(MSG_CREDIT.limitInvalid);
    expect(sent).toEqual([]);
  });

  it('flags an overdue threshold beyond 1조 at once too', async () => {
    const layer = open();
    fireEvent.change(within(layer).getByLabelText('연체 기준 금액(원)'), { target: { value: '2000000000000' } });
    expect((await within(layer).findByRole('alert')).textContent).toBe(MSG_CREDIT.thresholdInvalid);
    expect(sent).toEqual([]);
  });
});
