import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_FAVORITES, MSG_QUICK_ORDER, SHOP_NAME, renderNotice } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { cartItems, favorites, orders, products, restockAlerts, smsOutbox } from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { call, fastJobs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { interceptSms } from '../notify-helpers.js';
import {
  CHINA,
  KOREA,
  fund,
  makeBuyers,
  makeProduct,
  placeOrder,
  type BuyerTokens,
  COURIER,
} from '../order-helpers.js';

/**
 * 관심상품, 재입고 알림 and the order's job reference (docs/requirements.md#favourites,
 * #restock-alerts, #job-reference): every call as visitor, main, sub, another company and staff; a
 * removed product and a product in stock refused with nothing changed; one text per asker on a
 * restock by each path, under a retried job and under two stock edits at once; the job reference
 * from checkout to the order's detail and the back office's CSV.
 */
// Fast job tries: no wait between tries, half-second polling.
const FAST = fastJobs(2);

let server: TestServer;
let buyer: TestCompany;
let other: TestCompany;
let tokens: BuyerTokens;

/** A product with prices A-D 7,000 / 7,500 / 8,000 / 8,800 and sale price 9,900. */
const product = (pid: string, stock: number, warehouse: typeof KOREA | typeof CHINA = KOREA) =>
  makeProduct(server, {
    pid,
    stock,
    warehouse,
    name: `관심 부품 ${pid}`,
    tiers: [7000, 7500, 8000, 8800],
    salePrice: 9900,
  });

const textsTo = async (phone: string) =>
  (await server.db.select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).map(
    (r) => r.text,
  );
const restockText = (pid: string) =>
  renderNotice('restock', { shop: SHOP_NAME, partNo: pid, product: `관심 부품 ${pid}` }).text;
const restockJobs = async (productId: number) =>
  queryRows<{ state: string }>(
    server.db,
    sql`select state::text as state from pgboss.job where name = 'sms.restock' and singleton_key like ${`product:${productId}:%`}`,
  );
const allDone = async (productId: number, n: number) => {
  const jobs = await restockJobs(productId);
  return jobs.length === n && jobs.every((j) => j.state === 'completed');
};
const alertsOf = (productId: number) =>
  server.db.select().from(restockAlerts).where(eq(restockAlerts.productId, productId));
const changeStock = (seq: number, delta: number) =>
  call(server, 'adminChangeStock', { seq, delta, reason: '입고' }, { token: tokens.staff });
const ask = (token: string, productId: number, on = true) =>
  call(server, 'setRestockAlert', { productId, on }, { token });
/** `n` products in one statement (a list at its cap needs a thousand), with this stock, by number. */
async function manyProducts(tag: string, n: number, stock: number): Promise<number[]> {
  const rows = await server.db
    .insert(products)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `한도 부품 ${tag}-${i}`,
        pid: `CAP-${tag}-${i}`,
        pidKey: `CAP${tag}${i}`,
        priceA: 1000,
        priceB: 1000,
        priceC: 1000,
        priceD: 1000,
        salePrice: 1200,
        hasAmount: stock,
        ...KOREA,
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

beforeAll(async () => {
  server = await startTestServer({ env: FAST });
  ({ buyer, other, tokens } = await makeBuyers(server, { buyer: '관심', other: '남의관심' }));
}, 60_000);
afterAll(() => server?.close());

describe('who may call', () => {
  it.each([
    ['api/getFavorites', { page: 1 }],
    ['api/setFavorite', { productId: 1, on: true }],
    ['api/getProductMarks', {}],
    ['api/setRestockAlert', { productId: 1, on: true }],
  ] as const)('%s: a visitor 401, staff 403', async (path, body) => {
    expect((await call(server, 'POST', path, body)).status).toBe(401);
    expect((await call(server, 'POST', path, body, tokens.staff)).status).toBe(403);
  });
});

describe('관심상품', () => {
  it('one list per company: the main adds, the sub sees it with the tier price, stock and warehouse; another company does not', async () => {
    const pad = await product('FAV-PAD-1', 12);
    const disc = await product('FAV-DISC-2', 0, CHINA);
    const first = await call(server, 'setFavorite', { productId: pad.id, on: true }, { token: tokens.main });
    expect([first.body.code, first.body.message]).toEqual([201, MSG_FAVORITES.added]);
    expect((await call(server, 'setFavorite', { productId: disc.id, on: true }, { token: tokens.sub })).body.code).toBe(
      201,
    );

    const list = await call(server, 'getFavorites', { page: 1, size: 20 }, { token: tokens.sub });
    expect(list.body.total).toBe(2);
    expect(
      list.body.results!.map((r) => [r.seq, r.pid, r.price, r.stock, r.stockName, r.storageId, r.restockAlert]),
    ).toEqual([
      [disc.id, 'FAV-DISC-2', 7500, 0, CHINA.stockName, 2, false],
      [pad.id, 'FAV-PAD-1', 7500, 12, KOREA.stockName, 1, false],
    ]);
    const marks = await call(server, 'getProductMarks', {}, { token: tokens.main });
    expect(marks.body.results!.favorites).toEqual([pad.id, disc.id].sort((a, b) => a - b));

    const others = await call(server, 'getFavorites', { page: 1 }, { token: tokens.other });
    expect([others.body.total, others.body.results]).toEqual([0, []]);
    expect((await call(server, 'getProductMarks', {}, { token: tokens.other })).body.results!.favorites).toEqual([]);

    // Page two of one-per-page is the older one.
    const second = await call(server, 'getFavorites', { page: 2, size: 1 }, { token: tokens.main });
    expect([second.body.total, second.body.results!.map((r) => r.seq)]).toEqual([2, [pad.id]]);
  });

  it('on twice is one row, off twice is none; another company removing it changes nothing of ours', async () => {
    const filter = await product('FAV-FILTER-3', 5);
    const rows = () =>
      server.db
        .select()
        .from(favorites)
        .where(and(eq(favorites.companyId, buyer.companyId), eq(favorites.productId, filter.id)));
    await Promise.all([
      call(server, 'setFavorite', { productId: filter.id, on: true }, { token: tokens.main }),
      call(server, 'setFavorite', { productId: filter.id, on: true }, { token: tokens.sub }),
    ]);
    expect(await rows()).toHaveLength(1);
    // The other company's off concerns only its own (empty) list.
    expect(
      (await call(server, 'setFavorite', { productId: filter.id, on: false }, { token: tokens.other })).body.code,
    ).toBe(201);
    expect(await rows()).toHaveLength(1);
    const off = await call(server, 'setFavorite', { productId: filter.id, on: false }, { token: tokens.sub });
    expect([off.body.code, off.body.message]).toEqual([201, MSG_FAVORITES.removed]);
    expect(
      (await call(server, 'setFavorite', { productId: filter.id, on: false }, { token: tokens.main })).body.code,
    ).toBe(201);
    expect(await rows()).toHaveLength(0);
  });

  it('a removed or unknown product and malformed input: a Korean refusal, nothing stored', async () => {
    const gone = await product('FAV-GONE-4', 3);
    await server.db.delete(products).where(eq(products.id, gone.id));
    const before = await server.db.select().from(favorites).where(eq(favorites.companyId, buyer.companyId));
    for (const productId of [gone.id, 2_000_000_000]) {
      const res = await call(server, 'setFavorite', { productId, on: true }, { token: tokens.main });
      expect([res.status, res.body.message]).toEqual([404, MSG_FAVORITES.productGone]);
    }
    for (const body of [
      { productId: 'x', on: true },
      { productId: 1.5, on: true },
      { productId: -1, on: true },
      { productId: 1, on: 'yes' },
      { productId: 1e12, on: true },
      {},
    ]) {
      const res = await call(server, 'POST', 'api/setFavorite', body, tokens.main);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
    }
    expect(await server.db.select().from(favorites).where(eq(favorites.companyId, buyer.companyId))).toEqual(before);
    const badPage = await call(server, 'POST', 'api/getFavorites', { page: 0 }, tokens.main);
    expect(badPage.status).toBe(400);
  });
});

describe('how many', () => {
  it('관심상품 hold 1,000: the 1,000th goes in, the 1,001st is refused, one already there stays; off takes only its own', async () => {
    const c = await makeCompany(server, '한도관심', 0);
    const token = (await createSession(server.db, c.main.seq)).token;
    const ids = await manyProducts('FAV', 1001, 3);
    await server.db
      .insert(favorites)
      .values(ids.slice(0, 999).map((productId) => ({ companyId: c.companyId, productId, memberId: c.main.seq })));
    const set = (productId: number, on = true) => call(server, 'setFavorite', { productId, on }, { token });
    expect((await set(ids[999]!)).body.code).toBe(201);
    const over = await set(ids[1000]!);
    expect([over.status, over.body.message]).toEqual([400, MSG_FAVORITES.tooMany]);
    expect((await set(ids[5]!)).body.code).toBe(201);
    expect((await set(ids[7]!, false)).body.code).toBe(201);
    const held = await server.db.select().from(favorites).where(eq(favorites.companyId, c.companyId));
    expect(held).toHaveLength(999);
    expect(held.some((f) => f.productId === ids[7])).toBe(false);
    expect(held.some((f) => f.productId === ids[8])).toBe(true);
  });

  it('재입고 알림 hold 200 a member: the 200th goes in, the 201st is refused', async () => {
    const c = await makeCompany(server, '한도알림', 0);
    const token = (await createSession(server.db, c.main.seq)).token;
    const ids = await manyProducts('RST', 201, 0);
    await server.db
      .insert(restockAlerts)
      .values(ids.slice(0, 199).map((productId) => ({ companyId: c.companyId, productId, memberId: c.main.seq })));
    expect((await ask(token, ids[199]!)).body.code).toBe(201);
    const over = await ask(token, ids[200]!);
    expect([over.status, over.body.message]).toEqual([400, MSG_FAVORITES.restockTooMany]);
  });

  // The cap is counted and the row written under the list's named lock: adds at once go one after
  // another, so the list never passes its cap however many arrive together (docs/requirements.md#favourites).
  it('관심상품 at 999: eight products added at once by the main and the sub, exactly one goes in', async () => {
    const c = await makeCompany(server, '경합관심', 1);
    const [main, sub] = await Promise.all([
      createSession(server.db, c.main.seq).then((s) => s.token),
      createSession(server.db, c.subs[0]!.seq).then((s) => s.token),
    ]);
    const ids = await manyProducts('FAVRACE', 1007, 3);
    await server.db
      .insert(favorites)
      .values(ids.slice(0, 999).map((productId) => ({ companyId: c.companyId, productId, memberId: c.main.seq })));
    const answers = await Promise.all(
      ids
        .slice(999)
        .map((productId, i) => call(server, 'setFavorite', { productId, on: true }, { token: i % 2 ? sub : main })),
    );
    expect(answers.filter((a) => a.body.code === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.message === MSG_FAVORITES.tooMany)).toHaveLength(7);
    const held = await server.db.select().from(favorites).where(eq(favorites.companyId, c.companyId));
    expect(held).toHaveLength(1000);
  });

  it('재입고 알림 at 199: eight sold-out products asked for at once, exactly one request goes in', async () => {
    const c = await makeCompany(server, '경합알림', 0);
    const token = (await createSession(server.db, c.main.seq)).token;
    const ids = await manyProducts('RSTRACE', 207, 0);
    await server.db
      .insert(restockAlerts)
      .values(ids.slice(0, 199).map((productId) => ({ companyId: c.companyId, productId, memberId: c.main.seq })));
    const answers = await Promise.all(ids.slice(199).map((productId) => ask(token, productId)));
    expect(answers.filter((a) => a.body.code === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.message === MSG_FAVORITES.restockTooMany)).toHaveLength(7);
    const held = await server.db.select().from(restockAlerts).where(eq(restockAlerts.memberId, c.main.seq));
    expect(held).toHaveLength(200);
  });
});

describe('재입고 알림: asking', () => {
  it('a product in stock is refused; a sold-out one is asked for once per member, and withdrawn', async () => {
    const inStock = await product('RS-IN-1', 1);
    const soldOut = await product('RS-OUT-2', 0);
    const refused = await ask(tokens.main, inStock.id);
    expect([refused.status, refused.body.message]).toEqual([400, MSG_FAVORITES.restockInStock]);
    expect(await alertsOf(inStock.id)).toEqual([]);

    const gone = await ask(tokens.main, 2_000_000_000);
    expect([gone.status, gone.body.message]).toEqual([404, MSG_FAVORITES.productGone]);

    const on = await ask(tokens.main, soldOut.id);
    expect([on.body.code, on.body.message]).toEqual([201, MSG_FAVORITES.restockOn]);
    await ask(tokens.main, soldOut.id);
    expect((await alertsOf(soldOut.id)).map((a) => a.memberId)).toEqual([buyer.main.seq]);
    // Per member: the sub has not asked.
    expect((await call(server, 'getProductMarks', {}, { token: tokens.main })).body.results!.restockAlerts).toContain(
      soldOut.id,
    );
    expect(
      (await call(server, 'getProductMarks', {}, { token: tokens.sub })).body.results!.restockAlerts,
    ).not.toContain(soldOut.id);

    const off = await ask(tokens.main, soldOut.id, false);
    expect([off.body.code, off.body.message]).toEqual([201, MSG_FAVORITES.restockOff]);
    expect(await alertsOf(soldOut.id)).toEqual([]);
  });
});

describe('재입고 알림: the texts', () => {
  it('a stock change 0→5 texts each asker once and ends the requests; the next restock reaches only who asked again', async () => {
    const p = await product('RS-TEXT-3', 0);
    for (const t of [tokens.main, tokens.sub, tokens.other]) expect((await ask(t, p.id)).body.code).toBe(201);
    expect((await changeStock(p.id, 5)).status).toBe(200);
    expect(await alertsOf(p.id)).toEqual([]);
    await until('texts', () => allDone(p.id, 1));
    for (const phone of [buyer.main.phone, buyer.subs[0]!.phone, other.main.phone])
      expect(await textsTo(phone)).toEqual([restockText('RS-TEXT-3')]);

    // Sold out again, only the sub asks again; a raise from 5 to 8 is no restock.
    expect((await changeStock(p.id, 3)).status).toBe(200);
    expect((await changeStock(p.id, -8)).status).toBe(200);
    expect((await ask(tokens.sub, p.id)).body.code).toBe(201);
    expect((await changeStock(p.id, 2)).status).toBe(200);
    await until('second restock', () => allDone(p.id, 2));
    expect(await textsTo(buyer.subs[0]!.phone)).toEqual([restockText('RS-TEXT-3'), restockText('RS-TEXT-3')]);
    expect(await textsTo(buyer.main.phone)).toEqual([restockText('RS-TEXT-3')]);
    expect(await textsTo(other.main.phone)).toEqual([restockText('RS-TEXT-3')]);
  });

  it('only the move from 0 is a restock: raising a stock already above 0 texts nobody and keeps the request', async () => {
    const p = await product('RESTOCK-ABOVE', 0);
    expect((await ask(tokens.main, p.id)).body.code).toBe(201);
    // Stock written outside the shop's code (a fix in the database): the request stays.
    await server.db.update(products).set({ hasAmount: 3 }).where(eq(products.id, p.id));
    expect((await changeStock(p.id, 2)).body.code).toBe(201);
    expect(await restockJobs(p.id)).toEqual([]);
    expect(await alertsOf(p.id)).toHaveLength(1);
  });

  it('a CSV import that brings a sold-out product back texts the asker; one that leaves it at 0 does not', async () => {
    const back = await product('RS-CSV-4', 0);
    const still = await product('RS-CSV-5', 0);
    await ask(tokens.other, back.id);
    await ask(tokens.main, still.id);
    const header =
      'pid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo';
    const line = (pid: string, stock: number) =>
      `${pid},관심 부품 ${pid},,2,9900,7000,7500,8000,8800,${stock},${KOREA.stockName},1,,,`;
    const res = await call(
      server,
      'adminImportProducts',
      { csv: [header, line('RS-CSV-4', 4), line('RS-CSV-5', 0)].join('\n'), commit: true },
      { token: tokens.staff },
    );
    expect([res.status, res.body.results!.committed]).toEqual([200, true]);
    await until('import texts', () => allDone(back.id, 1));
    expect(await textsTo(other.main.phone)).toContain(restockText('RS-CSV-4'));
    expect(await restockJobs(still.id)).toEqual([]);
    expect((await alertsOf(still.id)).map((a) => a.memberId)).toEqual([buyer.main.seq]);
  });

  it('a job whose text fails once is retried: each asker still gets exactly one text', async () => {
    const p = await product('RS-RETRY-6', 0);
    const c = await makeCompany(server, '재시도', 1);
    const [mainTok, subTok] = await Promise.all([
      createSession(server.db, c.main.seq),
      createSession(server.db, c.subs[0]!.seq),
    ]);
    await ask(mainTok.token, p.id);
    await ask(subTok.token, p.id);
    let subTries = 0;
    // The main account's text goes out, then the sub's fails on the first try: the retry must not
    // text the main account again.
    const restore = interceptSms(server.ctx!.sms, c.subs[0]!.phone, () => {
      if (++subTries === 1) throw new Error('일시 오류');
    });
    try {
      expect((await changeStock(p.id, 5)).status).toBe(200);
      await until('retried job', () => allDone(p.id, 1));
    } finally {
      restore();
    }
    expect(subTries).toBe(2);
    expect(await textsTo(c.main.phone)).toEqual([restockText('RS-RETRY-6')]);
    expect(await textsTo(c.subs[0]!.phone)).toEqual([restockText('RS-RETRY-6')]);
  });

  it('a cancel that brings the last units back is a restock: the asker is texted', async () => {
    const p = await product('RS-CANCEL-8', 2);
    await fund(server, buyer.companyId, 50_000);
    const paid = await placeOrder(server, tokens.main, [{ productId: p.id, qty: 2 }]);
    expect(paid.body.code, paid.body.message).toBe(201);
    expect((await ask(tokens.other, p.id)).body.code).toBe(201);
    const cancelled = await call(
      server,
      'cancelMallOrder',
      { seq: paid.body.results!.orderSeq },
      { token: tokens.main },
    );
    expect(cancelled.body.code, cancelled.body.message).toBe(201);
    await until('restock text', () => allDone(p.id, 1));
    expect(await textsTo(other.main.phone)).toContain(restockText('RS-CANCEL-8'));
    expect(await alertsOf(p.id)).toEqual([]);
  });

  it('two stock edits 0→5 at once: one job, one text per asker, stock 10', async () => {
    const p = await product('RS-RACE-7', 0);
    const c = await makeCompany(server, '동시', 1);
    for (const m of [c.main, c.subs[0]!]) await ask((await createSession(server.db, m.seq)).token, p.id);
    const both = await Promise.all([changeStock(p.id, 5), changeStock(p.id, 5)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    await until('race texts', () => allDone(p.id, 1));
    expect((await server.db.select().from(products).where(eq(products.id, p.id)))[0]!.hasAmount).toBe(10);
    expect(await textsTo(c.main.phone)).toEqual([restockText('RS-RACE-7')]);
    expect(await textsTo(c.subs[0]!.phone)).toEqual([restockText('RS-RACE-7')]);
  });
});

describe('job reference (작업번호/차량번호)', () => {
  const courier = { ...COURIER, phone: '01055550001' };

  it('typed at checkout, it is on the order detail, the back office list and the CSV; the cart line keeps its own', async () => {
    await fund(server, buyer.companyId, 200_000);
    const p = await product('JR-PAY-1', 9);
    const added = await call(
      server,
      'addQuickOrderToCart',
      { lines: [{ productId: p.id, qty: 2, jobRef: 'RO-2611' }] },
      { token: tokens.sub },
    );
    expect(added.body.code).toBe(201);
    const [line] = await server.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.memberId, buyer.subs[0]!.seq), eq(cartItems.productId, p.id)));
    const paid = await call(
      server,
      'requestPaymentProduct',
      {
        clientRequestId: randomUUID(),
        shippingInfo: courier,
        jobRef: ' 12가3456 ',
        carts: [{ seq: line!.id, qty: 2 }],
      },
      { token: tokens.sub },
    );
    expect(paid.body.code).toBe(201);
    const seq = paid.body.results!.orderSeq;
    const detail = await call(server, 'getMallOrderDetail', { seq }, { token: tokens.main });
    expect(detail.body.results!.jobRef).toBe('12가3456');
    expect(detail.body.results!.orderProductInfo.map((l) => [l.pid, l.jobRef])).toEqual([['JR-PAY-1', 'RO-2611']]);
    const list = await call(server, 'getMallOrderInfo', { page: 1, size: 15 }, { token: tokens.main });
    expect(list.body.results!.find((o) => o.seq === seq)?.jobRef).toBe('12가3456');

    const staffDetail = await call(server, 'adminOrderDetail', { seq }, { token: tokens.staff });
    expect(staffDetail.body.results!.order.jobRef).toBe('12가3456');
    const csv = await call(server, 'adminOrderExport', {}, { token: tokens.staff });
    const row = csv.body.results!.csv.split(/\r?\n/).find((l) => l.startsWith(`${seq},`));
    expect(csv.body.results!.csv).toContain('작업번호/차량번호');
    expect(row).toContain('12가3456 / RO-2611');
  });

  it('the original payload without it still pays; 31 characters is a Korean refusal and no order', async () => {
    const p = await product('JR-PAY-2', 9);
    await call(server, 'addToCart', { productId: p.id, hasAmount: 1 }, { token: tokens.main });
    const [line] = await server.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.memberId, buyer.main.seq), eq(cartItems.productId, p.id)));
    const ordersBefore = await server.db.select().from(orders).where(eq(orders.companyId, buyer.companyId));
    const long = await call(
      server,
      'POST',
      'api/requestPaymentProduct',
      { shippingInfo: courier, jobRef: 'ㄱ'.repeat(31), carts: [{ seq: line!.id, qty: 1 }] },
      tokens.main,
    );
    expect([long.status, long.body.message]).toEqual([400, MSG_QUICK_ORDER.jobRef]);
    expect(await server.db.select().from(orders).where(eq(orders.companyId, buyer.companyId))).toHaveLength(
      ordersBefore.length,
    );
    const plain = await call(
      server,
      'POST',
      'api/requestPaymentProduct',
      { shippingInfo: courier, carts: [{ seq: line!.id, qty: 1 }] },
      tokens.main,
    );
    expect(plain.body.code).toBe(201);
    const seq = (plain.body.results as { orderSeq: number }).orderSeq;
    const detail = await call(server, 'getMallOrderDetail', { seq }, { token: tokens.main });
    expect(detail.body.results!.jobRef).toBe('');
  });
});

