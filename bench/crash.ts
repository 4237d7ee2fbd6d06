import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { cashLedger } from '../apps/server/src/db/schema.js';
import { hashPassword } from '../apps/server/src/features/auth/passwords.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { freshBenchDatabase } from './lib.js';
import { drainQueue, KilledServer, resendingPost, sleep } from './crash-lib.js';
import {
  insertCompany,
  insertOrders,
  insertProducts,
  ORDER_SHIPPING,
  onPaymentFinish,
  paymentRequest,
  providerStandIns,
} from './order-data.js';

/**
 * Crash safety (docs/performance.md#crash): 1,000 order payments over the trade channel and 200 gateway confirmations,
 * each confirmation delivered several times, against a server that is killed with SIGKILL at random
 * moments and restarted, three times. Clients behave as real ones do: a request whose answer was lost
 * is sent again (the same client request id; the same signed confirmation). Afterwards the books are
 * checked: every company's ledger sum equals its balance, no confirmation credited twice (nor a paid
 * one never), no order without its debit and no debit without its order, no negative stock.
 *
 * What leaves the shop (docs/architecture.md#jobs) is tried too: meanwhile staff ship 1,000 orders (confirmed → shipped with a
 * carrier and waybill: a `shipped` 알림톡 each and, for companies invoiced per order, a 전자세금계산서),
 * with NOTIFY_PROVIDER=solapi and TAXINVOICE_PROVIDER=popbill pointed at the test stand-ins running
 * in this process. Once the job queue has drained, the stand-ins are counted: every expected message
 * (order paid, shipped, cash credited) received exactly once by its message id, every expected
 * invoice issued once by its mgtKey, nothing unexpected, no job parked.
 */
const PAYMENTS = Number(process.env.CRASH_PAYMENTS ?? 1000);
const CONFIRMATIONS = Number(process.env.CRASH_CONFIRMATIONS ?? 200);
const DELIVERIES = 3;
const KILLS = 3;
const COMPANIES = 20;
const PRODUCTS = 20;
const STOCK = 40; // 800 units for ~1,500 wanted: the last payments are refused for stock
const RATE = Number(process.env.CRASH_RATE ?? 40); // order payments offered per second
const SECRET = 'crash-bench-sandbox-secret';
const PORT = Number(process.env.CRASH_PORT ?? 4391);
const SHIPMENTS = Number(process.env.CRASH_SHIPMENTS ?? 1000);
const SHIP_RATE = Number(process.env.CRASH_SHIP_RATE ?? 50); // orders shipped per second
const SHIP_COMPANIES = 10; // even ones invoiced per order, odd ones by 월합계
const ORDER_CHARGE = 11_000 + 3_000; // goods and shipping of each order to ship
/** How long the queue may take to drain after the work (a killed process's tries expire first). */
const DRAIN_MS = Number(process.env.CRASH_DRAIN_MS ?? 600_000);
const BASE = `http://127.0.0.1:${PORT}`;

