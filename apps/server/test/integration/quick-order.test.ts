import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_QUICK_ORDER,
  QUICK_ORDER_MSG,
  type ClientBaseInfoEvent,
  type QuickOrderRowAnswer,
} from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { cartItems, products } from '../../src/db/schema.js';
import { QUICK_ORDER_FILE_MSG } from '../../src/features/quick-order/files.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { call, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { estimatePdf } from '../estimate-pdf.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { CHINA, KOREA, fund, insertOrder, makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';

/**
 * Quick order and reorder (docs/requirements.md#quick-order, docs/requirements.md#reorder): every
 * call as visitor, main account, sub-account, another company and staff; a paste resolved line by
 * line; all lines or none when another buyer takes the last unit; reorder after price and stock changed.
 */
let server: TestServer;
let buyer: TestCompany;
let other: TestCompany;
let tokens: BuyerTokens;

/** A product with a distinct number; prices A-D 9,000 / 9,500 / 10,000 / 11,000, sale price 12,000. */
const product = (
  pid: string,
  stock: number,
  opts: { factoryNum?: string; warehouse?: typeof KOREA | typeof CHINA; name?: string } = {},
) =>
  makeProduct(server, {
    pid,
    stock,
    factoryNum: opts.factoryNum ?? '',
    name: opts.name ?? `빠른주문 부품 ${pid}`,
    tiers: [9000, 9500, 10_000, 11_000],
    salePrice: 12_000,
    ...(opts.warehouse ? { warehouse: opts.warehouse } : {}),
  });

const resolve = (token: string, text: string) => call(server, 'resolveQuickOrder', { text }, { token });
const addAll = (token: string, lines: { productId: number; qty: number; memo?: string; jobRef?: string }[]) =>
  call(server, 'addQuickOrderToCart', { lines }, { token });
const cartOf = (memberId: number) => server.db.select().from(cartItems).where(eq(cartItems.memberId, memberId));

async function upload(token: string, name: string, data: Uint8Array | string, columns?: string) {
  const form = new FormData();
  if (columns !== undefined) form.append('columns', columns);
  form.append('file', new Blob([data]), name);
  const res = await fetch(`${server.base}/api/resolveQuickOrder`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      code: number;
      message: string;
      results?: QuickOrderRowAnswer[];
      columns?: { roles: string[]; header: boolean };
    },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, other, tokens } = await makeBuyers(server, { buyer: '빠른', other: '남의' }));
}, 60_000);
afterAll(() => server?.close());

describe('who may call', () => {
  it.each([
    ['api/resolveQuickOrder', { text: 'QO-NOBODY 1' }],
    ['api/addQuickOrderToCart', { lines: [{ productId: 1, qty: 1 }] }],
    ['api/reorder', { seq: 1 }],
  ] as const)('%s: a visitor 401, staff 403', async (path, body) => {
    expect((await call(server, 'POST', path, body)).status).toBe(401);
    expect((await call(server, 'POST', path, body, tokens.staff)).status).toBe(403);
  });
});

