import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buyOrCartForm, paymentRequest, updateCartQuantityRequest } from './orders-requests.js';
import { SHIPPING_INFO } from '../test/order-fixtures.js';

/**
 * A line's quantity (docs/requirements.md#validation): the original client keeps digits only in its
 * number inputs, so a quantity may come as a string of digits ('2'), as an id or a page number does;
 * anything else answers the Korean quantity message naming the field sent. The buy form's price,
 * originHasAmount and companyId are ignored and taken as a number, a string or null.
 */
const INVALID = '수량은 1 이상의 정수로 입력하세요.';
const OVER = '수량은 100,000개까지 입력할 수 있습니다.';

function parsed(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success
    ? { data: r.data as Record<string, unknown> }
    : { message: r.error.issues[0]!.message, field: r.error.issues[0]!.path.join('.') };
}

/** Each call's quantity field: how to send one, how to read it back, and the field a refusal names. */
const QUANTITY_FIELDS: [
  string,
  (q: unknown) => [z.ZodType, unknown],
  (d: Record<string, unknown>) => unknown,
  string,
][] = [
  [
    'addToCart / addToBuy hasAmount',
    (q) => [buyOrCartForm, { productId: '1', hasAmount: q, price: 21700, originHasAmount: 23, companyId: 0 }],
    (d) => d.hasAmount,
    'hasAmount',
  ],
  ["a phone's addToCart qty", (q) => [buyOrCartForm, { productId: 1, qty: q }], (d) => d.qty, 'qty'],
  ['updateCartQuantity qty', (q) => [updateCartQuantityRequest, { seq: 3, qty: q }], (d) => d.qty, 'qty'],
  [
    'a checkout line qty',
    (q) => [paymentRequest, { shippingInfo: SHIPPING_INFO, carts: [{ productId: 7, qty: q }] }],
    (d) => (d.carts as { qty: number }[])[0]!.qty,
    'carts.0.qty',
  ],
];

describe('a quantity sent as a string of digits', () => {
  it.each(QUANTITY_FIELDS)('%s takes 1 to 100,000 as a number or as digits', (_, send, read) => {
    for (const [sent, wanted] of [
      [1, 1],
      ['1', 1],
      ['2', 2],
      ['02', 2],
      [100_000, 100_000],
      ['100000', 100_000],
    ] as const) {
      const r = parsed(...send(sent));
      expect(r, JSON.stringify(sent)).toHaveProperty('data');
      expect(read((r as { data: Record<string, unknown> }).data), JSON.stringify(sent)).toBe(wanted);
    }
  });

  it.each(QUANTITY_FIELDS)(
    '%s refuses what is no whole number of 1 or more, naming the field',
    (_, send, __, field) => {
      for (const sent of [
        '0',
        '00',
        0,
        -1,
        '-1',
        1.5,
        '1.5',
        '1e3',
        ' 2',
        '2 ',
        '２',
        '',
        '0x10',
        '+2',
        null,
        true,
        [2],
      ]) {
        expect(parsed(...send(sent)), JSON.stringify(sent)).toEqual({ message: INVALID, field });
      }
    },
  );

  it.each(QUANTITY_FIELDS)('%s names the limit over 100,000, as a number or as digits', (_, send, __, field) => {
    for (const sent of [100_001, '100001', '99999999999999999999999', 1e21, Number.MAX_SAFE_INTEGER + 2]) {
      expect(parsed(...send(sent)), JSON.stringify(sent)).toEqual({ message: OVER, field });
    }
  });
});

describe("the buy form's ignored fields", () => {
  const form = (rest: Record<string, unknown>) => parsed(buyOrCartForm, { productId: 1, hasAmount: 1, ...rest });
  it.each(['price', 'originHasAmount', 'companyId'])('%s is taken as a number, a string, null or nothing', (key) => {
    for (const sent of [21700, 0, 25200.5, '21700', '21,700', '', null, undefined]) {
      expect(form({ [key]: sent }), JSON.stringify(sent)).toHaveProperty('data');
    }
  });
  it('the quantity and product are still checked beside them', () => {
    expect(form({ price: '21700', originHasAmount: null, companyId: '0', hasAmount: '0' })).toEqual({
      message: INVALID,
      field: 'hasAmount',
    });
  });
});