export async function run() {
  const url = await freshBenchDatabase(process.env.CRASH_DB ?? 'pm_bench_crash');
  const database = await openDatabase(url, '');
  const { db } = database;
  await seedDemo(db);
  const passwordHash = await hashPassword('crash1234');
  const productIds = await insertProducts(
    db,
    Array.from({ length: PRODUCTS }, (_, i) => ({
      name: `충돌시험 부품 ${i + 1}`,
      pid: `CRASH-${i + 1}`,
      price: 1000 + i,
      salePrice: 1200,
      stock: STOCK,
    })),
  );
  const logins: string[] = [];
  for (let i = 0; i < COMPANIES; i++) {
    const loginId = `crash${i + 1}@partsmall.kr`;
    await insertCompany(db, {
      name: `충돌상사 ${i + 1}`,
      license: 600_000_000 + i,
      level: 'c',
      cash: 500_000,
      invoice: 'order',
      member: { loginId, passwordHash, name: `충돌 ${i + 1}`, phone: `0108${String(i).padStart(7, '0')}` },
    });
    logins.push(loginId);
  }

  // The orders staff will ship: confirmed (status 1) and paid for (a debit each, so the books balance),
  // in companies of their own, half invoiced per order; one product outside the stock checks above.
  const shipProduct = { name: '출고시험 부품', pid: 'SHIP-1', price: ORDER_CHARGE - ORDER_SHIPPING };
  const [shipProductId] = await insertProducts(db, [{ ...shipProduct, salePrice: 12_000, stock: 0 }]);
  const toShip: number[] = [];
  const perOrderCompanies = new Set<number>();
  for (let i = 0; i < SHIP_COMPANIES; i++) {
    const count = Math.floor(SHIPMENTS / SHIP_COMPANIES) + (i < SHIPMENTS % SHIP_COMPANIES ? 1 : 0);
    const loginId = `ship${i + 1}@partsmall.kr`;
    const { companyId, memberId } = await insertCompany(db, {
      name: `출고상사 ${i + 1}`,
      license: 610_000_000 + i,
      level: 'c',
      invoice: i % 2 === 0 ? 'order' : 'monthly',
      member: { loginId, passwordHash, name: `출고 ${i + 1}`, phone: `0107${String(i).padStart(7, '0')}` },
    });
    if (i % 2 === 0) perOrderCompanies.add(companyId);
    await db.insert(cashLedger).values({
      companyId,
      type: 'adjust',
      amount: count * ORDER_CHARGE,
      balanceAfter: count * ORDER_CHARGE,
    });
    const ids = await insertOrders(db, {
      companyId,
      memberId,
      count,
      status: 1,
      recipient: '출고수령',
      product: { ...shipProduct, id: shipProductId! },
    });
    await db.insert(cashLedger).values(
      ids.map((id, k) => ({
        companyId,
        type: 'order',
        amount: -ORDER_CHARGE,
        balanceAfter: (count - k - 1) * ORDER_CHARGE,
        note: `주문 #${id}`,
      })),
    );
    toShip.push(...ids);
  }
  await database.close();

  // The providers' stand-ins (apps/server/test/stand-ins.ts), answering as Solapi and Popbill do.
  const standIns = await providerStandIns('crash', {
    NOTIFY_TEMPLATE_ORDER_PAID: 'TPL-ORDER-PAID',
    NOTIFY_TEMPLATE_SHIPPED: 'TPL-SHIPPED',
    NOTIFY_TEMPLATE_CASH_CREDITED: 'TPL-CASH-CREDITED',
  });
  const { solapi, popbill, popbillKey } = standIns;

  const env: Record<string, string> = {
    PAYMENT_SANDBOX_SECRET: SECRET,
    ...standIns.env,
    // A killed process's tries are failed back to the queue after this (pg-boss maintenance, then retried).
    JOBS_EXPIRE_SECONDS: '30',
    JOBS_RETRY_DELAY_SECONDS: '1',
  };
  const server = await KilledServer.start(url, PORT, env);
  const post = resendingPost(BASE);

  const tokens: string[] = [];
  for (const id of logins)
    tokens.push((await post<{ results: { token: string } }>('api/login', { id, pw: 'crash1234' })).body.results.token);
  const sockets: Socket[] = tokens.map((token) =>
    io(`${BASE}/trade`, {
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    }),
  );

  // The 200 top-ups are started before the crashes: their confirmations arrive during them.
  const started: { paymentId: string; amount: number; status: 'paid' | 'declined' }[] = [];
  // CONFIRMATIONS top-ups are paid (each a cashCredited 알림톡) and one in eleven more declined.
  const CONFIRMATION_TOTAL = CONFIRMATIONS + Math.floor(CONFIRMATIONS / 10);
  for (let i = 0; i < CONFIRMATION_TOTAL; i++) {
    const amount = 10_000 + i * 10;
    const res = await post<{ results: { paymentId: string } }>(
      'payCenter/showCashPaymentWinow',
      { pgcode: 'creditcard', amount },
      tokens[i % tokens.length],
    );
    started.push({ paymentId: res.body.results.paymentId, amount, status: i % 11 === 10 ? 'declined' : 'paid' });
  }

  /** One order payment, sent again with the same client request id until it gets an answer. */
  const sends = { payments: 0, resent: 0 };
  async function pay(k: number): Promise<number> {
    const s = sockets[k % sockets.length]!;
    const clientRequestId = randomUUID();
    const payload = paymentRequest(clientRequestId, '충돌수령', [
      { productId: productIds[(k * 7) % PRODUCTS]!, qty: 1 + (k % 2) },
    ]);
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) sends.resent++;
      while (!s.connected) await sleep(50);
      const code = await new Promise<number | null>((resolve) => {
        const done = (v: number | null) => {
          clearTimeout(timer);
          s.off('paymentFinish', onFinish);
          s.off('disconnect', onDrop);
          resolve(v);
        };
        const onFinish = onPaymentFinish(clientRequestId, done);
        const onDrop = () => done(null);
        const timer = setTimeout(() => done(null), 5000);
        s.on('paymentFinish', onFinish);
        s.on('disconnect', onDrop);
        s.emit('requestPaymentProduct', payload);
      });
      if (code !== null && code < 500) return code;
      await sleep(100);
    }
  }

  /** One signed confirmation, delivered DELIVERIES times at random moments, each until answered. */
  const confirmAnswers: number[] = [];
  async function confirm(c: (typeof started)[number]) {
    const signature = createHmac('sha256', SECRET).update(`${c.paymentId}:${c.amount}:${c.status}`).digest('hex');
    await Promise.all(
      Array.from({ length: DELIVERIES }, async () => {
        await sleep(Math.random() * 4000);
        confirmAnswers.push(
          (await post('payCenter/callback', { paymentId: c.paymentId, amount: c.amount, status: c.status, signature }))
            .status,
        );
      }),
    );
  }

  // The killer: three SIGKILLs at random moments while the work runs, each followed by a restart.
  const t0 = Date.now();
  let workDone = false;
  const killer = server.killer(KILLS, () => !workDone, { minMs: 2000, spreadMs: 5000 });

  const codes: number[] = [];
  const work: Promise<void>[] = [];
  // Staff ship the confirmed orders at SHIP_RATE a second; a resend after a lost answer may find the
  // order shipped already (409), which is the answer it missed.
  const staffToken = (
    await post<{ results: { token: string } }>('api/login', { id: 'staff@partsmall.kr', pw: 'staff1234' })
  ).body.results.token;
  const shipCodes: number[] = [];
  toShip.forEach((seq, k) => {
    work.push(
      (async () => {
        await sleep((k * 1000) / SHIP_RATE);
        const move = { seq, status: 2, carrier: 'kr.cjlogistics', waybill: `6${String(seq).padStart(11, '0')}` };
        shipCodes.push((await post('api/admin/setOrderStatus', move, staffToken)).status);
      })(),
    );
  });
  for (let i = 0; i < CONFIRMATION_TOTAL; i++) {
    work.push(
      (async () => {
        await sleep((i * 20_000) / CONFIRMATION_TOTAL);
        await confirm(started[i]!);
      })(),
    );
  }
  for (let k = 0; k < PAYMENTS; k++) {
    const due = t0 + (k * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    sends.payments++;
    work.push(pay(k).then((c) => void codes.push(c)));
  }
  await Promise.all(work);
  workDone = true;
  await killer;
  const seconds = (Date.now() - t0) / 1000;
  for (const s of sockets) s.close();

  // The queue drains: nothing waiting (due now), retrying or running.
  const queue = await drainQueue(url, DRAIN_MS);
  server.stop();
  await solapi.close();
  await popbill.close();

  // The books.
  const check = await openDatabase(url, '');
  const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(check.db, q))[0]!.n;
  const ledgerOff = await one(
    sql`select count(*)::int as n from companies c where c.point <> coalesce((select sum(amount) from cash_ledger l where l.company_id = c.id), 0)`,
  );
  const creditedTwice = await one(
    sql`select count(*)::int as n from payments p where (select count(*) from cash_ledger l where l.note like '%(결제 #' || p.id || ')') > 1`,
  );
  const paidNotCredited = await one(
    sql`select count(*)::int as n from payments p join companies c on c.id = p.company_id where c.name like '충돌상사%' and p.status = 'paid' and not exists (select 1 from cash_ledger l where l.note like '%(결제 #' || p.id || ')')`,
  );
  const creditedNotPaid = await one(
    sql`select count(*)::int as n from payments p join companies c on c.id = p.company_id where c.name like '충돌상사%' and p.status <> 'paid' and exists (select 1 from cash_ledger l where l.note like '%(결제 #' || p.id || ')')`,
  );
  const paidRows = await one(
    sql`select count(*)::int as n from payments p join companies c on c.id = p.company_id where c.name like '충돌상사%' and p.status = 'paid'`,
  );
  const declinedRows = await one(
    sql`select count(*)::int as n from payments p join companies c on c.id = p.company_id where c.name like '충돌상사%' and p.status = 'declined'`,
  );
  const ordersWithoutDebit = await one(
    sql`select count(*)::int as n from orders o where (select count(*) from cash_ledger l where l.type = 'order' and l.note = '주문 #' || o.id and l.amount = -(o.total_amount + o.shipping)) <> 1`,
  );
  const debitsWithoutOrder = await one(
    sql`select count(*)::int as n from cash_ledger l where l.type = 'order' and not exists (select 1 from orders o where l.note = '주문 #' || o.id)`,
  );
  const negativeStock = await one(sql`select count(*)::int as n from products where has_amount < 0`);
  const stockDrift = await one(
    sql`select count(*)::int as n from products p where p.pid like 'CRASH-%' and p.has_amount + coalesce((select sum(qty) from order_lines l where l.product_id = p.id), 0) <> ${STOCK}`,
  );
  const orders = await one(
    sql`select count(*)::int as n from orders o join companies c on c.id = o.company_id where c.name like '충돌상사%'`,
  );
  const duplicateRequests = await one(
    sql`select count(*)::int as n from (select client_request_id from orders group by company_id, client_request_id having count(*) > 1) d`,
  );

  // What should have left the shop, from the books: each message id is the job's kind, its event key
  // and its recipient (features/notify/send.ts), each invoice's mgtKey is the one its row holds.
  const expectedRows = await queryRows<{ id: string }>(
    check.db,
    sql`select 'notify.send:order:' || o.id || ':paid:member:' || m.id as id
          from orders o join companies c on c.id = o.company_id join members m on m.company_id = c.id
         where c.name like '충돌상사%'
        union all
        select 'notify.send:order:' || e.order_id || ':event:' || e.id || ':member:' || m.id
          from order_events e join orders o on o.id = e.order_id join members m on m.company_id = o.company_id
         where e.to_status = 2
        union all
        select 'notify.send:payment:' || p.id || ':member:' || m.id
          from payments p join companies c on c.id = p.company_id join members m on m.company_id = c.id
         where c.name like '충돌상사%' and p.status = 'paid'`,
  );
  const shippedOrders = await one(
    sql`select count(*)::int as n from orders o join companies c on c.id = o.company_id where c.name like '출고상사%' and o.status = 2`,
  );
  const shippedEvents = await one(sql`select count(*)::int as n from order_events where to_status = 2`);
  const invoiceRows = await queryRows<{ mgt_key: string; status: string; company_id: number }>(
    check.db,
    sql`select mgt_key, status, company_id from tax_invoices where kind = 'order'`,
  );
  await check.close();

  const expectedMessages = new Set(expectedRows.map((r) => r.id));
  const received = new Map<string, number>();
  for (const m of solapi.sent) {
    const id = m.customFields?.messageId ?? '(no id)';
    received.set(id, (received.get(id) ?? 0) + 1);
  }
  const messagesLost = [...expectedMessages].filter((id) => !received.has(id));
  const messagesDoubled = [...received].filter(([, n]) => n > 1);
  const messagesUnexpected = [...received.keys()].filter((id) => !expectedMessages.has(id));
  const notAlimtalk = solapi.sent.filter((m) => m.type !== 'ATA').length;
  const perEvent = (prefix: RegExp) => [...received.keys()].filter((id) => prefix.test(id)).length;
  const expectedInvoices = invoiceRows.length;
  const invoicesLost = invoiceRows.filter((r) => !popbill.issued.has(popbillKey(r.mgt_key))).length;
  const invoicesNotIssued = invoiceRows.filter((r) => r.status !== 'issued' && r.status !== 'sent').length;
  const invoicesUnexpected = [...popbill.issued.keys()].filter(
    (k) => !invoiceRows.some((r) => popbillKey(r.mgt_key) === k),
  ).length;
  const invoicesWrongCompany = invoiceRows.filter((r) => !perOrderCompanies.has(r.company_id)).length;

  const paid = codes.filter((c) => c === 201).length;
  const refused = codes.filter((c) => c !== 201).length;
  console.log(
    `\ncrash benchmark: ${PAYMENTS} order payments (${RATE}/s offered), ${CONFIRMATION_TOTAL} confirmations x${DELIVERIES} and ${SHIPMENTS} shipments, ${KILLS} SIGKILLs, ${seconds.toFixed(1)} s`,
  );
  console.log(`kills (ms after start, ms until the restarted server listened): ${server.killReport()}`);
  console.log(
    `order payments: ${paid} paid, ${refused} refused (stock or cash), ${sends.resent} resends after a lost answer; orders stored ${orders}`,
  );
  console.log(
    `confirmations: ${confirmAnswers.length} deliveries answered (${confirmAnswers.filter((s) => s === 200).length} x 200); payments paid ${paidRows}, declined ${declinedRows} (expected ${started.filter((s) => s.status === 'paid').length} / ${started.filter((s) => s.status === 'declined').length})`,
  );
  console.log(
    `shipments: ${SHIPMENTS} orders (${SHIP_RATE}/s offered), ${shippedOrders} shipped (${shipCodes.filter((c) => c >= 200 && c < 300).length} x 2xx, ${shipCodes.filter((c) => c === 409).length} x 409 after a resend), ${shippedEvents} shipped events`,
  );
  console.log(
    `queue drained in ${queue.seconds.toFixed(1)} s after the work: ${queue.completed} jobs completed, ${queue.waiting} still waiting, ${queue.parked} parked`,
  );
  console.log(
    `Solapi stand-in: ${solapi.calls.length} calls, ${solapi.sent.length} accepted (${solapi.sent.length - notAlimtalk} 알림톡); ${received.size} distinct message ids of ${expectedMessages.size} expected (order paid ${perEvent(/:paid:/)}, shipped ${perEvent(/:event:/)}, cash credited ${perEvent(/^notify\.send:payment:/)}); lost ${messagesLost.length}, doubled ${messagesDoubled.length}, unexpected ${messagesUnexpected.length}`,
  );
  console.log(
    `Popbill stand-in: ${popbill.calls.registIssue} registIssue, ${popbill.calls.getInfo} getInfo, ${popbill.calls.token} token calls; ${popbill.issued.size} invoices issued of ${expectedInvoices} expected (orders shipped by per-order companies)`,
  );
  if (messagesDoubled.length > 0)
    console.log(
      `doubled message ids: ${messagesDoubled
        .slice(0, 10)
        .map(([id, n]) => `${id} x${n}`)
        .join(', ')}`,
    );
  if (messagesLost.length > 0) console.log(`lost message ids: ${messagesLost.slice(0, 10).join(', ')}`);
  const anomalies = {
    ledgerOff,
    creditedTwice,
    paidNotCredited,
    creditedNotPaid,
    ordersWithoutDebit,
    debitsWithoutOrder,
    negativeStock,
    stockDrift,
    duplicateRequests,
    ordersVsPaid: orders - paid,
    notShipped: SHIPMENTS - shippedOrders,
    shippedEventsVsOrders: shippedEvents - shippedOrders,
    jobsWaiting: queue.waiting,
    jobsParked: queue.parked,
    messagesLost: messagesLost.length,
    messagesDoubled: messagesDoubled.length,
    messagesUnexpected: messagesUnexpected.length,
    messagesNotAlimtalk: notAlimtalk,
    invoicesExpectedVsPerOrderShipped: expectedInvoices - Math.ceil(SHIPMENTS / 2),
    invoicesLost,
    invoicesNotIssued,
    invoicesUnexpected,
    invoicesWrongCompany,
  };
  console.log(`anomalies (all must be 0): ${JSON.stringify(anomalies)}`);
  const bad =
    Object.values(anomalies).some((n) => n !== 0) || paidRows !== started.filter((s) => s.status === 'paid').length;
  if (bad) process.exitCode = 1;
}
