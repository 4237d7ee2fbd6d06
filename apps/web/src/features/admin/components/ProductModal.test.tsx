// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '@partsmall/contract';
import { ProductModal } from './ProductModal';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer } from '../../../../test/api-mock';

/**
 * A product's 모바일 분류 (docs/requirements.md#back-office): chosen from the mobile home's shortcuts by
 * their Korean names; a key outside the list stays as it was unless staff choose another.
 */
const product = (category: string): AdminProduct => ({
  seq: 57,
  name: '벤츠 E클래스 W213 브레이크 패드 (프론트)',
  pid: 'A0004209002',
  factoryNum: 'TRW GDB2063',
  type: 2,
  priceA: 0,
  priceB: 61_000,
  priceC: 63_500,
  priceD: 64_000,
  salePrice: 66_000,
  hasAmount: 17,
  stockName: '한국 김포물류센터',
  storageId: 1,
  imgFiles: [],
  detailInfo: '',
  description: '',
  category,
  brand: 'benz',
  companyId: 0,
  created: '2026-11-20T01:00:00.000Z',
  ver: 4,
});

let sent: { url: string; body: Record<string, unknown> }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push({ url, body });
      const results = { ...product(String(body.category)), ver: 5 };
      return jsonAnswer({ code: 201, message: '저장했습니다.', results });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (category: string) => {
  renderScreen(<ProductModal product={product(category)} onClose={vi.fn()} onSaved={vi.fn()} />, new QueryClient());
  const layer = screen.getByRole('dialog', { name: '상품 수정 #57' });
  return { layer, select: within(layer).getByLabelText('모바일 분류') as HTMLSelectElement };
};
const save = async (layer: HTMLElement) => {
  fireEvent.click(within(layer).getByRole('button', { name: '저장' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  return sent[0]!;
};

describe('모바일 분류', () => {
  it("names the shortcuts in Korean, the product's own chosen; another choice is what is sent", async () => {
    const { layer, select } = open('pad');
    expect(select.value).toBe('pad');
    expect(select.selectedOptions[0]!.textContent).toBe('패드');
    expect(Array.from(select.options, (o) => o.textContent).slice(0, 4)).toEqual([
      '없음 (바로가기에 안 나옴)',
      '필터',
      '쇼바',
      '냉각',
    ]);
    fireEvent.change(select, { target: { value: 'disc' } });
    const { url, body } = await save(layer);
    expect(url).toMatch(/\/api\/admin\/saveProduct$/);
    expect(body).toMatchObject({ seq: 57, ver: 4, category: 'disc' });
  });

  it('a key outside the list stays chosen, said to be one, and a save sends it unchanged', async () => {
    const { layer, select } = open('brake');
    expect(select.value).toBe('brake');
    expect(select.selectedOptions[0]!.textContent).toBe('brake (목록에 없는 분류)');
    expect((await save(layer)).body).toMatchObject({ seq: 57, category: 'brake' });
  });

  it('no category is 없음', () => {
    const { select } = open('');
    expect(select.value).toBe('');
    expect(Array.from(select.options).filter((o) => o.textContent!.includes('목록에 없는'))).toEqual([]);
  });
});

describe('an edit sends no stock (docs/requirements.md#back-office: stock moves by 재고 변경 only)', () => {
  it('a product whose stock is above the ceiling still saves, the form not judging the stock it does not show', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push({ url, body });
        const results = { ...product('pad'), name: String(body.name), hasAmount: 2_147_000_005, ver: 5 };
        return jsonAnswer({ code: 201, message: '저장했습니다.', results });
      }),
    );
    renderScreen(
      <ProductModal product={{ ...product('pad'), hasAmount: 2_147_000_005 }} onClose={vi.fn()} onSaved={vi.fn()} />,
      new QueryClient(),
    );
    const layer = screen.getByRole('dialog', { name: '상품 수정 #57' });
    expect(within(layer).getByTestId('product-stock').textContent).toBe(
      '재고 2,147,000,005개 (아래 재고 변경에서 바꿉니다)',
    );
    fireEvent.change(within(layer).getByLabelText('상품명'), { target: { value: '수정한 이름' } });
    const { body } = await save(layer);
    expect(body).toMatchObject({ seq: 57, ver: 4, name: '수정한 이름' });
    expect('hasAmount' in body).toBe(false);
    // After the save the form goes on from what was stored, still without the stock.
    fireEvent.click(within(layer).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ seq: 57, ver: 5, name: '수정한 이름' });
    expect('hasAmount' in sent[1]!.body).toBe(false);
  });
});

