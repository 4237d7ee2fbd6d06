// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreditSummary, StatementRow } from '@partsmall/contract';
import { session } from '../../shared/session';
import { CreditSection } from './CreditSection';
import { renderScreen } from '../../../test/render-screen';
import { companyAccount, jsonAnswer } from '../../../test/api-mock';

/**
 * 외상 거래 after a return past the close (docs/requirements.md#credit-screens): the credit note lowers
 * 사용 at once, the closed statement still bills the order, and the buyer is told what the next close
 * takes off, beside the figures, over the statements and before paying one from cash.
 */

const summary = (over: Partial<CreditSummary> = {}): CreditSummary => ({
  status: 'active',
  statusLabel: '정상',
  limit: 3_000_000,
  allowExceed: false,
  used: 6_000,
  available: 2_994_000,
  termCode: 'EOM_NEXT_10',
  termLabel: '월말 마감 익월 10일',
  aging: { current: 97_500, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
  ...over,
});

const december: StatementRow = {
  seq: 1,
  month: '2026-12',
  companyId: 1,
  companyName: '한빛수입차부품',
  opening: 0,
  charges: 97_500,
  credits: 0,
  payments: 0,
  adjustments: 0,
  closing: 97_500,
  amountDue: 97_500,
  paid: 0,
  unpaid: 97_500,
  dueDate: '2027-01-11',
  status: 'unpaid',
  statusLabel: '미결제',
  termLabel: '월말 마감 익월 10일',
  closedAt: '2026-12-06T22:40:00.000Z',
  refunded: 0,
  taxInvoice: null,
  virtualAccount: null,
};

let answer: CreditSummary;
let rows: StatementRow[];
beforeEach(() => {
  rows = [december];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/getCreditSummary')) return jsonAnswer({ code: 200, message: '', results: answer });
      if (url.endsWith('/api/getStatements'))
        return jsonAnswer({ code: 200, message: '', results: rows, total: rows.length });
      throw new Error('no network in a component test');
    }),
  );
  // The company holds 200,000원 of cash: 캐시 결제 is offered.
  session.login('tok-credit', companyAccount(0, { point: 200_000 }));
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

async function open(s: CreditSummary) {
  answer = s;
  renderScreen(<CreditSection />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  // The first render of a run loads the screen's modules: more than findBy's default second under load.
  await screen.findAllByTestId('statement-row', {}, { timeout: 5_000 });
}

/** Presses 캐시 결제 of December and answers the question's text (nothing is paid: it is not confirmed). */
async function cashQuestion(): Promise<string> {
  fireEvent.click(screen.getAllByRole('button', { name: '2026년 12월 명세서 캐시 결제' })[0]!);
  const ask = await screen.findByRole('alertdialog', { name: '캐시로 명세서 결제' });
  return ask.querySelector('.alert-text')!.textContent!;
}

describe('외상 거래 with a return still to be taken off', () => {
  it('says beside 사용 what the next close takes off, and why 미수 still shows the statement', async () => {
    await open(summary({ pendingCredit: 91_500 }));
    expect(screen.getByTestId('credit-used').textContent).toBe('6,000원');
    expect(screen.getByTestId('aging-total').textContent).toBe('97,500원');
    const pending = screen.getByTestId('credit-pending');
    expect(within(pending).getByTestId('credit-pending-amount').textContent).toBe('91,500원');
    expect(pending.textContent).toBe(
      '반품·취소로 다음 마감 때 차감될 금액 91,500원사용에는 이미 반영되었고, 기간별 미수와 명세서에는 다음 마감 때 반영됩니다.',
    );
  });

  it('tells over the statements that a closed statement is paid as billed', async () => {
    await open(summary({ pendingCredit: 91_500 }));
    expect(screen.getByTestId('statement-pending-note').textContent).toBe(
      '반품·취소 91,500원은 마감된 명세서에서 빠지지 않고 다음 마감 때 차감됩니다. 지금 결제하시면 명세서의 미결제 금액대로 결제됩니다.',
    );
  });

  it('asks before paying from cash with the whole statement and the amount taken off later', async () => {
    await open(summary({ pendingCredit: 91_500 }));
    expect(await cashQuestion()).toBe(
      '보유 캐시 97,500원으로 2026년 12월 명세서를 결제합니다. 반품·취소 91,500원은 이 명세서에서 빠지지 않고 다음 마감 때 차감됩니다. 결제한 캐시는 되돌릴 수 없습니다.',
    );
  });
});

describe('외상 거래 after the statements are paid', () => {
  const paid = { ...december, paid: 97_500, unpaid: 0, status: 'paid' as const, statusLabel: '결제 완료' };

  it('a return still to come off says so, without asking to pay what nothing is left of', async () => {
    rows = [paid];
    await open(summary({ used: 0, available: 3_000_000, pendingCredit: 91_500 }));
    expect(screen.getByTestId('statement-pending-note').textContent).toBe(
      '반품·취소 91,500원은 마감된 명세서에서 빠지지 않고 다음 마감 때 차감됩니다.',
    );
  });

  it('once the close credited it: no return pending, the refund to cash on its statement', async () => {
    const january: StatementRow = {
      ...december,
      seq: 2,
      month: '2027-01',
      opening: 97_500,
      charges: 0,
      credits: -91_500,
      payments: -97_500,
      closing: -91_500,
      amountDue: -91_500,
      paid: -91_500,
      unpaid: 0,
      refunded: 91_500,
      status: 'paid',
      statusLabel: '결제 완료',
    };
    rows = [january, paid];
    await open(summary({ used: 0, available: 3_000_000, aging: { ...summary().aging, current: 0 } }));
    expect(screen.queryByTestId('credit-pending')).toBeNull();
    expect(screen.queryByTestId('statement-pending-note')).toBeNull();
    expect(screen.getAllByTestId('statement-credit')[0]!.textContent).toBe('캐시로 환급 91,500원');
  });

  it('credit a close left on a statement is told as what the next statement takes off', async () => {
    rows = [paid];
    await open(summary({ used: 0, available: 3_000_000, statementCredit: 20_000 }));
    expect(screen.queryByTestId('credit-pending')).toBeNull();
    expect(screen.getByTestId('credit-statement-credit').textContent).toBe(
      '차감 잔액 20,000원은 다음 명세서에서 차감됩니다.',
    );
  });
});

describe('외상 거래 with nothing pending', () => {
  it('shows neither line, and the cash question as before', async () => {
    await open(summary({ used: 97_500, available: 2_902_500 }));
    expect(screen.queryByTestId('credit-pending')).toBeNull();
    expect(screen.queryByTestId('statement-pending-note')).toBeNull();
    expect(await cashQuestion()).toBe(
      '보유 캐시 97,500원으로 2026년 12월 명세서를 결제합니다. 결제한 캐시는 되돌릴 수 없습니다.',
    );
  });
});
