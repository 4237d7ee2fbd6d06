// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG_ADMIN, MSG_CREDIT, MSG_DEPOSIT, type DepositRow } from '@partsmall/contract';
import DepositQueuePage, { placedLine } from './DepositQueuePage';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer } from '../../../../test/api-mock';

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

/** A deposit applied to company 7 (named `companyName`): what recordDeposit answers once it is placed. */
const appliedRow = (seq: number, companyName: string, placed: Partial<DepositRow> = {}): DepositRow => ({
  ...row(seq),
  companyId: 7,
  companyName,
  status: 'applied',
  statusLabel: '반영',
  reviewReason: undefined,
  ...placed,
});

/** What the page sent besides reading the queue. */
let sent: { url: string; body: Record<string, unknown> }[] = [];
/** How api/admin/recordDeposit answers each time in turn: a lost answer, or the deposit recorded. */
let recordAnswers: ('lost' | DepositRow)[] = [];

/**
 * The server's answer to api/admin/depositQueue (the queue, or with status 'ignored' the deposits set
 * aside), and to api/admin/dismissDeposit the deposit set aside; any other call is refused as a
 * network failure.
 */
function serve(results: DepositRow[], total: number, dismissed: DepositRow[] = []) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/admin/depositQueue'))
        return JSON.parse(String(init?.body)).status === 'ignored'
          ? jsonAnswer({ code: 200, message: '', results: dismissed, total: dismissed.length })
          : jsonAnswer({ code: 200, message: '', results, total });
      if (url.endsWith('/api/admin/restoreDeposit')) {
        const body = JSON.parse(String(init?.body)) as { seq: number };
        sent.push({ url, body });
        const back = { ...dismissed.find((r) => r.seq === body.seq)!, status: 'review', statusLabel: '확인 필요' };
        return jsonAnswer({ code: 200, message: MSG_DEPOSIT.restored, results: back });
      }
      if (url.endsWith('/api/admin/recordDeposit')) {
        sent.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
        const answer = recordAnswers.shift();
        if (answer === undefined || answer === 'lost') throw new TypeError('Failed to fetch');
        return jsonAnswer({ code: 201, message: '입금 120,000원을 반영했습니다.', results: answer });
      }
      if (!url.endsWith('/api/admin/dismissDeposit')) throw new Error('no network in a component test');
      const body = JSON.parse(String(init?.body)) as { seq: number; reason: string };
      sent.push({ url, body });
      const aside = { ...results.find((r) => r.seq === body.seq)!, status: 'ignored', statusLabel: '제외' };
      return jsonAnswer({
        code: 200,
        message: MSG_DEPOSIT.dismissed,
        results: { ...aside, dismissReason: body.reason },
      });
    }),
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

describe('setting a queued deposit aside', () => {
  it('asks for a reason, refuses none with the contract message, and sends the one written', async () => {
    serve([row(71), row(72)], 2);
    render();
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(2));
    const second = screen.getAllByTestId('deposit-row')[1]!;
    fireEvent.click(within(second).getByRole('button', { name: '제외' }));
    const layer = await screen.findByRole('dialog', { name: '입금 제외' });
    expect(within(layer).getByText(/입금자72 10,072원을 확인 대기 목록에서 뺍니다/)).toBeTruthy();

    fireEvent.click(within(layer).getByRole('button', { name: '제외' }));
    expect((await within(layer).findByRole('alert')).textContent).toBe(MSG_ADMIN.reasonRequired);
    expect(sent).toEqual([]);

    fireEvent.change(within(layer).getByLabelText('제외 사유'), { target: { value: '보낸 분께 반환' } });
    fireEvent.click(within(layer).getByRole('button', { name: '제외' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '입금 제외' })).toBeNull());
    expect(sent.map((s) => s.body)).toEqual([{ seq: 72, reason: '보낸 분께 반환' }]);
    expect(await screen.findByText(MSG_DEPOSIT.dismissed)).toBeTruthy();
  });
});

