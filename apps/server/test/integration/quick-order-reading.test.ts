import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickOrderRowAnswer } from '@partsmall/contract';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';

/**
 * What a buyer's quick order reads and says (docs/requirements.md#quick-order,
 * docs/search.md#paste-anything): an estimate with a quantity that cannot be read, a Latin memo after
 * the quantity, a CSV saved by Korean Excel (CP949), and the refusal of a line whose stock the cart
 * already holds.
 */
let server: TestServer;
let tokens: BuyerTokens;

const product = (pid: string, stock: number, name = `빠른주문 읽기 ${pid}`) =>
  makeProduct(server, { pid, stock, name, tiers: [9000, 9500, 10_000, 11_000], salePrice: 12_000 });

async function resolve(text: string): Promise<QuickOrderRowAnswer[]> {
  const res = await call(server, 'resolveQuickOrder', { text }, { token: tokens.main });
  expect(res.status).toBe(200);
  return res.body.results as QuickOrderRowAnswer[];
}

async function upload(name: string, data: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const res = await fetch(`${server.base}/api/resolveQuickOrder`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.main}` },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { message: string; results?: QuickOrderRowAnswer[]; hiddenRows?: number },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens } = await makeBuyers(server, { buyer: '읽기', other: '남읽' }));
}, 60_000);
afterAll(() => server?.close());

describe('api/resolveQuickOrder', () => {
  it('an estimate with a quantity of 1.5: that line is refused, the others keep their quantities', async () => {
    const a = await product('QR-EST-A1', 10);
    await product('QR-EST-B2', 10);
    const c = await product('QR-EST-C3', 10);
    const rows = await resolve(
      [
        '1\tQR-EST-A1\t엔진오일 필터\t5\t21,700\t108,500',
        '2\tQR-EST-B2\t에어 필터\t1.5\t37,400\t56,100',
        '3\tQR-EST-C3\t실내 필터\t3\t25,200\t75,600',
      ].join('\n'),
    );
    expect(rows.map((r) => [r.line, r.productId, r.qty, r.orderQty, r.status, r.message])).toEqual([
      [1, a.id, 5, 5, 'exact', '품번이 일치합니다.'],
      [2, null, null, 0, 'invalid', '수량은 1 이상의 정수로 입력하세요.'],
      [3, c.id, 3, 3, 'exact', '품번이 일치합니다.'],
    ]);
  });

  it('an estimate without a quantity column: no line is proposed as one piece', async () => {
    await product('QR-NOQ-A1', 10);
    const rows = await resolve(['1\tQR-NOQ-A1\t엔진오일 필터\t21,700', '2\tQR-NOQ-B2\t에어 필터\t37,400'].join('\n'));
    expect(rows.map((r) => [r.line, r.qty, r.orderQty, r.status, r.message])).toEqual([
      [
        1,
        null,
        0,
        'invalid',
        '수량 열을 찾지 못했습니다. 읽은 열에서 수량 열을 고르거나 수량을 넣어 다시 보내 주세요.',
      ],
      [
        2,
        null,
        0,
        'invalid',
        '수량 열을 찾지 못했습니다. 읽은 열에서 수량 열을 고르거나 수량을 넣어 다시 보내 주세요.',
      ],
    ]);
  });

  it('a Latin memo after the quantity (LH, ASAP, for BMW) is the memo, not part of the number', async () => {
    const p = await product('QR40123456', 10);
    const q = await product('QRA9734411', 10);
    const rows = await resolve(['QR40123456 2 LH', 'QRA9734411 3 for BMW'].join('\n'));
    expect(rows.map((r) => [r.line, r.productId, r.partNumber, r.qty, r.orderQty, r.memo, r.status])).toEqual([
      [1, p.id, 'QR40123456', 2, 2, 'LH', 'exact'],
      [2, q.id, 'QRA9734411', 3, 3, 'for BMW', 'exact'],
    ]);
  });

  it('a CSV saved by Korean Excel (CP949) keeps 똠 and 샾 in its memo', async () => {
    const p = await product('QR-CP949-1', 10);
    const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));
    // 'QR-CP949-1,2,똠 샾': 똠 is 8C 63 and 샾 98 DE in CP949, outside KS X 1001.
    const data = Uint8Array.from([...ascii('QR-CP949-1,2,'), 0x8c, 0x63, 0x20, 0x98, 0xde, 0x0a]);
    const res = await upload('견적.csv', data);
    expect(res.status).toBe(200);
    expect(res.body.results!.map((r) => [r.productId, r.qty, r.memo])).toEqual([[p.id, 2, '똠 샾']]);
  });
});

describe('api/resolveQuickOrder with a file that reads as the buyer sees it', () => {
  it('a tab-separated text (Excel’s Unicode text) reads 1,200 and 좌,우 as the same text pasted', async () => {
    const a = await product('QR-TAB-1200', 5000);
    const b = await product('QR-TAB-LR', 10);
    const text = '품번\t수량\t메모\nQR-TAB-1200\t1,200\t급함\nQR-TAB-LR\t2\t좌,우 교환\n';
    const utf16 = Uint8Array.from([
      0xff,
      0xfe,
      ...Array.from(text).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    const expected = [
      [2, a.id, 1200, 1200, '급함', 'exact'],
      [3, b.id, 2, 2, '좌,우 교환', 'exact'],
    ];
    for (const [name, data] of [
      ['견적.txt', utf16],
      ['견적.csv', new TextEncoder().encode(text)],
    ] as const) {
      const res = await upload(name, data);
      expect(res.status).toBe(200);
      expect(res.body.results!.map((r) => [r.line, r.productId, r.qty, r.orderQty, r.memo, r.status])).toEqual(
        expected,
      );
    }
    expect((await resolve(text)).map((r) => [r.line, r.productId, r.qty, r.orderQty, r.memo, r.status])).toEqual(
      expected,
    );
  });

  it('a workbook: the first visible sheet, hidden or filtered rows left out and counted', async () => {
    const shown = await product('QR-HID-SHOWN', 10);
    await product('QR-HID-ROW', 10);
    await product('QR-HID-SHEET', 10);
    const workbook = new ExcelJS.Workbook();
    const old = workbook.addWorksheet('지난 견적');
    old.addRow(['QR-HID-SHEET', 9]);
    old.state = 'hidden';
    const sheet = workbook.addWorksheet('주문');
    sheet.addRow(['QR-HID-SHOWN', 3]);
    sheet.addRow(['QR-HID-ROW', 4]).hidden = true;
    const res = await upload('주문.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(res.status).toBe(200);
    expect(res.body.results!.map((r) => [r.line, r.productId, r.qty, r.status])).toEqual([[1, shown.id, 3, 'exact']]);
    expect(res.body.hiddenRows).toBe(1);
  });
});

describe('api/addQuickOrderToCart refused for the stock', () => {
  const add = (lines: { productId: number; qty: number }[]) =>
    call(server, 'addQuickOrderToCart', { lines }, { token: tokens.main });

  it('a product in stock whose stock the cart already holds is not called sold out', async () => {
    const p = await product('QR-INCART-1', 2, '재규어 냉각수 보조탱크 QR');
    expect((await add([{ productId: p.id, qty: 2 }])).body.code).toBe(201);
    const res = await add([{ productId: p.id, qty: 1 }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      '재고가 바뀐 상품이 있어 아무것도 담지 않았습니다: 재규어 냉각수 보조탱크 QR (재고 2개, 장바구니 2개). 수량을 확인한 뒤 다시 담아 주세요.',
    );
  });

  it('part of the stock in the cart: the stock and the cart quantity, each named', async () => {
    const p = await product('QR-INCART-2', 5, '브레이크 패드 QR');
    expect((await add([{ productId: p.id, qty: 2 }])).body.code).toBe(201);
    const res = await add([{ productId: p.id, qty: 4 }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      '재고가 바뀐 상품이 있어 아무것도 담지 않았습니다: 브레이크 패드 QR (재고 5개, 장바구니 2개). 수량을 확인한 뒤 다시 담아 주세요.',
    );
  });

  it('a product with no stock is sold out', async () => {
    const p = await product('QR-SOLDOUT-1', 0, '점화 플러그 QR');
    const res = await add([{ productId: p.id, qty: 1 }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      '재고가 바뀐 상품이 있어 아무것도 담지 않았습니다: 점화 플러그 QR (품절). 수량을 확인한 뒤 다시 담아 주세요.',
    );
  });
});
