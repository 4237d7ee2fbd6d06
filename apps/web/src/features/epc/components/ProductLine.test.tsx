// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { EpcPartProduct } from '@partsmall/contract';
import { jsonAnswer, recordRequests } from '../../../../test/api-mock';
import { renderScreen } from '../../../../test/render-screen';
import { ProductLine } from './ProductLine';

/**
 * A shop product on a catalogue row (docs/requirements.md#catalogue-screens): the quantity box holds
 * what the buyer types, an amount over the stock is said, and the add names the vehicle.
 */

const VIN = 'WDDZF8KB4JA201937';
const OTHER_VIN = 'WDDZF4JB8HA354812';
const PRODUCT: EpcPartProduct = {
  seq: 330,
  name: '브레이크 패드 (앞)',
  pid: 'A0004209000',
  price: 48_000,
  salePrice: 52_000,
  hasAmount: 15,
  stockName: 'korea',
  storageId: 1,
  imgFiles: [],
  companyId: 1,
};

/** The cart as the server lists it after the add: the product's line and the VIN it holds. */
let cartVin: string | null = VIN;
const sent = recordRequests((url) =>
  url.endsWith('/api/getMallCartInfo')
    ? jsonAnswer({
        code: 200,
        message: '',
        total: 1,
        results: [{ seq: 9, qty: 6, vin: cartVin, productInfo: { seq: PRODUCT.seq } }],
      })
    : jsonAnswer({ code: 201, message: '장바구니에 담았습니다.', results: null }),
);

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderScreen(<ProductLine product={PRODUCT} vin={VIN} mobile={false} onQty={() => undefined} />, client);
}

const qtyBox = () => screen.getByLabelText('수량') as HTMLInputElement;
const type = (value: string) => fireEvent.change(qtyBox(), { target: { value } });
const added = () => sent.filter((r) => r.url.endsWith('/api/addToCart')).map((r) => r.body);

describe('the quantity of a catalogue product', () => {
  it('clears and takes 5 as 5 (Backspace put 1 back, and the 5 typed next made 15)', async () => {
    show();
    type('');
    expect(qtyBox().value).toBe('');
    type('5');
    expect(qtyBox().value).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: '장바구니' }));
    await waitFor(() => expect(added()).toHaveLength(1));
    expect(added()[0]).toMatchObject({ productId: 330, hasAmount: 5, vin: VIN });
  });

  it('20 of a stock of 15 becomes 15, and the buyer is told so', async () => {
    show();
    type('20');
    expect(qtyBox().value).toBe('15');
    expect(await screen.findByText('재고가 15개라 수량을 맞췄습니다.')).toBeTruthy();
  });
});

describe('adding a product the cart already holds for another vehicle', () => {
  it('says the line stays for the vehicle it was first put in for', async () => {
    cartVin = OTHER_VIN;
    show();
    fireEvent.click(screen.getByRole('button', { name: '장바구니' }));
    expect(
      await screen.findByText(
        `장바구니에 담았습니다. 다만 이 상품은 차대번호 ${OTHER_VIN} 차량용으로 담겨 있던 줄에 더해져 그 차대번호로 주문됩니다. 이 차량용으로 따로 주문하려면 바로구매를 이용하세요.`,
      ),
    ).toBeTruthy();
  });

  it('for the same vehicle, or a line without one, says only that it was added', async () => {
    cartVin = VIN;
    show();
    fireEvent.click(screen.getByRole('button', { name: '장바구니' }));
    expect(await screen.findByText('장바구니에 담았습니다.')).toBeTruthy();
  });
});
