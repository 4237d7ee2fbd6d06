import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { WAREHOUSES, type PayWith } from '@partsmall/contract';
import { cashLedger, companies, members, orderLines, orders, products } from '../src/db/schema.js';
import { createSession } from '../src/features/auth/sessions.js';
import { call, type TestServer } from './helpers.js';
import { makeCompany, type TestCompany } from './member-helpers.js';

/** Fixtures of the order, cart and payment tests: products, funded companies, orders in any status. */

export const KOREA = WAREHOUSES.korea;
export const CHINA = WAREHOUSES.china;

/** The recipient and address the tests' orders go to. */
export const TEST_ADDRESS = {
  name: '김수령',
  phone: '01055550000',
  postNum: '04790',
  address: '서울 성동구 성수이로 77',
  addrSub: '3층',
};

/** An order's `shippingInfo` by parcel (택배, shippingValue 1), the fee paid with the order (shippingPayType 0). */
export const COURIER = { ...TEST_ADDRESS, shippingValue: 1 as const, shippingPayType: 0 as const };

/** An order's `shippingInfo` picked up by another company (다른 회사 직접 수령): no address, no shipping fee. */
export const PICKUP = {
  name: TEST_ADDRESS.name,
  phone: TEST_ADDRESS.phone,
  shippingValue: 4 as const,
  shippingPayType: 2 as const,
};

/** The search key of a part number as the tests write it: upper case, letters and digits only. */
const keyOf = (num: string) => num.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * A product with four tier prices A-D and a sale price (all written out by the caller); its part
 * number is `pid` when given (a test that searches for it), else a fresh one.
 */
export async function makeProduct(
  server: TestServer,
  opts: {
    tiers: [number, number, number, number];
    salePrice: number;
    stock?: number;
    warehouse?: typeof KOREA | typeof CHINA;
    name?: string;
    pid?: string;
    factoryNum?: string;
    category?: string;
  },
) {
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const pid = opts.pid ?? `TST-${tag}`;
  const [row] = await server.db
    .insert(products)
    .values({
      name: opts.name ?? `시험 부품 ${tag}`,
      pid,
      pidKey: keyOf(pid),
      ...(opts.factoryNum === undefined ? {} : { factoryNum: opts.factoryNum, factoryKey: keyOf(opts.factoryNum) }),
      priceA: opts.tiers[0],
      priceB: opts.tiers[1],
      priceC: opts.tiers[2],
      priceD: opts.tiers[3],
      salePrice: opts.salePrice,
      hasAmount: opts.stock ?? 100,
      ...(opts.warehouse ?? KOREA),
      ...(opts.category === undefined ? {} : { category: opts.category }),
    })
    .returning();
  return row!;
}

export interface BuyerTokens {
  main: string;
  sub: string;
  other: string;
  staff: string;
}

/**
 * The accounts of the cart tests (favourites, quick order, reorder): a buyer company at level b with
 * one sub-account, another company, and a session each for the buyer's main and sub account, the
 * other company's main account and the seeded staff member.
 */
export async function makeBuyers(
  server: TestServer,
  labels: { buyer: string; other: string },
): Promise<{ buyer: TestCompany; other: TestCompany; tokens: BuyerTokens }> {
  const buyer = await makeCompany(server, labels.buyer, 1);
  const other = await makeCompany(server, labels.other, 0);
  await server.db.update(companies).set({ level: 'b' }).where(eq(companies.id, buyer.companyId));
  const [staff] = await server.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.loginId, 'staff@partsmall.kr'));
  const token = async (memberId: number) => (await createSession(server.db, memberId)).token;
  return {
    buyer,
    other,
    tokens: {
      main: await token(buyer.main.seq),
      sub: await token(buyer.subs[0]!.seq),
      other: await token(other.main.seq),
      staff: await token(staff!.id),
    },
  };
}

