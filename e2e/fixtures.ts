import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { alphaNumber, ORDER_STATUS, WAREHOUSES, type WarehouseKey } from '@partsmall/contract';
import {
  cashLedger,
  companies,
  members,
  orderEvents,
  orderLines,
  orders,
  products,
} from '../apps/server/src/db/schema.js';
import { withCheckDigit } from '../apps/server/src/seed/demo.js';
import { call, latestCode, type TestServer } from '../apps/server/test/helpers.js';

/**
 * What the browser tests set up for themselves, so that no test depends on what an earlier one
 * left behind: products with written-out tier prices, a company's cash, new
 * companies, and payments made through the sandbox gateway.
 */

export type Product = typeof products.$inferSelect;

let made = 0;

/**
 * A product of the test's own, with four different tier prices (A titanium … D bronze) so that
 * a screen showing the wrong tier fails; names and part numbers are unique to the run.
 */
export async function addProduct(
  server: TestServer,
  p: {
    name: string;
    prices: [a: number, b: number, c: number, d: number];
    stock: number;
    warehouse?: WarehouseKey;
    notes?: string;
    /** A part number of the test's own choosing (quick order types it in several spellings). */
    pid?: string;
  },
): Promise<Product> {
  made += 1;
  const tag = `${Date.now().toString(36).toUpperCase()}${made}`;
  const pid = p.pid ?? `E2E-${tag}`;
  const [a, b, c, d] = p.prices;
  const [row] = await server.db
    .insert(products)
    .values({
      name: `${p.name} ${tag}`,
      pid,
      pidKey: alphaNumber(pid),
      factoryNum: `TEST ${tag}`,
      factoryKey: alphaNumber(`TEST ${tag}`),
      type: 1,
      priceA: a,
      priceB: b,
      priceC: c,
      priceD: d,
      salePrice: d + 5000,
      hasAmount: p.stock,
      ...WAREHOUSES[p.warehouse ?? 'korea'],
      imgFiles: ['/uploads/products/pad-1.svg'],
      detailInfo: p.notes ?? '',
      description: `${p.name} 테스트 상품`,
      category: 'pad',
      brand: 'bmw',
    })
    .returning();
  return row!;
}

async function companyOf(server: TestServer, loginId: string): Promise<number> {
  const [m] = await server.db.select().from(members).where(eq(members.loginId, loginId));
  return m!.companyId!;
}

/** A company's cash set to `amount`, through an 'adjust' ledger row so that the ledger still sums to the balance. */
export async function setCash(server: TestServer, loginId: string, amount: number): Promise<void> {
  const companyId = await companyOf(server, loginId);
  await server.db.transaction(async (tx) => {
    const [c] = await tx
      .select({ point: companies.point })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    const diff = amount - Number(c!.point);
    if (diff === 0) return;
    await tx
      .insert(cashLedger)
      .values({ companyId, type: 'adjust', amount: diff, balanceAfter: amount, note: 'e2e fixture' });
    await tx
      .update(companies)
      .set({ point: sql`${amount}` })
      .where(eq(companies.id, companyId));
  });
}

export async function cashOf(server: TestServer, loginId: string): Promise<number> {
  const [c] = await server.db
    .select({ point: companies.point })
    .from(companies)
    .where(eq(companies.id, await companyOf(server, loginId)));
  return Number(c!.point);
}

let joined = 0;

/** A new company with its main account, joined through the API as the join screen does (the account takes the company's name). */
export async function newCompany(
  server: TestServer,
  who: { id: string; name: string; phone: string },
): Promise<{ id: string; pw: string }> {
  joined += 1;
  const license = withCheckDigit(String(400_000_000 + ((Date.now() + joined * 7919) % 99_999_999)).slice(0, 9));
  const sent = await call(server, 'GET', 'api/mobileVerification', { phone: who.phone, authType: 'message' });
  if (sent.body.code !== 200) throw new Error(`code for ${who.phone}: ${sent.body.message}`);
  const pw = 'fixture1234';
  const res = await call(server, 'POST', 'api/join', {
    license,
    companyName: who.name,
    companyArea: '서울 성동구',
    id: who.id,
    pw,
    cpw: pw,
    phone: who.phone,
    authCode: await latestCode(server, who.phone),
    policy: true,
    privacy: true,
  });
  if (res.body.code !== 201) throw new Error(`join ${who.id}: ${res.body.message}`);
  return { id: who.id, pw };
}

/**
 * A cash top-up paid through the sandbox gateway without a browser: the payment window's page,
 * then its approve (card) or deposit (bank transfer) button.
 */
export async function payByApi(
  server: TestServer,
  token: string,
  pgcode: 'creditcard' | 'banktransfer',
  amount: number,
): Promise<void> {
  const started = await call<{ online_url: string }>(
    server,
    'POST',
    'payCenter/showCashPaymentWinow',
    { pgcode, amount },
    token,
  );
  if (started.body.code !== 200) throw new Error(`payment window: ${started.body.message}`);
  // The window's address carries the page key; its buttons post to the same path plus the action.
  const page = new URL(started.body.results!.online_url);
  const action = pgcode === 'creditcard' ? 'approve' : 'deposit';
  const res = await fetch(`${server.base}${page.pathname}/${action}${page.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  if (res.status !== 200) throw new Error(`sandbox ${action}: ${res.status}`);
}

/**
 * An order of the demo company (demo@partsmall.kr) from the Korean warehouse, as if paid a moment
 * ago: one line of `product`, its events up to `status` (0 구매요청, or 1 출고확정 as staff confirm it).
 */
export async function demoOrder(
  server: TestServer,
  o: {
    product: Product;
    qty: number;
    price: number;
    shipping: number;
    status: typeof ORDER_STATUS.purchaseRequest | typeof ORDER_STATUS.shipmentConfirmed;
  },
): Promise<number> {
  const [demo] = await server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  const [order] = await server.db
    .insert(orders)
    .values({
      companyId: demo!.companyId!,
      memberId: demo!.id,
      clientRequestId: randomUUID(),
      ...WAREHOUSES.korea,
      status: o.status,
      totalAmount: o.qty * o.price,
      shipping: o.shipping,
      shippingValue: 1,
      shippingPayType: 0,
      name: '박수령',
      phone: '01098765432',
      postNum: '04782',
      address: '서울특별시 성동구 아차산로 113',
      addrSub: '2층',
    })
    .returning({ id: orders.id });
  const { product } = o;
  await server.db.insert(orderLines).values({
    orderId: order!.id,
    productId: product.id,
    name: product.name,
    pid: product.pid,
    qty: o.qty,
    price: o.price,
  });
  // The payment writes the order's first event (no status → purchase request); staff confirm it.
  await server.db.insert(orderEvents).values([
    { orderId: order!.id, fromStatus: null, toStatus: ORDER_STATUS.purchaseRequest, memberId: demo!.id },
    ...(o.status === ORDER_STATUS.shipmentConfirmed
      ? [
          {
            orderId: order!.id,
            fromStatus: ORDER_STATUS.purchaseRequest,
            toStatus: ORDER_STATUS.shipmentConfirmed,
            memberId: null,
          },
        ]
      : []),
  ]);
  return order!.id;
}
