import { fork } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Db } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/features/auth/passwords.js';
import { cashLedger, companies, members, orderLines, orders, products } from '../apps/server/src/db/schema.js';
import { seedDemo, withCheckDigit } from '../apps/server/src/seed/demo.js';
import { popbillStandIn, solapiStandIn } from '../apps/server/test/stand-ins.js';

/**
 * The rows and payloads the order benchmarks (bench/orders.ts, bench/crash.ts, bench/jobs.ts) share:
 * products, member companies, orders for staff to move, the order payment a member sends, and the
 * 알림톡 and tax invoice providers' stand-ins.
 */

const WAREHOUSE = { stockName: '한국 김포물류센터', storageId: 1 } as const;
const ADDRESS = { phone: '01000000000', postNum: '04790', address: '서울 성동구 성수이로 77' } as const;

/** The password of the benchmarks' members. */
export const BENCH_PASSWORD = 'bench1234';

/**
 * A checkout benchmark's shop: the demo seed in a fresh database `url`, `count` products of one price
 * named `name n` with part numbers `PREFIX-n` and stock enough for any run, and the members' password
 * hash (hashed once).
 */
export async function seedCheckoutShop(url: string, count: number, name: string, prefix: string) {
  const database = await openDatabase(url, '');
  await seedDemo(database.db);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const productIds = await insertProducts(
    database.db,
    Array.from({ length: count }, (_, i) => ({
      name: `${name} ${i + 1}`,
      pid: `${prefix}-${i + 1}`,
      price: 1000 + i * 10,
      salePrice: 1200,
      stock: 1_000_000,
    })),
  );
  return { database, db: database.db, passwordHash, productIds };
}

/** Products of one price for every tier, in the warehouse; their ids in order. */
export async function insertProducts(
  db: Db,
  rows: { name: string; pid: string; price: number; salePrice: number; stock: number }[],
): Promise<number[]> {
  const inserted = await db
    .insert(products)
    .values(
      rows.map((r) => ({
        name: r.name,
        pid: r.pid,
        pidKey: r.pid.replaceAll('-', ''),
        priceA: r.price,
        priceB: r.price,
        priceC: r.price,
        priceD: r.price,
        salePrice: r.salePrice,
        hasAmount: r.stock,
        ...WAREHOUSE,
      })),
    )
    .returning({ id: products.id });
  return inserted.map((p) => p.id);
}

export interface BenchCompany {
  /** The company's name, and its licence number before the check digit (9 digits). */
  name: string;
  license: number;
  /** Its price tier (default: the table's). */
  level?: 'a' | 'b' | 'c' | 'd';
  /** Cash it starts with: its balance, written with one adjustment in its ledger. */
  cash?: number;
  /** How it is invoiced, with the fields a 전자세금계산서 needs (mailed to its member's login). */
  invoice?: 'order' | 'monthly';
  /** Its one member. */
  member: { loginId: string; name: string; phone: string; passwordHash: string };
}

/** A company with one member; their ids. */
export async function insertCompany(db: Db, c: BenchCompany): Promise<{ companyId: number; memberId: number }> {
  const [company] = await db
    .insert(companies)
    .values({
      name: c.name,
      license: withCheckDigit(String(c.license)),
      securityNum: '000000',
      ...(c.level === undefined ? {} : { level: c.level }),
      ...(c.cash === undefined ? {} : { point: c.cash }),
      ...(c.invoice === undefined
        ? {}
        : { bizType: '도소매', bizItem: '자동차 부품', invoiceMail: c.member.loginId, invoiceMode: c.invoice }),
    })
    .returning({ id: companies.id });
  if (c.cash !== undefined)
    await db
      .insert(cashLedger)
      .values({ companyId: company!.id, type: 'adjust', amount: c.cash, balanceAfter: c.cash });
  const [member] = await db
    .insert(members)
    .values({ ...c.member, companyId: company!.id })
    .returning({ id: members.id });
  return { companyId: company!.id, memberId: member!.id };
}

/** Shipping of each order staff move (유료 배송, paid with the order). */
export const ORDER_SHIPPING = 3_000;

/**
 * `count` orders of one member in `status`, each of one unit of the product at `price` plus
 * ORDER_SHIPPING, for staff to move; their ids.
 */