describe('the deposits set aside', () => {
  it('are listed under the queue with their reason and when', async () => {
    const aside: DepositRow = {
      ...row(81),
      depositorName: '국민은행 결산이자',
      amount: 1_250,
      status: 'ignored',
      statusLabel: '제외',
      reviewReason: undefined,
      dismissReason: '예금 이자',
      dismissedAt: '2026-11-03T05:30:00.000Z',
    };
    serve([row(82)], 1, [aside]);
    render();
    await waitFor(() => expect(screen.getAllByTestId('dismissed-row')).toHaveLength(1));
    const shown = screen.getByTestId('dismissed-row').textContent;
    for (const part of ['국민은행 결산이자', '1,250', '예금 이자', '2026.11.03 14:30']) expect(shown).toContain(part);
    expect(screen.getAllByTestId('deposit-row')).toHaveLength(1);

    // 되돌리기, once confirmed, sends the deposit back to the queue.
    fireEvent.click(within(screen.getByTestId('dismissed-row')).getByRole('button', { name: '되돌리기' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('국민은행 결산이자 1,250원을 확인 대기 목록으로 되돌립니다.');
    expect(sent).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: '되돌리기' }));
    await waitFor(() => expect(sent.map((x) => x.body)).toEqual([{ seq: 81 }]));
    expect(await screen.findByText(MSG_DEPOSIT.restored)).toBeTruthy();
  });

  it('none yet: says so', async () => {
    serve([], 0);
    render();
    expect(await screen.findByText('제외한 입금이 없습니다.')).toBeTruthy();
  });
});

/**
 * A write of 외상 refused with 409 (the deposit another staff member handled meanwhile) reads the
 * lists again before its alert opens, as a success does (docs/requirements.md#back-office): the
 * deposit no longer waits, so it leaves the queue with its 반영 and 제외, instead of answering every
 * retry '이미 처리된 입금입니다.' until a manual reload.
 */
describe('a deposit another staff member handled meanwhile', () => {
  const HANDLED = '이미 처리된 입금입니다.';
  /** How many times the queue was read. */
  let queueReads = 0;

  /**
   * The server: the queue holds a deposit one company's name matches until `call` is sent; that write
   * is refused with 409 (another staff member handled it a moment before), and the queue read after
   * it is empty.
   */
  function serveHandled(call: 'assignDeposit' | 'dismissDeposit') {
    queueReads = 0;
    let handled = false;
    const queued: DepositRow = { ...row(71), candidates: [{ companyId: 7, companyName: '한빛모터스' }] };
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

  it('반영 refused with 409: the queue is read again before the alert, and the deposit leaves it', async () => {
    serveHandled('assignDeposit');
    render();
    const waiting = await screen.findByTestId('deposit-row');
    fireEvent.click(within(waiting).getByRole('button', { name: '반영' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '반영' }));
    await waitFor(() => expect(screen.queryByText(HANDLED)).not.toBeNull());
    expect(queueReads).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('deposit-row')).toBeNull());
  });

  it('제외 refused with 409: the queue is read again before the alert, and the deposit leaves it', async () => {
    serveHandled('dismissDeposit');
    render();
    const waiting = await screen.findByTestId('deposit-row');
    fireEvent.click(within(waiting).getByRole('button', { name: '제외' }));
    const layer = await screen.findByRole('dialog', { name: '입금 제외' });
    fireEvent.change(within(layer).getByLabelText('제외 사유'), { target: { value: '보낸 분께 반환' } });
    fireEvent.click(within(layer).getByRole('button', { name: '제외' }));
    await waitFor(() => expect(screen.queryByText(HANDLED)).not.toBeNull());
    expect(queueReads).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('deposit-row')).toBeNull());
  });
});

