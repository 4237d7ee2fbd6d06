// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MSG_ADMIN, MSG_CREDIT } from '@partsmall/contract';
import { LiftHoldModal } from './CreditAccountForm';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer, recordRequests } from '../../../../test/api-mock';

/**
 * 외상 보류 해제 (docs/requirements.md#credit): staff give the reason the change is audited with; a
 * reason the contract refuses is said under the field and nothing is sent.
 */
// The company's page as the server answers it (its account read again elsewhere).
const sent = recordRequests(() =>
  jsonAnswer({
    code: 200,
    message: MSG_CREDIT.holdLifted,
    results: { account: null, summary: null, balance: 0, terms: [], audit: [], ledger: [], statements: [] },
  }),
);

describe('lifting a hold', () => {
  it('refuses a one-letter reason, then sends the company and the reason written; the layer closes', async () => {
    const onClose = vi.fn();
    renderScreen(<LiftHoldModal companyId={31} onClose={onClose} />, new QueryClient());
    const layer = screen.getByRole('dialog', { name: '외상 보류 해제' });
    fireEvent.change(within(layer).getByLabelText('변경 사유'), { target: { value: '가' } });
    fireEvent.click(within(layer).getByRole('button', { name: '저장' }));
    expect((await within(layer).findByRole('alert')).textContent).toBe(MSG_ADMIN.reasonRequired);
    expect(sent).toEqual([]);

    fireEvent.change(within(layer).getByLabelText('변경 사유'), { target: { value: '연체 명세서 입금 확인' } });
    fireEvent.click(within(layer).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        url: expect.stringMatching(/\/api\/admin\/liftCreditHold$/),
        body: { companyId: 31, reason: '연체 명세서 입금 확인' },
      },
    ]);
  });
});