describe('api/resolveQuickOrder', () => {
  it('answers each line: exact with the tier price, by factory number, short, sold out, unknown and an unreadable quantity', async () => {
    const exact = await product('QO-11 220 1', 30);
    const byFactory = await product('QO-FACT-ORIG', 8, { factoryNum: 'QF 77-120' });
    const short = await product('QO-SHORT-9', 3);
    const soldOut = await product('QO-SOLD-0', 0);
    const res = await resolve(
      tokens.sub,
      [
        'qo 11-220-1\t4\t앞 패드',
        'QF77120, 2',
        'QO-SHORT-9 5',
        'QO-SOLD-0 1',
        'QO-NOWHERE-5 2',
        'QO-11-220-1 두개',
      ].join('\n'),
    );
    expect(res.status).toBe(200);
    const rows = res.body.results!;
    expect(rows.map((r) => [r.line, r.status, r.productId, r.qty, r.orderQty])).toEqual([
      [1, 'exact', exact.id, 4, 4],
      [2, 'exact', byFactory.id, 2, 2],
      [3, 'short', short.id, 5, 3],
      [4, 'soldOut', soldOut.id, 1, 0],
      [5, 'unknown', null, 2, 0],
      [6, 'invalid', null, null, 0],
    ]);
    expect(rows[0]!.memo).toBe('앞 패드');
    expect(rows[0]!.candidates[0]).toMatchObject({
      price: 9500,
      stock: 30,
      stockName: KOREA.stockName,
      storageId: 1,
      match: 'own',
      label: '품번 일치',
    });
    expect(rows[2]!.message).toBe(MSG_QUICK_ORDER.short(3));
    expect(rows[3]!.message).toBe(MSG_QUICK_ORDER.soldOut);
    expect(rows[4]!.message).toBe(MSG_QUICK_ORDER.unknown);
    expect(rows[5]!.message).toBe(QUICK_ORDER_MSG.qtyNotNumber);
  });

  it('an old number typed with dashes leads to the current product (replaced); an aftermarket number to its OE part (interchangeable)', async () => {
    const current = await product('QO-NEW-300', 12);
    const oe = await product('QO-OE-555', 6);
    await server.db.execute(sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind) values
      ('QO-OLD-100', 'QOOLD100', 'QO-MID-200', 'QOMID200', 'supersedes'),
      ('QO-MID-200', 'QOMID200', 'QO-NEW-300', 'QONEW300', 'supersedes'),
      ('QO-AM-777', 'QOAM777', 'QO-OE-555', 'QOOE555', 'interchangeable')`);
    const rows = (await resolve(tokens.main, 'qo old 100\t2\nQO-AM-777 1')).body.results!;
    expect(rows.map((r) => [r.status, r.productId, r.orderQty])).toEqual([
      ['replaced', current.id, 2],
      ['interchangeable', oe.id, 1],
    ]);
    expect(rows[0]!.candidates[0]!.label).toBe('대체품번 (이전 번호 qo old 100 → QO-MID-200 → 현재 QO-NEW-300)');
    expect(rows[1]!.candidates[0]!.label).toBe('호환품번');
    expect(rows[0]!.message).toBe(MSG_QUICK_ORDER.replaced('qo old 100', 'QO-NEW-300'));
    // One number typed twice, spelled two ways: the label keeps the first spelling.
    const twice = (await resolve(tokens.main, 'qo old 100 2\nQO-OLD-100 1')).body.results!;
    expect(twice.map((r) => [r.productId, r.qty, r.candidates[0]!.label])).toEqual([
      [current.id, 3, '대체품번 (이전 번호 qo old 100 → QO-MID-200 → 현재 QO-NEW-300)'],
    ]);
    // The old and the current number on two lines are one product: one line.
    const merged = (await resolve(tokens.main, 'QO-OLD-100 2\nQO-NEW-300 3')).body.results!;
    expect(merged.map((r) => [r.productId, r.qty, r.orderQty, r.mergedLines])).toEqual([[current.id, 5, 5, [2]]]);
  });

  it("boundaries: stock equal to the quantity is exact, one less is short; a number of our own beats its interchangeable part; lines of one product past its stock are short, a sold-out product's lines stay apart", async () => {
    const even = await product('QO-EVEN-4', 4);
    const oneLess = await product('QO-LESS-4', 3);
    const own = await product('QO-OWN-808', 9);
    const partner = await product('QO-OE-909', 9);
    const merged = await product('QO-MERGE-5', 5, { factoryNum: 'QM-FACT-5' });
    const gone = await product('QO-GONE-0', 0, { factoryNum: 'QG-GONE-F' });
    await server.db.execute(
      sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind) values ('QO-OWN-808', 'QOOWN808', 'QO-OE-909', 'QOOE909', 'interchangeable')`,
    );
    const rows = (
      await resolve(
        tokens.main,
        [
          'QO-EVEN-4 4',
          'QO-LESS-4 4',
          'QO-OWN-808 2',
          'QO-MERGE-5 3 앞',
          'QM-FACT-5 4 뒤',
          'QO-GONE-0 1',
          'QG-GONE-F 2',
        ].join('\n'),
      )
    ).body.results!;
    expect(rows.map((r) => [r.line, r.status, r.productId, r.qty, r.orderQty, r.mergedLines])).toEqual([
      [1, 'exact', even.id, 4, 4, []],
      [2, 'short', oneLess.id, 4, 3, []],
      [3, 'exact', own.id, 2, 2, []],
      [4, 'short', merged.id, 7, 5, [5]],
      [6, 'soldOut', gone.id, 1, 0, []],
      [7, 'soldOut', gone.id, 2, 0, []],
    ]);
    expect(rows[2]!.candidates.map((c) => [c.productId, c.match])).toEqual([
      [own.id, 'own'],
      [partner.id, 'interchangeable'],
    ]);
    expect(rows[3]!.message).toBe(MSG_QUICK_ORDER.short(5));
    expect(rows[3]!.memo).toBe('앞 / 뒤');
    expect(rows[4]!.message).toBe(MSG_QUICK_ORDER.soldOut);
  });

  it('lines of one product reaching exactly its stock are exact; their memos and line numbers gather on the first', async () => {
    const five = await product('QO-EQ-5', 5, { factoryNum: 'QE-FACT-5' });
    const rows = (await resolve(tokens.main, 'QO-EQ-5 2 좌\nQE-FACT-5 1 좌\nQE-FACT-5 2')).body.results!;
    expect(rows.map((r) => [r.line, r.status, r.productId, r.qty, r.orderQty, r.memo, r.mergedLines])).toEqual([
      [1, 'exact', five.id, 5, 5, '좌', [2, 3]],
    ]);
    expect(rows[0]!.message).toBe(MSG_QUICK_ORDER.exact);
  });

  it("'34 11 6 860 242' alone: the number and a quantity when that finds a product; else the whole number, one piece", async () => {
    const plain = await product('QO 77 1 860', 9);
    await product('QO 77 1 860 242', 9);
    const whole = await product('QO 77 1 861 243', 9);
    const rows = (await resolve(tokens.main, 'QO 77 1 860 242\nQO 77 1 861 243')).body.results!;
    expect(rows.map((r) => [r.status, r.productId, r.partNumber, r.qty, r.orderQty])).toEqual([
      ['short', plain.id, 'QO 77 1 860', 242, 9],
      ['exact', whole.id, 'QO 77 1 861 243', 1, 1],
    ]);
  });

  it('one number in two warehouses is a choice; the same number twice is one line', async () => {
    const korea = await product('QO-TWO-WH', 5);
    const china = await product('QO-TWO-WH', 7, { warehouse: CHINA });
    const res = await resolve(tokens.main, 'QO-TWO-WH 1 좌\nqo two wh 2 우');
    const rows = res.body.results!;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'choose',
      productId: null,
      qty: 3,
      memo: '좌 / 우',
      mergedLines: [2],
      message: MSG_QUICK_ORDER.choose(2),
    });
    expect(rows[0]!.candidates.map((c) => [c.productId, c.storageId, c.stock])).toEqual([
      [korea.id, 1, 5],
      [china.id, 2, 7],
    ]);
  });

  it('a number matching 25 products shows the first 20 and says so', async () => {
    for (let i = 0; i < 25; i++) await product('QO-MANY-25', 1);
    const rows = (await resolve(tokens.main, 'QO-MANY-25 1')).body.results!;
    expect(rows[0]!.candidates).toHaveLength(20);
    expect(rows[0]!.message).toBe(MSG_QUICK_ORDER.chooseMany);
  });

  it('bad pastes are refused in Korean: 501 lines, nothing to read, a text of more than 100,000 characters', async () => {
    const lines = Array.from({ length: 501 }, (_, i) => `QO-L${i} 1`).join('\n');
    expect((await resolve(tokens.main, lines)).body).toMatchObject({
      code: 400,
      message: QUICK_ORDER_MSG.tooManyLines(501),
      field: 'text',
    });
    expect((await resolve(tokens.main, '\n \n')).body).toMatchObject({ code: 400, message: QUICK_ORDER_MSG.empty });
    // One line of a megabyte says the characters, not only the lines; 100,000 characters are read.
    expect((await resolve(tokens.main, 'x'.repeat(100_001))).body).toMatchObject({
      code: 400,
      message: '붙여넣은 내용이 100,000자를 넘습니다. 주문할 줄만 500줄 이내로 나누어 보내 주세요.',
    });
    expect((await resolve(tokens.main, '9'.repeat(100_000))).body.results).toMatchObject([
      { line: 1, status: 'invalid', message: '품번은 50자까지 입력할 수 있습니다.' },
    ]);
    expect((await call(server, 'POST', 'api/resolveQuickOrder', {}, tokens.main)).status).toBe(400);
  });

  it('quantities 0, -1, 1.5, 1e9 and a word are lines that cannot be ordered, each with its reason', async () => {
    await product('QO-QTY-1', 10);
    const rows = (
      await resolve(
        tokens.main,
        ['QO-QTY-1\t0', 'QO-QTY-1\t-1', 'QO-QTY-1\t1.5', 'QO-QTY-1\t1e9', 'QO-QTY-1\t많이'].join('\n'),
      )
    ).body.results!;
    expect(rows.map((r) => [r.status, r.message])).toEqual([
      ['invalid', QUICK_ORDER_MSG.qtyNotPositiveInteger],
      ['invalid', QUICK_ORDER_MSG.qtyNotPositiveInteger],
      ['invalid', QUICK_ORDER_MSG.qtyNotPositiveInteger],
      ['invalid', QUICK_ORDER_MSG.qtyNotNumber],
      ['invalid', QUICK_ORDER_MSG.qtyNotNumber],
    ]);
  });

  it('a file: an EUC-KR CSV is read, a 2 MB file and an .xls are refused', async () => {
    const p = await product('QO-CSV-44', 9);
    // 'QO-CSV-44,3,뒤' as Korean Excel saves it: 뒤 is B5 DA in EUC-KR (EB 92 A4 in UTF-8).
    const euckr = new Uint8Array([...Buffer.from('QO-CSV-44,3,'), 0xb5, 0xda, 0x0a]);
    const ok = await upload(tokens.sub, 'estimate.csv', euckr);
    expect(ok.body.code).toBe(200);
    expect(ok.body.results!.map((r) => [r.productId, r.qty, r.memo])).toEqual([[p.id, 3, '뒤']]);
    const big = await upload(tokens.main, 'big.csv', new Uint8Array(2 * 1024 * 1024).fill(0x41));
    expect(big.body).toMatchObject({ message: QUICK_ORDER_FILE_MSG.tooLarge });
    expect(big.status).toBe(413);
    const xls = await upload(tokens.main, 'old.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]));
    expect(xls.body).toMatchObject({ code: 400, message: QUICK_ORDER_FILE_MSG.xls });
  });

  it('a PDF estimate with Korean text, read in the file worker; its columns corrected by the buyer (docs/search.md#paste-anything)', async () => {
    const pad = await product('QO-PDF-1001', 9, { name: 'BMW 브레이크 패드 (앞)' });
    const filter = await product('QO-PDF-2002', 9, { name: '벤츠 엔진오일 필터' });
    const pdf = await estimatePdf([
      { pid: 'QO-PDF-1001', name: 'BMW 브레이크 패드 (앞)', qty: 2, price: 87_000 },
      { pid: 'QO-PDF-2002', name: '벤츠 엔진오일 필터', qty: 3, price: 19_800 },
    ]);
    const read = await upload(tokens.main, '견적서.pdf', pdf);
    expect(read.body.code).toBe(200);
    expect(read.body.columns).toEqual({ roles: ['line', 'part', 'name', 'qty', 'price', 'amount'], header: true });
    expect(read.body.results!.map((r) => [r.productId, r.qty, r.memo])).toEqual([
      [pad.id, 2, ''],
      [filter.id, 3, ''],
    ]);
    // The buyer says the name column is the memo: the same file is read again by those columns.
    const corrected = await upload(tokens.main, '견적서.pdf', pdf, 'line,part,memo,qty,price,amount');
    expect(corrected.body.results!.map((r) => [r.productId, r.qty, r.memo])).toEqual([
      [pad.id, 2, 'BMW 브레이크 패드 (앞)'],
      [filter.id, 3, '벤츠 엔진오일 필터'],
    ]);
    // Columns that are not roles: a Korean message, nothing read.
    const bad = await upload(tokens.main, '견적서.pdf', pdf, 'part,qty,<script>');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, message: MSG_QUICK_ORDER.columns });
  });
});