/**
 * Places an order through api/requestPaymentProduct as the web does (a fresh clientRequestId): by
 * default picked up by the buyer (no shipping fee) and paid from the cash balance; `payWith: 'credit'`
 * puts it on 외상. Tests of the original payload itself (no clientRequestId) write their call out.
 */
export function placeOrder(
  server: TestServer,
  token: string,
  carts: { productId: number; qty: number }[],
  opts: { shippingInfo?: typeof PICKUP | typeof COURIER; payWith?: PayWith | undefined } = {},
) {
  return call(
    server,
    'requestPaymentProduct',
    {
      clientRequestId: randomUUID(),
      shippingInfo: opts.shippingInfo ?? PICKUP,
      carts,
      ...(opts.payWith ? { payWith: opts.payWith } : {}),
    },
    { token },
  );
}

/** Gives a company cash the way the shop would book it: the balance and an 'adjust' ledger row. */
export async function fund(server: TestServer, companyId: number, amount: number): Promise<void> {
  await server.db.transaction(async (tx) => {
    const [c] = await tx
      .update(companies)
      .set({ point: sql`${companies.point} + ${amount}` })
      .where(eq(companies.id, companyId))
      .returning({ point: companies.point });
    await tx
      .insert(cashLedger)
      .values({ companyId, type: 'adjust', amount, balanceAfter: c!.point, note: '시험 충전' });
  });
}

export async function balanceOf(server: TestServer, companyId: number): Promise<number> {
  const [c] = await server.db.select({ point: companies.point }).from(companies).where(eq(companies.id, companyId));
  return c!.point;
}

export interface OrderFixture {
  companyId: number;
  memberId: number;
  status: number;
  productId: number;
  qty?: number;
  /** Goods total (won); the line's unit price is this over qty. */
  totalAmount?: number;
  shipping?: number;
  createdAt?: Date;
  shippedAt?: Date | null;
  returnReason?: number | null;
  warehouse?: typeof KOREA | typeof CHINA;
}

/**
 * An order row in any status with one line, written directly (as if paid earlier). The sender is
 * the ordering company, as the checkout page fills it when 직배송 is off.
 */
export async function insertOrder(server: TestServer, f: OrderFixture): Promise<number> {
  const qty = f.qty ?? 1;
  const totalAmount = f.totalAmount ?? 10_000;
  const [company] = await server.db
    .select({ name: companies.name, phone: companies.phone })
    .from(companies)
    .where(eq(companies.id, f.companyId));
  const [order] = await server.db
    .insert(orders)
    .values({
      companyId: f.companyId,
      memberId: f.memberId,
      clientRequestId: randomUUID(),
      ...(f.warehouse ?? KOREA),
      status: f.status,
      totalAmount,
      shipping: f.shipping ?? 6000,
      shippingValue: 1,
      shippingPayType: 0,
      ...TEST_ADDRESS,
      fromName: company?.name.slice(0, 20) ?? '',
      fromPhone: (company?.phone ?? '').replace(/\D/g, '').slice(0, 11),
      returnReason: f.returnReason ?? null,
      shippedAt: f.shippedAt ?? null,
      ...(f.createdAt ? { createdAt: f.createdAt } : {}),
    })
    .returning({ id: orders.id });
  await server.db.insert(orderLines).values({
    orderId: order!.id,
    productId: f.productId,
    name: '시험 부품',
    pid: 'TST',
    qty,
    price: Math.round(totalAmount / qty),
  });
  return order!.id;
}

/** The calendar day in Seoul ('YYYY-MM-DD') of an instant, worked out with Intl (not with the code under test). */
export function seoulDayOf(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(at);
}

/** Today's calendar day in Seoul, worked out with Intl (not with the code under test). */
export function seoulToday(): string {
  return seoulDayOf(new Date());
}

/** 00:00 Seoul time of the day `daysAgo` days before today (Seoul). */
export function seoulMidnight(daysAgo: number): Date {
  return new Date(Date.parse(`${seoulToday()}T00:00:00+09:00`) - daysAgo * 86_400_000);
}
