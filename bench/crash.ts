import { createHmac, randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { cashLedger, companies, members, products } from '../apps/server/src/db/schema.js';
import { hashPassword } from '../apps/server/src/features/auth/passwords.js';
import { seedDemo, withCheckDigit } from '../apps/server/src/seed/demo.js';
import { freshBenchDatabase, startServerProcess } from './lib.js';

/**
 * Crash safety (issue 13): 1,000 order payments over the trade channel and 200 gateway confirmations,
 * each confirmation delivered several times, against a server that is killed with SIGKILL at random
 * moments and restarted, three times. Clients behave as real ones do: a request whose answer was lost
 * is sent again (the same client request id; the same signed confirmation). Afterwards the books are
 * checked: every company's ledger sum equals its balance, no confirmation credited twice (nor a paid
 * one never), no order without its debit and no debit without its order, no negative stock.
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
const BASE = `http://127.0.0.1:${PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run() {
  const url = await freshBenchDatabase('pm_bench_crash');
  const database = await openDatabase(url, '');
  const { db } = database;
  await seedDemo(db);
  const passwordHash = await hashPassword('crash1234');
  const productRows = await db
    .insert(products)
    .values(
      Array.from({ length: PRODUCTS }, (_, i) => ({
        name: `충돌시험 부품 ${i + 1}`,
        pid: `CRASH-${i + 1}`,
        pidKey: `CRASH${i + 1}`,
        priceA: 1000 + i,
        priceB: 1000 + i,
        priceC: 1000 + i,
        priceD: 1000 + i,
        salePrice: 1200,
        hasAmount: STOCK,
        stockName: '한국 김포물류센터',
        storageId: 1,
      })),
    )
    .returning({ id: products.id });
  const logins: string[] = [];
  for (let i = 0; i < COMPANIES; i++) {
    const [company] = await db
      .insert(companies)
      .values({
        name: `충돌상사 ${i + 1}`,
        license: withCheckDigit(String(600_000_000 + i)),
        level: 'c',
        securityNum: '000000',
        point: 500_000,
      })
      .returning({ id: companies.id });
    await db
      .insert(cashLedger)
      .values({ companyId: company!.id, type: 'adjust', amount: 500_000, balanceAfter: 500_000 });
    const loginId = `crash${i + 1}@partsmall.kr`;
    await db.insert(members).values({
      loginId,
      passwordHash,
      name: `충돌 ${i + 1}`,
      phone: `0108${String(i).padStart(7, '0')}`,
      companyId: company!.id,
    });
    logins.push(loginId);
  }
  await database.close();

  const env = { PAYMENT_SANDBOX_SECRET: SECRET };
  let server: ChildProcess = await startServerProcess(url, PORT, env);
  // Whatever happens, the server this run started ends with it.
  const stop = () => server.exitCode === null && server.kill('SIGKILL');
  process.once('exit', stop);

  /** A JSON POST that is repeated while the server is down or restarting (no answer = send again). */
  async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
    for (;;) {
      try {
        const res = await fetch(`${BASE}/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
        if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
        return { status: res.status, body: (await res.json()) as T };
      } catch {
        await sleep(100);
      }
    }
  }

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
  for (let i = 0; i < CONFIRMATIONS; i++) {
    const amount = 10_000 + i * 10;
    const res = await post<{ results: { paymentId: string } }>(
      'payCenter/showCashPaymentWinow',
      { pgcode: 'creditcard', amount },
      tokens[i % tokens.length],
    );
    started.push({ paymentId: res.body.results.paymentId, amount, status: i % 10 === 9 ? 'declined' : 'paid' });
  }

  /** One order payment, sent again with the same client request id until it gets an answer. */
  const sends = { payments: 0, resent: 0 };
  async function pay(k: number): Promise<number> {
    const s = sockets[k % sockets.length]!;
    const clientRequestId = randomUUID();
    const payload = {
      clientRequestId,
      shippingInfo: {
        name: '충돌수령',
        phone: '01000000000',
        postNum: '04790',
        address: '서울 성동구 성수이로 77',
        addrSub: '1층',
        shippingValue: 1,
        shippingPayType: 0,
      },
      carts: [{ productId: productRows[(k * 7) % PRODUCTS]!.id, qty: 1 + (k % 2) }],
    };
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
        const onFinish = (a: { code: number; results?: { clientRequestId: string }; clientRequestId?: string }) => {
          if ((a.results?.clientRequestId ?? a.clientRequestId) === clientRequestId) done(a.code);
        };
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
  const kills: { atMs: number; downMs: number }[] = [];
  const t0 = Date.now();
  let workDone = false;
  const killer = (async () => {
    for (let k = 0; k < KILLS && !workDone; k++) {
      await sleep(2000 + Math.random() * 5000);
      const at = Date.now();
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      await exited;
      server = await startServerProcess(url, PORT, env);
      kills.push({ atMs: at - t0, downMs: Date.now() - at });
    }
  })();

  const codes: number[] = [];
  const work: Promise<void>[] = [];
  for (let i = 0; i < CONFIRMATIONS; i++) {
    work.push(
      (async () => {
        await sleep((i * 20_000) / CONFIRMATIONS);
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
  server.kill('SIGTERM');

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
  await check.close();

  const paid = codes.filter((c) => c === 201).length;
  const refused = codes.filter((c) => c !== 201).length;
  console.log(
    `\ncrash benchmark: ${PAYMENTS} order payments (${RATE}/s offered) and ${CONFIRMATIONS} confirmations x${DELIVERIES}, ${KILLS} SIGKILLs, ${seconds.toFixed(1)} s`,
  );
  console.log(
    `kills (ms after start, ms until the restarted server listened): ${kills.map((k) => `${k.atMs}/${k.downMs}`).join(', ')}`,
  );
  console.log(
    `order payments: ${paid} paid, ${refused} refused (stock or cash), ${sends.resent} resends after a lost answer; orders stored ${orders}`,
  );
  console.log(
    `confirmations: ${confirmAnswers.length} deliveries answered (${confirmAnswers.filter((s) => s === 200).length} x 200); payments paid ${paidRows}, declined ${declinedRows} (expected ${started.filter((s) => s.status === 'paid').length} / ${started.filter((s) => s.status === 'declined').length})`,
  );
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
  };
  console.log(`anomalies (all must be 0): ${JSON.stringify(anomalies)}`);
  const bad =
    Object.values(anomalies).some((n) => n !== 0) || paidRows !== started.filter((s) => s.status === 'paid').length;
  if (bad) process.exitCode = 1;
}