describe('api/addQuickOrderToCart', () => {
  it('puts every line in the cart with its memo and job reference; the sub-account has a cart of its own', async () => {
    const a = await product('QO-ADD-A', 10);
    const b = await product('QO-ADD-B', 4);
    const res = await addAll(tokens.sub, [
      { productId: a.id, qty: 3, memo: '좌측', jobRef: '12가3456' },
      { productId: b.id, qty: 4 },
    ]);
    expect(res.body.code).toBe(201);
    expect(res.body.message).toBe(MSG_QUICK_ORDER.added(2));
    const cart = await cartOf(buyer.subs[0]!.seq);
    expect(
      cart.map((c) => [c.productId, c.qty, c.memo, c.jobRef]).sort((x, y) => (x[0] as number) - (y[0] as number)),
    ).toEqual([
      [a.id, 3, '좌측', '12가3456'],
      [b.id, 4, '', ''],
    ]);
  });

  it('none of the lines when one no longer fits the stock (counting what the cart holds), naming that line', async () => {
    const a = await product('QO-NONE-A', 10, { name: '쇼크업소버 QO-NONE-A' });
    const b = await product('QO-NONE-B', 2, { name: '브레이크 패드 QO-NONE-B' });
    expect((await addAll(tokens.main, [{ productId: b.id, qty: 1 }])).body.code).toBe(201);
    const res = await addAll(tokens.main, [
      { productId: a.id, qty: 5 },
      { productId: b.id, qty: 2 },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG_QUICK_ORDER.stockChanged(['브레이크 패드 QO-NONE-B (재고 2개, 장바구니 1개)']));
    const cart = await cartOf(buyer.main.seq);
    expect(cart.find((c) => c.productId === a.id)).toBeUndefined();
    expect(cart.find((c) => c.productId === b.id)!.qty).toBe(1);
  });

  it('refuses the same product twice, a job reference of 31 characters, quantity 0 and an empty list, writing nothing', async () => {
    const a = await product('QO-BAD-A', 10);
    const before = (await cartOf(buyer.main.seq)).length;
    const twice = await addAll(tokens.main, [
      { productId: a.id, qty: 1 },
      { productId: a.id, qty: 2 },
    ]);
    expect(twice.body).toMatchObject({ code: 400, message: MSG_QUICK_ORDER.sameProductTwice });
    const longRef = await addAll(tokens.main, [{ productId: a.id, qty: 1, jobRef: '가'.repeat(31) }]);
    expect(longRef.body).toMatchObject({ code: 400, message: MSG_QUICK_ORDER.jobRef });
    expect((await addAll(tokens.main, [{ productId: a.id, qty: 1, jobRef: '가'.repeat(30) }])).body.code).toBe(201);
    expect((await addAll(tokens.main, [{ productId: a.id, qty: 0 }])).body).toMatchObject({
      code: 400,
      message: MSG_QUICK_ORDER.qty,
    });
    expect((await addAll(tokens.main, [])).body).toMatchObject({ code: 400, message: MSG_QUICK_ORDER.noLines });
    expect((await addAll(tokens.main, [{ productId: 2_000_000_000, qty: 1 }])).body).toMatchObject({
      code: 404,
      message: MSG_QUICK_ORDER.productGone,
    });
    expect((await cartOf(buyer.main.seq)).length).toBe(before + 1);
  });

  it("a quick-order line's memo and job reference go onto the order line when the cart line is paid", async () => {
    const p = await product('QO-PAY-JOB', 5);
    await fund(server, buyer.companyId, 100_000);
    expect(
      (await addAll(tokens.sub, [{ productId: p.id, qty: 2, memo: '운전석', jobRef: 'W-2026-118' }])).body.code,
    ).toBe(201);
    const line = (await cartOf(buyer.subs[0]!.seq)).find((c) => c.productId === p.id)!;
    const paid = await call(
      server,
      'requestPaymentProduct',
      {
        shippingInfo: { name: '김작업', phone: '01055556789', shippingValue: 4, shippingPayType: 2 },
        carts: [{ seq: line.id, qty: 2 }],
      },
      { token: tokens.sub },
    );
    expect(paid.body.code).toBe(201);
    const [row] = await queryRows<{ memo: string; job_ref: string; qty: number }>(
      server.db,
      sql`select memo, job_ref, qty from order_lines where order_id = ${paid.body.results!.orderSeq}`,
    );
    expect(row).toEqual({ memo: '운전석', job_ref: 'W-2026-118', qty: 2 });
  });

  it('race: while other buyers pay for the last units, each quick order is all in the cart or none of it', async () => {
    await fund(server, other.companyId, 1_000_000);
    const rounds = 12;
    for (let round = 0; round < rounds; round++) {
      const plenty = await product(`QO-RACE-P${round}`, 50);
      const last = await product(`QO-RACE-L${round}`, 1, { name: `마지막 재고 ${round}` });
      const [quick, paid] = await Promise.all([
        addAll(tokens.sub, [
          { productId: plenty.id, qty: 2 },
          { productId: last.id, qty: 1 },
        ]),
        call(
          server,
          'requestPaymentProduct',
          {
            shippingInfo: { name: '김경쟁', phone: '01055551234', shippingValue: 4, shippingPayType: 2 },
            carts: [{ productId: last.id, qty: 1 }],
          },
          { token: tokens.other },
        ),
      ]);
      expect(paid.body.code).toBe(201);
      const cart = (await cartOf(buyer.subs[0]!.seq)).filter(
        (c) => c.productId === plenty.id || c.productId === last.id,
      );
      if (quick.body.code === 201) expect(cart.map((c) => c.qty).sort()).toEqual([1, 2]);
      else {
        expect(quick.status).toBe(409);
        expect(quick.body.message).toBe(MSG_QUICK_ORDER.stockChanged([`마지막 재고 ${round} (품절)`]));
        expect(cart).toEqual([]);
      }
      const [stock] = await server.db.select({ n: products.hasAmount }).from(products).where(eq(products.id, last.id));
      expect(stock!.n).toBe(0);
    }
  }, 60_000);
});

/**
 * A shipped order of the buyer's main account: one line of `old` at 9,500 won, whose number `current`
 * supersedes.
 */
async function supersededOrder(old: { id: number; pid: string }, current: { pid: string }): Promise<number> {
  const key = (pid: string) => pid.replace(/[^A-Z0-9]/g, '');
  await server.db.execute(
    sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind) values (${old.pid}, ${key(old.pid)}, ${current.pid}, ${key(current.pid)}, 'supersedes')`,
  );
  const order = await insertOrder(server, {
    companyId: buyer.companyId,
    memberId: buyer.main.seq,
    status: 2,
    productId: old.id,
    qty: 1,
    totalAmount: 9500,
  });
  await server.db.execute(sql`update order_lines set pid = ${old.pid} where order_id = ${order}`);
  return order;
}

describe('api/reorder', () => {
  it("puts an order's lines in the cart at today's price and says what changed; another company's order is 404", async () => {
    const same = await product('QO-RE-SAME', 10);
    const dearer = await product('QO-RE-DEAR', 10);
    const scarce = await product('QO-RE-SCARCE', 2);
    const gone = await product('QO-RE-SOLD', 0);
    const order = await insertOrder(server, {
      companyId: buyer.companyId,
      memberId: buyer.main.seq,
      status: 2,
      productId: same.id,
      qty: 2,
      totalAmount: 19_000,
    });
    await server.db
      .execute(sql`insert into order_lines (order_id, product_id, name, pid, qty, price, job_ref, memo) values
      (${order}, ${dearer.id}, ${dearer.name}, ${dearer.pid}, 1, 8000, '88허1234', '지난 작업 메모'),
      (${order}, ${scarce.id}, ${scarce.name}, ${scarce.pid}, 5, 9500, '', ''),
      (${order}, ${gone.id}, ${gone.name}, ${gone.pid}, 1, 9500, '', '')`);
    expect((await call(server, 'reorder', { seq: order }, { token: tokens.other })).body).toMatchObject({
      code: 404,
      message: MSG_QUICK_ORDER.orderNotFound,
    });
    const subCart = await cartOf(buyer.subs[0]!.seq);
    const res = await call(server, 'reorder', { seq: order }, { token: tokens.sub });
    expect(res.body.code).toBe(201);
    expect(res.body.message).toBe(MSG_QUICK_ORDER.reordered(3));
    expect(
      res.body.results!.map((l) => [l.productId, l.change, l.addedQty, l.priceBefore, l.priceNow, l.message]),
    ).toEqual([
      [same.id, 'same', 2, 9500, 9500, MSG_QUICK_ORDER.reorderSame],
      [dearer.id, 'price', 1, 8000, 9500, MSG_QUICK_ORDER.reorderPrice(8000, 9500)],
      [scarce.id, 'short', 2, 9500, 9500, MSG_QUICK_ORDER.reorderShort(2)],
      [gone.id, 'soldOut', 0, 9500, 9500, MSG_QUICK_ORDER.reorderSoldOut],
    ]);
    // The old lines' 작업번호 and memo belong to the old job: the new cart lines carry neither.
    const added = (await cartOf(buyer.subs[0]!.seq)).filter((c) => !subCart.some((s) => s.id === c.id));
    expect(
      added.map((c) => [c.productId, c.qty, c.jobRef, c.memo]).sort((x, y) => (x[0] as number) - (y[0] as number)),
    ).toEqual([
      [same.id, 2, '', ''],
      [dearer.id, 1, '', ''],
      [scarce.id, 2, '', ''],
    ]);
    // Again: the cart already holds the scarce product's whole stock, which is not sold out.
    const again = await call(server, 'reorder', { seq: order }, { token: tokens.sub });
    expect(again.body.results!.find((l) => l.productId === scarce.id)).toMatchObject({
      change: 'inCart',
      addedQty: 0,
      message: MSG_QUICK_ORDER.reorderInCart(2),
    });
    expect((await call(server, 'reorder', { seq: 2_000_000_000 }, { token: tokens.main })).status).toBe(404);
  });

  it('a sold-out product whose number was superseded is reordered as the current product', async () => {
    const old = await product('QO-RE-OLD-1', 0);
    const current = await product('QO-RE-CUR-2', 4);
    const order = await supersededOrder(old, current);
    const res = await call(server, 'reorder', { seq: order }, { token: tokens.main });
    expect(res.body.results).toEqual([
      {
        productId: old.id,
        name: '시험 부품',
        pid: 'QO-RE-OLD-1',
        cartProductId: current.id,
        cartPid: 'QO-RE-CUR-2',
        qty: 1,
        addedQty: 1,
        priceBefore: 9500,
        priceNow: 9500,
        change: 'replaced',
        message: MSG_QUICK_ORDER.reorderReplaced('QO-RE-OLD-1', 'QO-RE-CUR-2'),
      },
    ]);
    expect((await cartOf(buyer.main.seq)).find((c) => c.productId === current.id)!.qty).toBe(1);
  });
});

describe('api/reorder: what the stock allows', () => {
  it('a superseded number still in stock is reordered as itself; two lines of one product share its stock; short comes before price', async () => {
    const kept = await product('QO-RE-KEEP-1', 5);
    const newer = await product('QO-RE-KEEP-2', 5);
    const twice = await product('QO-RE-TWICE', 3);
    const order = await supersededOrder(kept, newer);
    await server.db
      .execute(sql`insert into order_lines (order_id, product_id, name, pid, qty, price, job_ref, memo) values
      (${order}, ${twice.id}, ${twice.name}, ${twice.pid}, 2, 8000, '12가3456', ''),
      (${order}, ${twice.id}, ${twice.name}, ${twice.pid}, 2, 8000, '34나5678', '')`);
    const res = await call(server, 'reorder', { seq: order }, { token: tokens.main });
    expect(res.body.results!.map((l) => [l.productId, l.cartProductId, l.change, l.addedQty, l.message])).toEqual([
      [kept.id, kept.id, 'same', 1, MSG_QUICK_ORDER.reorderSame],
      [twice.id, twice.id, 'price', 2, MSG_QUICK_ORDER.reorderPrice(8000, 9500)],
      // Short and dearer: it is 'short', and the message says both.
      [
        twice.id,
        twice.id,
        'short',
        1,
        `${MSG_QUICK_ORDER.reorderPrice(8000, 9500)} ${MSG_QUICK_ORDER.reorderShort(1)}`,
      ],
    ]);
    const cart = new Map((await cartOf(buyer.main.seq)).map((c) => [c.productId, c.qty]));
    expect([cart.get(kept.id), cart.get(twice.id), cart.get(newer.id)]).toEqual([1, 3, undefined]);
  });
});

describe('api/reorder: nothing added', () => {
  it('says sold out only when there is no stock; stock the cart already holds all of is said so, not sold out', async () => {
    const none = await product('QO-RE-NONE', 0);
    const held = await product('QO-RE-HELD', 5);
    const part = await product('QO-RE-PART', 5);
    expect((await addAll(tokens.main, [{ productId: held.id, qty: 5 }])).body.code).toBe(201);
    expect((await addAll(tokens.main, [{ productId: part.id, qty: 3 }])).body.code).toBe(201);
    const order = await insertOrder(server, {
      companyId: buyer.companyId,
      memberId: buyer.main.seq,
      status: 2,
      productId: none.id,
      qty: 1,
      totalAmount: 9500,
    });
    await server.db
      .execute(sql`insert into order_lines (order_id, product_id, name, pid, qty, price, job_ref, memo) values
      (${order}, ${held.id}, ${held.name}, ${held.pid}, 2, 9500, '', ''),
      (${order}, ${part.id}, ${part.name}, ${part.pid}, 4, 9500, '', '')`);
    const res = await call(server, 'reorder', { seq: order }, { token: tokens.main });
    expect(res.body.code).toBe(201);
    expect(res.body.message).toBe('1개 상품을 장바구니에 다시 담았습니다.');
    expect(res.body.results!.map((l) => [l.productId, l.change, l.addedQty, l.message])).toEqual([
      [none.id, 'soldOut', 0, '품절이라 담지 않았습니다.'],
      [held.id, 'inCart', 0, '장바구니에 이미 주문 가능한 재고 5개가 모두 담겨 있어 더 담지 않았습니다.'],
      [part.id, 'short', 2, '재고가 2개라 수량을 줄였습니다.'],
    ]);
    const cart = new Map((await cartOf(buyer.main.seq)).map((c) => [c.productId, c.qty]));
    expect([cart.get(none.id), cart.get(held.id), cart.get(part.id)]).toEqual([undefined, 5, 5]);
  });
});

describe('the realtime channel', () => {
  it("a quick order and a reorder each push base info with the cart's new line count to the buyer's open tab", async () => {
    const c = await makeCompany(server, '실시간', 0);
    const token = (await createSession(server.db, c.main.seq)).token;
    const a = await product('QO-LIVE-A', 5);
    const b = await product('QO-LIVE-B', 5);
    const socket = tradeSocket(server, token);
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const afterQuick = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      expect((await addAll(token, [{ productId: a.id, qty: 1 }])).body.code).toBe(201);
      expect((await afterQuick).result!.carts).toBe(1);

      const order = await insertOrder(server, {
        companyId: c.companyId,
        memberId: c.main.seq,
        status: 2,
        productId: b.id,
        qty: 1,
        totalAmount: 9500,
      });
      const afterReorder = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      expect((await call(server, 'reorder', { seq: order }, { token })).body.code).toBe(201);
      expect((await afterReorder).result!.carts).toBe(2);
    } finally {
      socket.close();
    }
  });
});