/**
 * A product's pictures (docs/requirements.md#back-office): each has its 삭제 button, which asks first
 * and then takes that picture off; at 10 pictures no more can be chosen.
 */
describe("a product's pictures", () => {
  const A1 = '/uploads/products/0b6f7c1e-3d2a-4c59-9f0e-2a1b3c4d5e6f.png';
  const A2 = '/uploads/products/brake-2.svg';
  const withPictures = (imgFiles: string[]) => ({ ...product('pad'), imgFiles });
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push({ url, body });
        return jsonAnswer({ code: 201, message: '이미지를 삭제했습니다.', results: withPictures([A2]) });
      }),
    );
  });
  const openWith = (imgFiles: string[]) => {
    renderScreen(
      <ProductModal product={withPictures(imgFiles)} onClose={vi.fn()} onSaved={vi.fn()} />,
      new QueryClient(),
    );
    return screen.getByRole('dialog', { name: '상품 수정 #57' });
  };
  const shown = (layer: HTMLElement) =>
    within(layer)
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'));

  it('removes a picture once staff confirm, and shows what the server kept', async () => {
    const layer = openWith([A1, A2]);
    expect(shown(layer)).toEqual([A1, A2]);
    fireEvent.click(within(layer).getByRole('button', { name: '상품 이미지 1 삭제' }));
    const ask = await screen.findByRole('alertdialog', { name: '이미지 삭제' });
    expect(ask.textContent).toContain('상품 이미지 1을(를) 지웁니다. 쇼핑몰 상품 화면에서도 바로 사라집니다.');
    expect(sent).toEqual([]);
    fireEvent.click(within(ask).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(shown(layer)).toEqual([A2]));
    expect(sent).toEqual([
      { url: expect.stringMatching(/\/api\/admin\/removeProductImage$/), body: { seq: 57, url: A1 } },
    ]);
    expect(await screen.findByText('이미지를 삭제했습니다.')).toBeTruthy();
  });

  it('sends nothing when staff cancel', async () => {
    const layer = openWith([A1, A2]);
    fireEvent.click(within(layer).getByRole('button', { name: '상품 이미지 2 삭제' }));
    const ask = await screen.findByRole('alertdialog', { name: '이미지 삭제' });
    fireEvent.click(within(ask).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toEqual([]);
    expect(shown(layer)).toEqual([A1, A2]);
  });

  it('takes a picture up to 9 shown and none at 10, saying so', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `/uploads/products/p${i}.png`);
    const layer = openWith(nine);
    expect((within(layer).getByLabelText('이미지 파일') as HTMLInputElement).disabled).toBe(false);
    expect(
      within(layer).getByText(
        '이미지 9/10장 · jpg, png, gif, webp, bmp, tiff · 10MB 이하 · 내용으로 검사하고 메타데이터를 지웁니다.',
      ),
    ).toBeTruthy();
    cleanup();
    const full = openWith([...nine, '/uploads/products/p9.png']);
    expect((within(full).getByLabelText('이미지 파일') as HTMLInputElement).disabled).toBe(true);
    expect(
      within(full).getByText('이미지는 10장까지 등록할 수 있습니다. 다른 이미지를 지운 뒤 올리세요.'),
    ).toBeTruthy();
  });
});

describe('창고 (docs/requirements.md#shipping: the name goes with the number)', () => {
  const warehouseOf = (layer: HTMLElement) => within(layer).getByLabelText('창고') as HTMLSelectElement;

  it("offers the shop's warehouses by number and name; the chosen one's name is sent with its number", async () => {
    const { layer } = open('pad');
    const select = warehouseOf(layer);
    expect(Array.from(select.options, (o) => o.textContent)).toEqual([
      '1번 한국 김포물류센터',
      '2번 중국 위해직수입창고',
    ]);
    expect(select.value).toBe('1');
    fireEvent.change(select, { target: { value: '2' } });
    expect((await save(layer)).body).toMatchObject({ seq: 57, storageId: 2, stockName: '중국 위해직수입창고' });
  });

  it("a product kept in another warehouse keeps it, offered beside the table's", async () => {
    renderScreen(
      <ProductModal
        product={{ ...product('pad'), storageId: 3, stockName: '부산 창고' }}
        onClose={vi.fn()}
        onSaved={vi.fn()}
      />,
      new QueryClient(),
    );
    const layer = screen.getByRole('dialog', { name: '상품 수정 #57' });
    const select = warehouseOf(layer);
    expect(select.selectedOptions[0]!.textContent).toBe('3번 부산 창고');
    expect(select.options).toHaveLength(3);
    expect((await save(layer)).body).toMatchObject({ storageId: 3, stockName: '부산 창고' });
  });
});
