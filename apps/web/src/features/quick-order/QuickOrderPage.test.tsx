// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { QuickOrderCandidate, QuickOrderRowAnswer } from '@partsmall/contract';
import { QuickOrderPage } from './QuickOrderPage';
import { renderScreen } from '../../../test/render-screen';
import { jsonAnswer, recordRequests } from '../../../test/api-mock';

const candidate = (productId: number, pid: string, stock: number): QuickOrderCandidate => ({
  productId,
  name: `부품 ${pid}`,
  pid,
  factoryNum: '',
  price: 21_700,
  stock,
  stockName: '한국 김포물류센터',
  storageId: 1,
  match: 'own',
  label: '품번 일치',
});

/** A line found by its own number with `stock` in store, `qty` asked for and proposed (1 unless given). */
const row = (
  line: number,
  pid: string,
  { stock, qty = 1, ...fields }: Partial<Omit<QuickOrderRowAnswer, 'qty'>> & { stock: number; qty?: number },
): QuickOrderRowAnswer => ({
  line,
  input: `${pid} ${qty}`,
  partNumber: pid,
  qty,
  orderQty: qty,
  memo: '',
  status: 'exact',
  message: '품번이 일치합니다.',
  candidates: [candidate(line * 10, pid, stock)],
  productId: line * 10,
  mergedLines: [],
  ...fields,
});

/** The answer of the paste; the cart takes what is sent to it. */
let results: QuickOrderRowAnswer[] = [];
/** A workbook's rows left out as hidden, in the answer when set. */
let hiddenRows: number | undefined;
const sent = recordRequests((url) =>
  url.includes('addQuickOrderToCart')
    ? jsonAnswer({ code: 201, message: '1개 상품을 장바구니에 담았습니다.', results: { added: 1 } }, 201)
    : jsonAnswer({ code: 200, message: '정상 처리되었습니다.', results, ...(hiddenRows ? { hiddenRows } : {}) }),
);