export async function insertOrders(
  db: Db,
  o: {
    companyId: number;
    memberId: number;
    count: number;
    status: number;
    recipient: string;
    product: { id: number; name: string; pid: string; price: number };
  },
): Promise<number[]> {
  const rows = await db
    .insert(orders)
    .values(
      Array.from({ length: o.count }, () => ({
        companyId: o.companyId,
        memberId: o.memberId,
        clientRequestId: randomUUID(),
        ...WAREHOUSE,
        status: o.status,
        totalAmount: o.product.price,
        shipping: ORDER_SHIPPING,
        shippingValue: 1,
        shippingPayType: 0,
        name: o.recipient,
        ...ADDRESS,
        addrSub: '2층',
      })),
    )
    .returning({ id: orders.id });
  await db.insert(orderLines).values(
    rows.map((r) => ({
      orderId: r.id,
      productId: o.product.id,
      name: o.product.name,
      pid: o.product.pid,
      qty: 1,
      price: o.product.price,
    })),
  );
  return rows.map((r) => r.id);
}

/** The trade channel's order payment (`requestPaymentProduct`) of a member, delivered to `recipient`. */
export function paymentRequest(
  clientRequestId: string,
  recipient: string,
  carts: { productId: number; qty: number }[],
) {
  return {
    clientRequestId,
    shippingInfo: { name: recipient, ...ADDRESS, addrSub: '1층', shippingValue: 1, shippingPayType: 0 },
    carts,
  };
}

/** A `paymentFinish`: a paid order names its request in `results`, a refusal at the top. */
export type PaymentFinish = {
  code: number;
  results?: { clientRequestId: string } & Record<string, unknown>;
  clientRequestId?: string;
} & Record<string, unknown>;

/**
 * A `paymentFinish` listener that calls `then` with the answer's code (and the whole answer) when it
 * answers the payment of `clientRequestId`, and ignores the others.
 */
export function onPaymentFinish(clientRequestId: string, then: (code: number, answer: PaymentFinish) => void) {
  return (a: PaymentFinish) => {
    if ((a.results?.clientRequestId ?? a.clientRequestId) === clientRequestId) then(a.code, a);
  };
}

/**
 * The Solapi and Popbill stand-ins (apps/server/test/stand-ins.ts) in this process, and the server
 * settings that send 알림톡 (with `templates`) and tax invoices to them; keys named after `name`.
 */
/** The benches' Popbill key prefix: the stand-in holds each document under it. */
const MGTKEY_PREFIX = 'BN';

export async function providerStandIns(name: string, templates: Record<string, string>) {
  const solapi = await solapiStandIn(`${name}-solapi-key`, `${name}-solapi-secret`);
  const popbillSecret = Buffer.from(`${name}-popbill-secret`).toString('base64');
  const linkId = `${name.toUpperCase()}LINK`;
  const popbill = await popbillStandIn(linkId, popbillSecret);
  const env: Record<string, string> = {
    NOTIFY_PROVIDER: 'solapi',
    SOLAPI_API_KEY: `${name}-solapi-key`,
    SOLAPI_API_SECRET: `${name}-solapi-secret`,
    SOLAPI_SENDER: '0212345678',
    SOLAPI_API_URL: solapi.url,
    NOTIFY_SOLAPI_PFID: `KA01PF-${name.toUpperCase()}`,
    ...templates,
    TAXINVOICE_PROVIDER: 'popbill',
    POPBILL_LINK_ID: linkId,
    POPBILL_SECRET_KEY: popbillSecret,
    POPBILL_CORP_NUM: '1234567891',
    POPBILL_AUTH_URL: popbill.url,
    POPBILL_API_URL: popbill.url,
    // Production refuses Popbill without the installation's key prefix (docs/security.md).
    POPBILL_MGTKEY_PREFIX: MGTKEY_PREFIX,
  };
  return { solapi, popbill, env, popbillKey: (mgtKey: string) => `${MGTKEY_PREFIX}${mgtKey}` };
}

/**
 * `providerStandIns` in a child process (bench/stand-ins-process.ts), which inherits this process's
 * CPU affinity: fork it after pinLoadGenerator() and the stand-ins share the load generator's CPU,
 * as the outside world does, without running on its event loop.
 */
export async function remoteProviderStandIns(name: string, templates: Record<string, string>) {
  const child = fork(path.join(import.meta.dirname, 'stand-ins-process.ts'), [name, JSON.stringify(templates)], {
    stdio: 'inherit',
  });
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once('message', (m: { type: string; env: Record<string, string> }) => resolve(m.env));
    child.once('exit', (code) => reject(new Error(`stand-ins process ended (${code})`)));
  });
  return {
    env,
    /** Messages accepted by the Solapi stand-in and invoices issued by the Popbill one. */
    counts: () =>
      new Promise<{ sent: number; issued: number }>((resolve) => {
        child.once('message', (m: { sent: number; issued: number }) => resolve(m));
        child.send({ type: 'counts' });
      }),
    stop: () => child.kill('SIGKILL'),
  };
}
