import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { creditAccounts, statements } from '../apps/server/src/db/schema.js';
import { postLedgerEntry } from '../apps/server/src/features/credit/index.js';
import { issueStatementAccount } from '../apps/server/src/features/deposits/index.js';
import { virtualAccountsFromConfig } from '../apps/server/src/features/payments/index.js';
import { loadConfig } from '../apps/server/src/config.js';
import { hashPassword } from '../apps/server/src/features/auth/passwords.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { tossStandIn } from '../apps/server/test/stand-ins.js';
import { freshBenchDatabase, startServerProcess } from './lib.js';
import { insertCompany } from './order-data.js';

/**
 * Crash safety of money coming in (docs/requirements.md#credit-deposits): 500 deposits, 400 entered by
 * staff (each resent with its clientRequestId until answered) and 100 Toss deposit callbacks into
 * statements' virtual accounts (each delivered three times at random moments, until answered), while
 * the server is killed with SIGKILL three times and restarted. Then the books: every deposit applied
 * exactly once, each account's deposit once, every statement's paid amount equal to the ledger's
 * payments naming it, what the deposits brought equal to what they paid plus what went to cash, every
 * company's cash equal to its cash ledger, no job parked.
 */
const STAFF_DEPOSITS = Number(process.env.DEPOSIT_CRASH_STAFF ?? 400);
const CALLBACKS = Number(process.env.DEPOSIT_CRASH_CALLBACKS ?? 100);
const DELIVERIES = 3;
const KILLS = 3;
const COMPANIES = 20;
const PORT = Number(process.env.DEPOSIT_CRASH_PORT ?? 4393);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET_KEY = 'live_sk_deposit_crash';
const DRAIN_MS = Number(process.env.DEPOSIT_CRASH_DRAIN_MS ?? 300_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run() {
  const url = await freshBenchDatabase(process.env.DEPOSIT_CRASH_DB ?? 'pm_bench_deposit_crash');
  const toss = await tossStandIn(SECRET_KEY);
  const env: Record<string, string> = {
    PAYMENT_PROVIDER: 'toss',
    TOSS_CLIENT_KEY: 'live_ck_deposit_crash',
    TOSS_SECRET_KEY: SECRET_KEY,
    TOSS_API_URL: toss.url,
    ALLOW_CONSOLE_NOTIFY: 'true',
    JOBS_EXPIRE_SECONDS: '30',
    JOBS_RETRY_DELAY_SECONDS: '1',
  };

  // 20 companies with credit, 10 statements each of 30,000 won; 100 of them get a virtual account.
  const database = await openDatabase(url, '');
  const { db } = database;
  await seedDemo(db);
  const passwordHash = await hashPassword('crash1234');
  const companyIds: number[] = [];
  const statementIds: number[] = [];
  for (let i = 0; i < COMPANIES; i++) {
    const { companyId } = await insertCompany(db, {
      name: `입금충돌 ${i + 1}`,
      license: 700_000_000 + i,
      member: {
        loginId: `depcrash${i + 1}@partsmall.kr`,
        passwordHash,
        name: `입금 ${i + 1}`,
        phone: `0107${String(i).padStart(7, '0')}`,
      },
    });
    companyIds.push(companyId);
    await db.insert(creditAccounts).values({ companyId, creditLimit: 100_000_000, termCode: 'EOM_NEXT_10' });
    for (let m = 1; m <= 10; m++) {
      const month = `2025-${String(m).padStart(2, '0')}`;
      const id = await db.transaction(async (tx) => {
        await postLedgerEntry(tx, {
          companyId,
          kind: 'adjustment',
          amount: 30_000,
          idemKey: `bench:${companyId}:${month}`,
        });
        const [row] = await tx
          .insert(statements)
          .values({
            companyId,
            month,
            opening: 0,
            charges: 30_000,
            credits: 0,
            payments: 0,
            adjustments: 0,
            closing: 30_000,
            amountDue: 30_000,
            termCode: 'EOM_NEXT_10',
            termLabel: '월말 마감 익월 10일',
            dueDate: `2025-${String(m + 1).padStart(2, '0')}-10`,
          })
          .returning({ id: statements.id });
        return row!.id;
      });
      statementIds.push(id);
    }
  }
  let server: ChildProcess = await startServerProcess(url, PORT, env);
  const stop = () => server.exitCode === null && server.kill('SIGKILL');
  process.once('exit', stop);
  // Issued once the server has made the job queue's tables (each account's 알림톡 is a job).
  const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'test', PUBLIC_URL: BASE, DATABASE_URL: url });
  const provider = virtualAccountsFromConfig(config);
  const accounts: { orderId: string }[] = [];
  for (const id of statementIds.filter((_, k) => k % 2 === 0).slice(0, CALLBACKS)) {
    const a = await issueStatementAccount(db, provider, id);
    accounts.push({ orderId: a!.orderId });
  }
  await database.close();

  /** A JSON POST repeated while the server is down or restarting (no answer, or a 5xx: send again). */
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
  const staffToken = (
    await post<{ results: { token: string } }>('api/login', { id: 'staff@partsmall.kr', pw: 'staff1234' })
  ).body.results.token;

  const kills: { atMs: number; downMs: number }[] = [];
  const t0 = Date.now();
  let workDone = false;
  const killer = (async () => {
    for (let k = 0; k < KILLS && !workDone; k++) {
      await sleep(1500 + Math.random() * 4000);
      const at = Date.now();
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      await exited;
      server = await startServerProcess(url, PORT, env);
      kills.push({ atMs: at - t0, downMs: Date.now() - at });
    }
  })();

  const staffCodes: number[] = [];
  const callbackCodes: number[] = [];
  const work: Promise<void>[] = [];
  const staffAmounts: number[] = [];
  for (let i = 0; i < STAFF_DEPOSITS; i++) {
    const amount = 5_000 + ((i * 7919) % 40) * 1_000;
    staffAmounts.push(amount);
    work.push(
      (async () => {
        await sleep((i * 15_000) / STAFF_DEPOSITS);
        const body = {
          depositorName: `입금충돌 ${(i % COMPANIES) + 1}`,
          amount,
          depositedAt: '2025-12-01',
          // Half named by staff, half matched by name.
          ...(i % 2 === 0 ? { companyId: companyIds[i % COMPANIES]! } : {}),
          clientRequestId: `deposit-crash-${i}`,
        };
        staffCodes.push((await post('api/admin/recordDeposit', body, staffToken)).status);
      })(),
    );
  }
  accounts.forEach((a, i) => {
    const callback = toss.depositInto(a.orderId);
    for (let d = 0; d < DELIVERIES; d++)
      work.push(
        (async () => {
          await sleep((i * 15_000) / CALLBACKS + Math.random() * 4000);
          callbackCodes.push((await post('payCenter/toss/webhook', callback)).status);
        })(),
      );
  });
  await Promise.all(work);
  workDone = true;
  await killer;
  const seconds = (Date.now() - t0) / 1000;

  // The queue drains (a killed process's tries come back once expired).
  const watch = await openDatabase(url, '');
  const queueState = async () =>
    (
      await queryRows<{ waiting: number; parked: number }>(
        watch.db,
        sql`select count(*) filter (where state in ('retry', 'active') or (state = 'created' and start_after <= now()))::int as waiting,
                   count(*) filter (where state = 'failed')::int as parked
            from pgboss.job`,
      )
    )[0]!;
  const drainStart = Date.now();
  let queue = await queueState();
  while (queue.waiting > 0 && Date.now() - drainStart < DRAIN_MS) {
    await sleep(1000);
    queue = await queueState();
  }
  await watch.close();
  server.kill('SIGTERM');
  await toss.close();

  const check = await openDatabase(url, '');
  const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: string }>(check.db, q))[0]!.n;
  const staffRows = Number(await one(sql`select count(*)::text as n from deposits where source = 'staff'`));
  const staffSum = Number(
    await one(sql`select coalesce(sum(amount), 0)::text as n from deposits where source = 'staff'`),
  );
  const accountsPaidOnce = Number(
    await one(
      sql`select count(*)::text as n from statement_accounts a where (select count(*) from deposits d where d.account_id = a.id and d.status = 'applied') = 1`,
    ),
  );
  const accountDeposits = Number(
    await one(sql`select count(*)::text as n from deposits where source = 'virtual_account'`),
  );
  const statementsOff = Number(
    await one(
      sql`select count(*)::text as n from statements s where s.paid <> coalesce((select -sum(amount) from receivables_ledger l where l.statement_id = s.id and l.kind in ('payment','payment_reversal')), 0)
            or s.status <> case when s.paid >= s.amount_due then 'paid' when s.paid <= 0 then 'unpaid' else 'partial' end`,
    ),
  );
  const depositsOff = Number(
    await one(
      sql`select count(*)::text as n from deposits d where d.status = 'applied' and d.amount <> d.to_cash + coalesce((select -sum(amount) from receivables_ledger l where l.deposit_id = d.id and l.kind = 'payment'), 0)`,
    ),
  );
  const cashOff = Number(
    await one(
      sql`select count(*)::text as n from companies c where c.point <> coalesce((select sum(amount) from cash_ledger l where l.company_id = c.id), 0)`,
    ),
  );
  const notApplied = Number(await one(sql`select count(*)::text as n from deposits where status <> 'applied'`));
  await check.close();

  const expectedStaffSum = staffAmounts.reduce((s, a) => s + a, 0);
  console.log(
    `\ndeposits crash benchmark: ${STAFF_DEPOSITS} staff deposits and ${CALLBACKS} deposit callbacks x${DELIVERIES}, ${KILLS} SIGKILLs, ${seconds.toFixed(1)} s`,
  );
  console.log(
    `kills (ms after start, ms until listening again): ${kills.map((k) => `${k.atMs}/${k.downMs}`).join(', ')}`,
  );
  console.log(
    `answers: staff ${staffCodes.filter((c) => c === 200).length} x 200 of ${staffCodes.length}; callbacks ${callbackCodes.filter((c) => c === 200).length} x 200 of ${callbackCodes.length}`,
  );
  console.log(`queue: ${queue.waiting} still waiting, ${queue.parked} parked`);
  const checks: [string, boolean][] = [
    [`staff deposits recorded once each: ${staffRows} of ${STAFF_DEPOSITS}`, staffRows === STAFF_DEPOSITS],
    [`staff deposits' sum ${staffSum} = sent ${expectedStaffSum}`, staffSum === expectedStaffSum],
    [`accounts paid exactly once: ${accountsPaidOnce} of ${accounts.length}`, accountsPaidOnce === accounts.length],
    [`account deposits recorded: ${accountDeposits} (one per account)`, accountDeposits === accounts.length],
    [`deposits not applied (none matched by name should be left): ${notApplied}`, notApplied === 0],
    [`statements whose paid amount or status disagrees with the ledger: ${statementsOff}`, statementsOff === 0],
    [`applied deposits whose payments + cash differ from their amount: ${depositsOff}`, depositsOff === 0],
    [`companies whose cash differs from their cash ledger: ${cashOff}`, cashOff === 0],
    [`jobs parked: ${queue.parked}, waiting: ${queue.waiting}`, queue.parked === 0 && queue.waiting === 0],
  ];
  for (const [text, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}