/** Pastes `text` on the page (the phone's with `mobile`), asks for the check and gives the results. */
async function check(text: string, { mobile = false } = {}) {
  sessionStorage.clear();
  renderScreen(
    <QuickOrderPage mobile={mobile} />,
    new QueryClient({ defaultOptions: { mutations: { retry: false } } }),
  );
  fireEvent.change(screen.getByRole('textbox', { name: '품번 목록 붙여넣기' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '품번 확인' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  return screen.findByRole('region', { name: '확인 결과' });
}

/** A paste whose line 4 has line 2's number: the answers below merge it into line 2. */
const PASTE = '순번\t품번\t수량\t비고\n1\t42215489599\t2\t좌측\n2\tT4A52485\t1\t\n3\t42215489599\t3\t메모2';

describe('quick order: lines merged into another (docs/requirements.md#quick-order)', () => {
  it('says which lines were merged into which, and the merged quantity', async () => {
    results = [
      row(2, '42215489599', { qty: 5, memo: '좌측 / 메모2', mergedLines: [4], stock: 10 }),
      row(3, 'T4A52485', { stock: 10 }),
    ];
    const region = await check(PASTE, { mobile: true });
    expect(region.querySelector('[role="status"]')!.textContent).toBe(
      '3줄 중 같은 상품 1줄을 합쳐 2줄이 되었고, 2줄을 담을 수 있습니다.',
    );
    const cards = region.querySelectorAll('tbody tr');
    expect(cards[0]!.textContent).toContain('4줄은 이 줄(2줄)과 같은 상품이라 합쳤습니다. 합친 수량 5개.');
    expect(cards[1]!.textContent).not.toContain('합쳤습니다');
  });

  it('says so too when the stock then cut the merged quantity', async () => {
    results = [
      row(2, '42215489599', {
        qty: 5,
        orderQty: 3,
        status: 'short',
        message: '재고가 3개뿐이라 수량을 3개로 줄였습니다.',
        mergedLines: [4, 6],
        stock: 3,
      }),
      row(3, 'T4A52485', { stock: 10 }),
    ];
    const region = await check(PASTE, { mobile: true });
    expect(region.querySelector('[role="status"]')!.textContent).toBe(
      '4줄 중 같은 상품 2줄을 합쳐 2줄이 되었고, 2줄을 담을 수 있습니다.',
    );
    expect(region.querySelectorAll('tbody tr')[0]!.textContent).toContain(
      '4줄, 6줄은 이 줄(2줄)과 같은 상품이라 합쳤습니다. 합친 수량 5개 중 재고 3개만 담습니다.',
    );
  });

  it('without merged lines the summary is as before', async () => {
    results = [row(2, '42215489599', { stock: 10 }), row(3, 'T4A52485', { stock: 0, status: 'soldOut', orderQty: 0 })];
    const region = await check('42215489599 1\nT4A52485 1', { mobile: true });
    expect(region.querySelector('[role="status"]')!.textContent).toBe('2줄 중 1줄을 담을 수 있습니다.');
    expect(region.textContent).not.toContain('합쳤습니다');
  });
});

/** The lines the table keeps for the session (what is left after the cart took some). */
const storedLines = () =>
  (JSON.parse(sessionStorage.getItem('quickOrderTable') ?? '{"rows":[]}') as { rows: QuickOrderRowAnswer[] }).rows.map(
    (r) => r.line,
  );

describe('a ticked line that cannot go to the cart (docs/requirements.md#quick-order)', () => {
  it('says why on its row: over the stock, under one', async () => {
    results = [row(1, 'T4A52485', { stock: 18, qty: 2 }), row(2, 'A2371291199', { stock: 10, qty: 3 })];
    const region = await check('T4A52485 2\nA2371291199 3');
    const qty = screen.getByRole('spinbutton', { name: '1줄 수량' });
    fireEvent.change(qty, { target: { value: '30' } });
    const first = region.querySelectorAll('tbody tr')[0]!;
    expect(first.querySelector('.qo-why')!.textContent).toBe('재고가 18개라 18개까지 담을 수 있습니다.');
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(region.querySelector('.qo-blocked')!.textContent).toBe(
      '체크한 줄 중 1줄은 담을 수 없습니다. 줄마다 이유를 확인하세요.',
    );
    fireEvent.change(qty, { target: { value: '0' } });
    expect(first.querySelector('.qo-why')!.textContent).toBe('수량을 1개 이상 입력하세요.');
    fireEvent.change(qty, { target: { value: '18' } });
    expect(first.querySelector('.qo-why')).toBeNull();
    expect(region.querySelector('.qo-blocked')).toBeNull();
  });

  it('stays in the table when the other lines go to the cart; only the added lines leave it', async () => {
    results = [row(1, 'T4A52485', { stock: 18, qty: 2 }), row(2, 'A2371291199', { stock: 10, qty: 3 })];
    await check('T4A52485 2\nA2371291199 3');
    fireEvent.change(screen.getByRole('spinbutton', { name: '1줄 수량' }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: '모두 장바구니에 담기 (1)' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ lines: [{ productId: 20, qty: 3 }] });
    await waitFor(() => expect(storedLines()).toEqual([1]));
    const region = await screen.findByRole('region', { name: '확인 결과' });
    expect([...region.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('code')?.textContent)).toEqual([
      'T4A52485',
    ]);
    expect(screen.getByRole('spinbutton', { name: '1줄 수량' })).toHaveProperty('value', '30');
  });

  it('puts nothing while the pasted text holds a line typed after the table was made, and says so', async () => {
    results = [row(1, 'T4A52485', { stock: 18, qty: 2 })];
    await check('T4A52485 2');
    const box = screen.getByRole('textbox', { name: '품번 목록 붙여넣기' });
    fireEvent.change(box, { target: { value: 'T4A52485 2\nA2371291199 3' } });
    fireEvent.click(screen.getByRole('button', { name: '모두 장바구니에 담기 (1)' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      '표를 만든 뒤 붙여넣은 내용이 바뀌었습니다. 바뀐 줄은 표에 없으니 품번 확인을 다시 눌러 주세요.',
    );
    // The typed line was going to be lost: the table's line alone went to the cart.
    expect(sent).toHaveLength(1);
  });
});

describe('a row without a part number (an xlsx title, a merged cell’s second row)', () => {
  it('shows what the row held, so the buyer can tell which row it was', async () => {
    const invalid = (line: number, input: string): QuickOrderRowAnswer => ({
      ...row(line, '', { stock: 0, qty: 0 }),
      input,
      qty: null,
      orderQty: 0,
      status: 'invalid',
      message: '품번에 영문 또는 숫자가 없습니다.',
      candidates: [],
      productId: null,
    });
    results = [
      invalid(1, '견 적 서'),
      row(4, '42215489599', { stock: 10, qty: 2 }),
      invalid(9, '6\t\t병합 아래\t2\t11000'),
    ];
    const region = await check('x');
    const cards = region.querySelectorAll('tbody tr');
    expect(cards[0]!.querySelector('.qo-held')!.textContent).toBe('견 적 서');
    expect(cards[2]!.querySelector('.qo-held')!.textContent).toBe('6 · 병합 아래 · 2 · 11000');
    expect(cards[1]!.querySelector('.qo-held')).toBeNull();
  });
});

describe('lines of one product past one cart line’s limit', () => {
  it('say the merged quantity and the 100,000 offered, not the stock', async () => {
    results = [
      row(1, '42215489599', {
        stock: 150_000,
        qty: 120_000,
        orderQty: 100_000,
        mergedLines: [2],
        message: '한 줄에 100,000개까지 담을 수 있어 수량을 100,000개로 줄였습니다.',
      }),
    ];
    const region = await check('42215489599 60000\n42215489599 60000');
    expect(region.querySelector('.qo-merged')!.textContent).toBe(
      '2줄은 이 줄(1줄)과 같은 상품이라 합쳤습니다. 합친 수량 120,000개 중 100,000개만 담습니다.',
    );
    expect(screen.getByRole('button', { name: '모두 장바구니에 담기 (1)' })).toBeTruthy();
  });
});

describe('a line whose quantity could not be read (docs/requirements.md#quick-order)', () => {
  const unreadQty: QuickOrderRowAnswer = {
    ...row(1, 'C2D04133', { stock: 0 }),
    input: 'C2D04133 1.5',
    qty: null,
    orderQty: 0,
    status: 'invalid',
    message: '수량은 1 이상의 정수로 입력하세요.',
    candidates: [],
    productId: null,
  };

  it.each([false, true])('leaves its quantity box empty beside the message, not 1 (phone: %s)', async (mobile) => {
    results = [unreadQty, row(2, 'T4A52485', { stock: 10, qty: 2 })];
    const region = await check('C2D04133 1.5\nT4A52485 2', { mobile });
    expect(region.querySelectorAll('tbody tr')[0]!.textContent).toContain('수량은 1 이상의 정수로 입력하세요.');
    expect(screen.getByRole('spinbutton', { name: '1줄 수량' })).toHaveProperty('value', '');
    expect(screen.getByRole('spinbutton', { name: '2줄 수량' })).toHaveProperty('value', '2');
    expect(screen.getByRole('button', { name: '모두 장바구니에 담기 (1)' })).toBeTruthy();
  });

  it('a quantity the buyer clears stays empty and says what to type', async () => {
    results = [row(1, 'T4A52485', { stock: 10, qty: 2 })];
    const region = await check('T4A52485 2');
    const qty = screen.getByRole('spinbutton', { name: '1줄 수량' });
    fireEvent.change(qty, { target: { value: '' } });
    expect(qty).toHaveProperty('value', '');
    expect(region.querySelector('.qo-why')!.textContent).toBe('수량을 1개 이상 입력하세요.');
    expect(screen.queryByRole('button', { name: /모두 장바구니에 담기 \(1\)/ })).toBeNull();
  });
});

describe('an unknown number asked about in the chat (docs/requirements.md#quick-order)', () => {
  const unknown: QuickOrderRowAnswer = {
    ...row(1, 'ZZ9900123', { stock: 0, qty: 2 }),
    orderQty: 0,
    status: 'unknown',
    message: '일치하는 상품이 없습니다. 채팅으로 문의해 주세요.',
    candidates: [],
    productId: null,
  };

  it.each([false, true])('sends the quantity in its box, not the one read (phone: %s)', async (mobile) => {
    results = [unknown];
    // The desktop's chat is a popup: opened, not loaded, here.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await check('ZZ9900123 2', { mobile });
    fireEvent.change(screen.getByRole('spinbutton', { name: '1줄 수량' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '채팅으로 문의' }));
    expect(JSON.parse(sessionStorage.getItem('chatInquiry') ?? 'null')).toEqual({
      kind: 'number',
      pid: 'ZZ9900123',
      quantity: 7,
    });
    expect(open).toHaveBeenCalledTimes(mobile ? 0 : 1);
    open.mockRestore();
  });
});

describe('a workbook with hidden or filtered rows (docs/requirements.md#quick-order)', () => {
  it('says how many rows were left out; without any it says nothing', async () => {
    results = [row(1, 'T4A52485', { stock: 10, qty: 2 })];
    hiddenRows = 3;
    const region = await check('T4A52485 2');
    hiddenRows = undefined;
    expect(region.querySelector('.qo-hidden')!.textContent).toBe('숨기거나 필터로 가린 행 3개는 읽지 않았습니다.');
  });

  it('without hidden rows the note is not there', async () => {
    results = [row(1, 'T4A52485', { stock: 10, qty: 2 })];
    const region = await check('T4A52485 2');
    expect(region.querySelector('.qo-hidden')).toBeNull();
  });
});
