// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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

const row = (
  line: number,
  pid: string,
  fields: Partial<QuickOrderRowAnswer> & { stock: number },
): QuickOrderRowAnswer => ({
  line,
  input: pid,
  partNumber: pid,
  qty: 1,
  orderQty: 1,
  memo: '',
  status: 'exact',
  message: '품번이 일치합니다.',
  candidates: [candidate(line * 10, pid, fields.stock)],
  productId: line * 10,
  mergedLines: [],
  ...fields,
});

/** The answer of the paste: line 4 merged into line 2 (the same number), then cut to the stock or not. */
let results: QuickOrderRowAnswer[] = [];
const sent = recordRequests(() => jsonAnswer({ code: 200, message: '정상 처리되었습니다.', results }));

async function check(text: string) {
  sessionStorage.clear();
  renderScreen(<QuickOrderPage mobile />, new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  fireEvent.change(screen.getByRole('textbox', { name: '품번 목록 붙여넣기' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '품번 확인' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  return screen.findByRole('region', { name: '확인 결과' });
}

const PASTE = '순번\t품번\t수량\t비고\n1\t42215489599\t2\t좌측\n2\tT4A52485\t1\t\n3\t42215489599\t3\t메모2';

describe('quick order: lines merged into another (docs/requirements.md#quick-order)', () => {
  it('says which lines were merged into which, and the merged quantity', async () => {
    results = [
      row(2, '42215489599', { qty: 5, orderQty: 5, memo: '좌측 / 메모2', mergedLines: [4], stock: 10 }),
      row(3, 'T4A52485', { stock: 10 }),
    ];
    const region = await check(PASTE);
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
    const region = await check(PASTE);
    expect(region.querySelector('[role="status"]')!.textContent).toBe(
      '4줄 중 같은 상품 2줄을 합쳐 2줄이 되었고, 2줄을 담을 수 있습니다.',
    );
    expect(region.querySelectorAll('tbody tr')[0]!.textContent).toContain(
      '4줄, 6줄은 이 줄(2줄)과 같은 상품이라 합쳤습니다. 합친 수량 5개 중 재고 3개만 담습니다.',
    );
  });

  it('without merged lines the summary is as before', async () => {
    results = [row(2, '42215489599', { stock: 10 }), row(3, 'T4A52485', { stock: 0, status: 'soldOut', orderQty: 0 })];
    const region = await check('42215489599 1\nT4A52485 1');
    expect(region.querySelector('[role="status"]')!.textContent).toBe('2줄 중 1줄을 담을 수 있습니다.');
    expect(region.textContent).not.toContain('합쳤습니다');
  });
});