describe('what a deposit just recorded did', () => {
  it('an applied deposit: its company, each statement and the cash it paid, and the rule that placed it', () => {
    const applied = appliedRow(61, '한빛모터스', {
      applications: [
        { statementSeq: 3, month: '2026-04', amount: 120_000, toCash: false },
        { statementSeq: 4, month: '2026-05', amount: 8_500, toCash: false },
        { statementSeq: null, month: null, amount: 1_500, toCash: true },
      ],
      rule: '결제기한이 빠른 명세서부터',
    });
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

describe('a deposit staff type in', () => {
  it('sent again after its answer was lost keeps its request id; changed values or a recorded deposit get a new one', async () => {
    const applied = appliedRow(91, '가온상사');
    serve([], 0);
    recordAnswers = ['lost', 'lost', applied, applied];
    render();
    const form = await screen.findByRole('form', { name: '입금 등록' });
    const fill = (name: string, amount: string) => {
      fireEvent.change(within(form).getByLabelText('입금자명'), { target: { value: name } });
      fireEvent.change(within(form).getByLabelText('입금액(원)'), { target: { value: amount } });
      fireEvent.change(within(form).getByLabelText('입금일'), { target: { value: '2026-11-30' } });
    };
    const submit = async (times: number) => {
      fireEvent.click(within(form).getByRole('button', { name: '등록' }));
      await waitFor(() => expect(sent).toHaveLength(times));
      await waitFor(() =>
        expect(within(form).getByRole('button', { name: '등록' }).hasAttribute('disabled')).toBe(false),
      );
    };
    fill('가온상사', '120000');
    await submit(1);
    await submit(2);
    fill('가온상사', '125000');
    await submit(3);
    await screen.findByTestId('deposit-placed');
    fill('가온상사', '125000');
    await submit(4);
    const ids = sent.map((x) => x.body.clientRequestId as string);
    expect(sent.map((x) => x.body.amount)).toEqual([120_000, 120_000, 125_000, 125_000]);
    expect(ids.every((id) => /^[0-9a-f-]{32,36}$/.test(id))).toBe(true);
    expect(ids[1]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('the amount of a deposit staff type in', () => {
  it.each(['1500.5', '15만', '-3000'])(
    'keeps %j as typed and refuses it at once with the Korean message; a number typed after is sent as it reads',
    async (typed) => {
      serve([], 0);
      recordAnswers = [appliedRow(92, '가온상사')];
      render();
      const form = await screen.findByRole('form', { name: '입금 등록' });
      const amount = within(form).getByLabelText('입금액(원)') as HTMLInputElement;
      fireEvent.change(amount, { target: { value: typed } });
      await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(MSG_CREDIT.depositAmountInvalid));
      // Never another amount: '1500.5' was kept as 15005.
      expect(amount.value).toBe(typed);
      fireEvent.change(amount, { target: { value: '1,500,000' } });
      await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
      expect(amount.value).toBe('1,500,000');
      fireEvent.change(within(form).getByLabelText('입금자명'), { target: { value: '가온상사' } });
      fireEvent.click(within(form).getByRole('button', { name: '등록' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body.amount).toBe(1_500_000);
    },
  );
});

describe('a bank file imported', () => {
  it('a refused file clears the last file’s summary and says why in the panel', async () => {
    serve([row(91)], 1);
    const queue = vi.mocked(fetch);
    const answers = [
      {
        status: 201,
        body: {
          code: 201,
          message: '입금내역 3행을 가져왔습니다.',
          results: { rows: 3, applied: 2, review: 1, duplicates: 0, errors: [] },
        },
      },
      { status: 400, body: { code: 400, message: "3행: 미래의 거래일자입니다 ('2099-11-10')." } },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.endsWith('/api/admin/importDeposits')) return queue(url, init);
        const { status, body } = answers.shift()!;
        return jsonAnswer(body, status);
      }),
    );
    render();
    const panel = await screen.findByRole('region', { name: '입금내역 파일 가져오기' });
    const pick = (name: string) =>
      fireEvent.change(within(panel).getByLabelText('입금내역 파일 가져오기'), {
        target: { files: [new File(['입금일시,입금자명,입금액'], name, { type: 'text/csv' })] },
      });
    pick('11월.csv');
    expect((await within(panel).findByRole('status')).textContent).toContain(
      '3행: 반영 2건, 확인 대기 1건, 이미 가져온 행 0건',
    );
    pick('잘못된.csv');
    await waitFor(() => expect(within(panel).queryByRole('status')).toBeNull());
    expect((await within(panel).findByRole('alert')).textContent).toBe("3행: 미래의 거래일자입니다 ('2099-11-10').");
  });
});
