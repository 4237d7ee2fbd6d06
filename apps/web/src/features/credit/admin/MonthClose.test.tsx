// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG_CREDIT } from '@partsmall/contract';
import { CompanyMonthClose } from './MonthClose';
import { createQueryClient } from '../../../shared/query';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer } from '../../../../test/api-mock';

/**
 * 명세서 미리보기 (docs/requirements.md#monthly-close): the statement the close will write; when
 * earlier months are closed first, the preview says which, and its opening carries them.
 */
let sent: unknown[];
function answerPreview(
  catchUpMonths: string[],
  opening: number,
  /** Fields that differ from a September with one 82,000 line, due and unpaid. */
  overrides: Record<string, unknown> = {},
) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      const results = {
        month: '2026-09',
        companyId: 31,
        companyName: '밀린마감상사',
        opening,
        charges: 82_000,
        credits: 0,
        payments: 0,
        adjustments: 0,
        closing: opening + 82_000,
        amountDue: 82_000,
        paid: 0,
        unpaid: 82_000,
        dueDate: '2026-10-10',
        status: 'unpaid',
        statusLabel: '미결제',
        termLabel: '익월 10일',
        lines: [
          {
            receivableSeq: 7,
            kind: 'charge',
            kindLabel: '출고',
            orderSeq: 12,
            date: '2026-09-08',
            description: '주문 #12 출고',
            amount: 82_000,
          },
        ],
        catchUpMonths,
        makesStatement: true,
        ...overrides,
      };
      return jsonAnswer({ code: 200, message: '', results });
    }),
  );
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function previewSeptember() {
  renderScreen(<CompanyMonthClose companyId={31} companyName="밀린마감상사" mayClose={false} />, createQueryClient());
  fireEvent.change(screen.getByLabelText('마감할 달'), { target: { value: '2026-09' } });
  fireEvent.click(screen.getByRole('button', { name: '명세서 미리보기' }));
  return screen.findByTestId('statement-preview');
}

describe('the statement preview', () => {
  it('names the earlier months the close makes first; the opening carries them', async () => {
    answerPreview(['2026-07', '2026-08'], 44_000);
    const preview = await previewSeptember();
    expect(sent).toEqual([{ companyId: 31, month: '2026-09' }]);
    expect(within(preview).getByTestId('preview-catch-up').textContent).toBe(
      '이 달을 마감하면 이전 달 명세서(2026년 7월, 2026년 8월)가 먼저 만들어지며, 그 달들의 내역은 이월 잔액에 들어 있습니다.',
    );
    expect(within(preview).getByText('44,000원')).toBeTruthy();
    expect(within(preview).getByTestId('preview-due-amount').textContent).toBe('82,000원');
    const status = within(preview).getByTestId('preview-status');
    expect([status.textContent, status.querySelector('.cr-badge')?.className]).toEqual([
      '미결제',
      'cr-badge cr-st-unpaid',
    ]);
  });

  it('says the status the statement would have today: a month past its due date is 연체', async () => {
    answerPreview([], 0, { status: 'overdue', statusLabel: '연체' });
    const preview = await previewSeptember();
    const status = within(preview).getByTestId('preview-status');
    expect([status.textContent, status.querySelector('.cr-badge')?.className]).toEqual([
      '연체',
      'cr-badge cr-st-overdue',
    ]);
    expect(within(preview).queryByTestId('preview-no-statement')).toBeNull();
  });

  it('a month with no line and nothing carried in: no status, and says the close makes no statement', async () => {
    answerPreview([], 0, {
      charges: 0,
      closing: 0,
      amountDue: 0,
      unpaid: 0,
      status: 'paid',
      statusLabel: '결제 완료',
      lines: [],
      makesStatement: false,
    });
    const preview = await previewSeptember();
    expect(within(preview).queryByTestId('preview-status')).toBeNull();
    expect(within(preview).queryByText('결제 완료')).toBeNull();
    expect(within(preview).getByTestId('preview-no-statement').textContent).toBe(
      '이 달은 외상 거래도 이월 잔액도 없어, 마감해도 명세서가 만들어지지 않습니다.',
    );
    expect(within(preview).getByText('이 달의 외상 거래가 없습니다.')).toBeTruthy();
  });

  it('a month closed already: the reason is shown where the statement would be', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonAnswer({ code: 400, message: MSG_CREDIT.previewClosed, field: 'month' }, 400)),
    );
    renderScreen(<CompanyMonthClose companyId={31} companyName="밀린마감상사" mayClose={false} />, createQueryClient());
    fireEvent.change(screen.getByLabelText('마감할 달'), { target: { value: '2026-09' } });
    fireEvent.click(screen.getByRole('button', { name: '명세서 미리보기' }));
    expect((await screen.findByText(MSG_CREDIT.previewClosed)).className).toBe('admin-error');
    expect(screen.queryByTestId('statement-preview')).toBeNull();
  });

  it('says nothing of earlier months when there are none', async () => {
    answerPreview([], 0);
    const preview = await previewSeptember();
    expect(within(preview).getByTestId('preview-due-amount').textContent).toBe('82,000원');
    expect(within(preview).queryByTestId('preview-catch-up')).toBeNull();
  });
});
