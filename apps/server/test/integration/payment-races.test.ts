import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { cartItems, cashLedger, companies, members, orderLines, orders, products } from '../../src/db/schema.js';
import { call, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { PICKUP } from '../order-helpers.js';

/**
 * Money and stock under concurrency (docs/requirements.md#cart-and-checkout): many payments at once for one product or one
 * balance, and one request repeated, must never oversell, overspend or pay twice.
 */
let server: TestServer;
let demoToken: string;
let otherToken: string;

async function addProduct(stock: number, price: number, storageId = 1) {
  const [row] = await server.db
    .insert(products)
    .values({
      name: `경합 테스트 부품 ${randomUUID().slice(0, 6)}`,
      pid: `RACE${Math.floor(Math.random() * 1e9)}`,
      pidKey: `RACE${Math.floor(Math.random() * 1e9)}`,
      priceA: price,
      priceB: price,
      priceC: price,
      priceD: price,
      salePrice: price,
      hasAmount: stock,
      stockName: storageId === 1 ? '한국 김포물류센터' : '중국 위해직수입창고',
      storageId,
    })
    .returning({ id: products.id });
  return row!.id;
}

async function companyOf(loginId: string) {
  const [m] = await server.db.select().from(members).where(eq(members.loginId, loginId));
  const [c] = await server.db.select().from(companies).where(eq(companies.id, m!.companyId!));
  return c!;
}

/** Tops a balance up the way an adjustment would: balance and ledger row together. */
async function setBalance(companyId: number, target: number) {
  const [c] = await server.db.select().from(companies).where(eq(companies.id, companyId));
  const delta = target - c!.point;
  await server.db.update(companies).set({ point: target }).where(eq(companies.id, companyId));
  await server.db
    .insert(cashLedger)
    .values({ companyId, type: 'adjust', amount: delta, balanceAfter: target, note: '테스트 조정' });
}

function pay(token: string, productId: number, qty: number, clientRequestId = randomUUID()) {
  return call<{ orderSeq: number; repeated: boolean }>(
    server,
    'POST',
    'api/requestPaymentProduct',
    { clientRequestId, shippingInfo: PICKUP, carts: [{ productId, qty }] },
    token,
  );
}

async function assertBooksBalance() {
  const rows = await queryRows<{ id: number; point: string | number; ledger: string | number }>(
    server.db,
    sql`select c.id, c.point, coalesce((select sum(amount) from cash_ledger l where l.company_id = c.id), 0) as ledger from companies c`,
  );
  for (const r of rows) expect(Number(r.ledger), `ledger of company ${r.id}`).toBe(Number(r.point));
  const negative = await queryRows<{ n: number }>(
    server.db,
    sql`select count(*)::int as n from products where has_amount < 0`,
  );
  expect(negative[0]!.n).toBe(0);
}

beforeAll(async () => {
  server = await startTestServer();
  demoToken = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
  otherToken = await loginAs(server, 'other@partsmall.kr', 'demo1234');
});
afterAll(async () => {
  await server?.close();
});

describe('payment races', () => {
  it('200 concurrent payments for a product with 50 in stock sell exactly 50', async () => {
    const demo = await companyOf('demo@partsmall.kr');
    await setBalance(demo.id, 100_000_000);
    const productId = await addProduct(50, 12_000);
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(demoToken, productId, 1)));
    const paid = answers.filter((a) => a.body.code === 201);
    const refused = answers.filter((a) => a.body.code !== 201);
    expect(paid).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('재고가 부족합니다');
    }
    const [p] = await server.db.select().from(products).where(eq(products.id, productId));
    expect(p!.hasAmount).toBe(0);
    const sold = await queryRows<{ n: number }>(
      server.db,
      sql`select coalesce(sum(qty), 0)::int as n from order_lines where product_id = ${productId}`,
    );
    expect(sold[0]!.n).toBe(50);
    const [after] = await server.db.select().from(companies).where(eq(companies.id, demo.id));
    expect(after!.point).toBe(100_000_000 - 50 * 12_000);
    await assertBooksBalance();
  });

  it('100 concurrent payments by one company whose cash covers 10 pay exactly 10', async () => {
    const other = await companyOf('other@partsmall.kr');
    await setBalance(other.id, 100_000);
    const productId = await addProduct(1000, 10_000);
    const answers = await Promise.all(Array.from({ length: 100 }, () => pay(otherToken, productId, 1)));
    const paid = answers.filter((a) => a.body.code === 201);
    expect(paid).toHaveLength(10);
    for (const r of answers.filter((a) => a.body.code !== 201)) expect(r.body.message).toBe('캐시 잔액이 부족합니다.');
    const [after] = await server.db.select().from(companies).where(eq(companies.id, other.id));
    expect(after!.point).toBe(0);
    const [p] = await server.db.select().from(products).where(eq(products.id, productId));
    expect(p!.hasAmount).toBe(990);
    await assertBooksBalance();
  });

  it('one payment request sent 20 times at once is paid once', async () => {
    const demo = await companyOf('demo@partsmall.kr');
    const before = (await server.db.select().from(companies).where(eq(companies.id, demo.id)))[0]!.point;
    const productId = await addProduct(100, 7_000);
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(demoToken, productId, 3, requestId)));
    expect(answers.every((a) => a.body.code === 201)).toBe(true);
    const orderSeqs = new Set(answers.map((a) => a.body.results!.orderSeq));
    expect(orderSeqs.size).toBe(1);
    expect(answers.filter((a) => a.body.results!.repeated === false)).toHaveLength(1);
    const [after] = await server.db.select().from(companies).where(eq(companies.id, demo.id));
    expect(after!.point).toBe(before - 21_000);
    const rows = await server.db.select().from(orders).where(eq(orders.clientRequestId, requestId));
    expect(rows).toHaveLength(1);
    const [p] = await server.db.select().from(products).where(eq(products.id, productId));
    expect(p!.hasAmount).toBe(97);
    await assertBooksBalance();
  });

  it('one cart line paid from ten tabs at once, each with its own request id, is paid once; the others find it gone', async () => {
    const demo = await companyOf('demo@partsmall.kr');
    const [buyer] = await server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    const productId = await addProduct(40, 6_500);
    await setBalance(demo.id, 500_000);
    const [line] = await server.db
      .insert(cartItems)
      .values({ memberId: buyer!.id, companyId: demo.id, productId, qty: 3 })
      .returning({ id: cartItems.id });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<{ orderSeq: number }>(
          server,
          'POST',
          'api/requestPaymentProduct',
          { clientRequestId: randomUUID(), shippingInfo: PICKUP, carts: [{ seq: line!.id, qty: 3 }] },
          demoToken,
        ),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([201, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    expect(answers.find((a) => a.body.code === 404)!.body.message).toBe('장바구니 항목을 찾을 수 없습니다.');
    const [p] = await server.db.select().from(products).where(eq(products.id, productId));
    expect(p!.hasAmount).toBe(37);
    const [after] = await server.db.select().from(companies).where(eq(companies.id, demo.id));
    expect(after!.point).toBe(500_000 - 19_500);
    const lines = await server.db.select().from(orderLines).where(eq(orderLines.productId, productId));
    expect(lines.map((l) => l.qty)).toEqual([3]);
    expect(await server.db.select().from(cartItems).where(eq(cartItems.id, line!.id))).toEqual([]);
    await assertBooksBalance();
  });

  it('over the trade channel: concurrent requestPaymentProduct from two tabs never oversell', async () => {
    const productId = await addProduct(5, 1_000);
    const tabs = [tradeSocket(server, demoToken), tradeSocket(server, demoToken)];
    const answers: { code: number; results?: { orderSeq: number } }[] = [];
    const done = new Promise<void>((resolve) => {
      for (const tab of tabs) {
        tab.on('paymentFinish', (a: { code: number }) => {
          answers.push(a);
          if (answers.length === 20) resolve();
        });
      }
    });
    for (let i = 0; i < 20; i++) {
      tabs[i % 2]!.emit('requestPaymentProduct', {
        clientRequestId: randomUUID(),
        shippingInfo: PICKUP,
        carts: [{ productId, qty: 1 }],
      });
    }
    await done;
    expect(answers.filter((a) => a.code === 201)).toHaveLength(5);
    const [p] = await server.db.select().from(products).where(eq(products.id, productId));
    expect(p!.hasAmount).toBe(0);
    // Base info was pushed to the tabs after the payments: cash matches the database.
    const info = nextEvent<{ code: number; result: { memberPoint: number } }>(tabs[0]!, 'toClientBaseInfo');
    tabs[0]!.emit('requestClientBaseInfo');
    const demo = await companyOf('demo@partsmall.kr');
    expect((await info).result.memberPoint).toBe(demo.point);
    for (const t of tabs) t.close();
    await assertBooksBalance();
    const lines = await server.db.select().from(orderLines).where(eq(orderLines.productId, productId));
    expect(lines.reduce((s, l) => s + l.qty, 0)).toBe(5);
  });
});