describe('api/setCartLineJobRef', () => {
  it('the member sets and clears a line of their own; another member, staff, visitor and 31 characters are refused', async () => {
    const p = await product('JR-CART-3', 4);
    await call(server, 'addToCart', { productId: p.id, hasAmount: 1 }, { token: tokens.sub });
    const [line] = await server.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.memberId, buyer.subs[0]!.seq), eq(cartItems.productId, p.id)));
    const set = await call(server, 'setCartLineJobRef', { seq: line!.id, jobRef: ' 34나5678 ' }, { token: tokens.sub });
    expect(set.body.code).toBe(201);
    const cart = await call(server, 'getMallCartInfo', { page: 1, size: 64 }, { token: tokens.sub });
    expect(cart.body.results!.find((l) => l.seq === line!.id)?.jobRef).toBe('34나5678');

    for (const token of [tokens.main, tokens.other]) {
      const foreign = await call(server, 'setCartLineJobRef', { seq: line!.id, jobRef: 'X' }, { token });
      expect(foreign.status).toBe(404);
    }
    expect((await call(server, 'POST', 'api/setCartLineJobRef', { seq: line!.id, jobRef: 'X' })).status).toBe(401);
    expect(
      (await call(server, 'POST', 'api/setCartLineJobRef', { seq: line!.id, jobRef: 'X' }, tokens.staff)).status,
    ).toBe(403);
    const long = await call(
      server,
      'POST',
      'api/setCartLineJobRef',
      { seq: line!.id, jobRef: '가'.repeat(31) },
      tokens.sub,
    );
    expect([long.status, long.body.message]).toEqual([400, MSG_QUICK_ORDER.jobRef]);
    const [after] = await server.db.select().from(cartItems).where(eq(cartItems.id, line!.id));
    expect(after!.jobRef).toBe('34나5678');

    expect(
      (await call(server, 'setCartLineJobRef', { seq: line!.id, jobRef: '' }, { token: tokens.sub })).body.code,
    ).toBe(201);
    const [cleared] = await server.db.select().from(cartItems).where(eq(cartItems.id, line!.id));
    expect(cleared!.jobRef).toBe('');
  });
});
