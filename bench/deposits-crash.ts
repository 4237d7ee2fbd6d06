import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { issueStatementAccount } from '../apps/server/src/features/deposits/index.js';
import { virtualAccountsFromConfig } from '../apps/server/src/features/payments/index.js';
import { loadConfig } from '../apps/server/src/config.js';
import { hashPassword } from '../apps/server/src/features/auth/passwords.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { previousMonth } from '../apps/server/src/features/credit/rules.js';
import { seoulDay } from '@partsmall/contract';
import { tossStandIn } from '../apps/server/test/stand-ins.js';
import { freshBenchDatabase } from './lib.js';
import { drainQueue, KilledServer, resendingPost, sleep } from './crash-lib.js';
import { seedCreditMonth, seedStatements } from './credit-data.js';
import { providerStandIns } from './order-data.js';

/**
 * Crash safety of money coming in and of the month close (docs/requirements.md#credit-deposits,
 * #monthly-close): 500 deposits, 400 entered by staff (each resent with its clientRequestId until
 * answered) and 100 Toss deposit callbacks into statements' virtual accounts (each delivered three
 * times at random moments, until answered), and the close of last month for DEPOSIT_CRASH_CLOSE
 * companies with credit (the scheduled job the server writes at start, and api/admin/closeMonth
 * asked three more times meanwhile), while the server is killed with SIGKILL three times (the first
 * in the middle of the close) and restarted. Then the books: every deposit applied exactly once, each
 * account's deposit once, every statement's paid amount equal to the ledger's payments naming it,
 * what the deposits brought equal to what they paid plus what went to cash, every company's cash
 * equal to its cash ledger; each closed statement once with every charge on it, its 월합계 issued
 * once at the Popbill stand-in and its virtual account once at the Toss stand-in; every company's
 * ledger equal to its last statement's closing plus what is not yet on a statement; no job parked.
 */
const STAFF_DEPOSITS = Number(process.env.DEPOSIT_CRASH_STAFF ?? 400);
const CALLBACKS = Number(process.env.DEPOSIT_CRASH_CALLBACKS ?? 100);
const DELIVERIES = 3;
const KILLS = 3;
const COMPANIES = 20;
const CLOSE_COMPANIES = Number(process.env.DEPOSIT_CRASH_CLOSE ?? 300);
const CLOSE_LINES = Number(process.env.DEPOSIT_CRASH_CLOSE_LINES ?? 40);
const CLOSE_CALLS = 3;
const PORT = Number(process.env.DEPOSIT_CRASH_PORT ?? 4393);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET_KEY = 'live_sk_deposit_crash';
/** How long the queue may take to drain: an invoice's try cut by a kill comes back after its 4-minute lease. */
const DRAIN_MS = Number(process.env.DEPOSIT_CRASH_DRAIN_MS ?? 600_000);

export async function run() {
  const url = await freshBenchDatabase(process.env.DEPOSIT_CRASH_DB ?? 'pm_bench_deposit_crash');
  const toss = await tossStandIn(SECRET_KEY);
  // The month's 월합계 invoices go to the Popbill stand-in, which refuses a key issued before.
  const { solapi, popbill, popbillKey, env: standInEnv } = await providerStandIns('depcrash', {});
  const env: Record<string, string> = {
    ...standInEnv,
    NOTIFY_PROVIDER: 'console',
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
  const { companyIds, statementIds } = await seedStatements(db, {
    prefix: '입금충돌',
    login: 'depcrash',
    licenseBase: 700_000_000,
    phonePrefix: '0107',
    companies: COMPANIES,
    passwordHash: await hashPassword('crash1234'),
  });
  // Last month's shipped credit orders: the server's scheduled close bills them as soon as it starts.
  const closeMonth = previousMonth(seoulDay().slice(0, 7));
  const closeCompanies = await seedCreditMonth(db, {
    prefix: '마감충돌',
    licenseBase: 1_100_000_000,
    companies: CLOSE_COMPANIES,
    lines: CLOSE_LINES,
    month: closeMonth,
  });
  const closed = async () =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from statements where month = ${closeMonth} and company_id in (${sql.join(
          closeCompanies.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    )[0]!.n;
  const server = await KilledServer.start(url, PORT, env);
  // The first kill falls in the middle of the close (as soon as part of it is made); the others at random.
  const closeKill = { closedBefore: -1 };
  let workDone = false;
  const killer = server.killer(KILLS, () => !workDone, {
    minMs: 1500,
    spreadMs: 4000,
    before: async (k) => {
      if (k > 0) return sleep(1500 + Math.random() * 4000);
      for (let n = await closed(); n < CLOSE_COMPANIES; n = await closed()) {
        if (n > 0) return void (closeKill.closedBefore = n);
        await sleep(20);
      }
    },
  });
  // Issued once the server has made the job queue's tables (each account's 알림톡 is a job).
  const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'test', PUBLIC_URL: BASE, DATABASE_URL: url });
  const provider = virtualAccountsFromConfig(config);
  const accounts: { orderId: string }[] = [];
  for (const id of statementIds.filter((_, k) => k % 2 === 0).slice(0, CALLBACKS)) {
    const a = await issueStatementAccount(db, provider, id);
    accounts.push({ orderId: a!.orderId });
  }
  const post = resendingPost(BASE);
  const staffToken = (
    await post<{ results: { token: string } }>('api/login', { id: 'staff@partsmall.kr', pw: 'staff1234' })
  ).body.results.token;
  const adminToken = (
    await post<{ results: { token: string } }>('api/login', { id: 'admin@partsmall.kr', pw: 'admin1234' })
  ).body.results.token;
  const t0 = Date.now();

  const staffCodes: number[] = [];
  const callbackCodes: number[] = [];
  const closeCodes: number[] = [];
  const work: Promise<void>[] = [];
  // Staff close the month again meanwhile (what the scheduled job runs): it must find what exists.
  for (let i = 0; i < CLOSE_CALLS; i++)
    work.push(
      (async () => {
        await sleep(Math.random() * 15_000);
        closeCodes.push((await post('api/admin/closeMonth', { month: closeMonth }, adminToken)).status);
      })(),
    );
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
  await database.close();
  const seconds = (Date.now() - t0) / 1000;

  // The queue drains (a killed process's tries come back once expired).
  const queue = await drainQueue(url, DRAIN_MS);
  server.stop();
  await toss.close();
  await solapi.close();
  await popbill.close();

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

  // The close: each statement once, every charge billed once, closing = opening + its lines.
  const closeIds = sql.join(
    closeCompanies.map((id) => sql`${id}`),
    sql`, `,
  );
  const closeStatements = Number(
    await one(
      sql`select count(*)::text as n from statements where month = ${closeMonth} and company_id in (${closeIds})`,
    ),
  );
  const statementsTwice = Number(
    await one(
      sql`select count(*)::text as n from (select 1 from statements group by company_id, month having count(*) > 1) d`,
    ),
  );
  const chargesUnbilled = Number(
    await one(
      sql`select count(*)::text as n from receivables_ledger l where l.kind = 'charge' and not exists (select 1 from statement_lines sl where sl.ledger_id = l.id)`,
    ),
  );
  const closingOff = Number(
    await one(
      sql`select count(*)::text as n from statements s where s.closing <> s.opening + coalesce((select sum(amount) from statement_lines sl where sl.statement_id = s.id), 0)
            or s.charges <> coalesce((select sum(amount) from statement_lines sl where sl.statement_id = s.id and sl.kind = 'charge'), 0)`,
    ),
  );
  // Every company's ledger = its last statement's closing + its rows not yet on a statement.
  const ledgerOff = Number(
    await one(
      sql`select count(*)::text as n from credit_accounts a
          where coalesce((select sum(amount) from receivables_ledger l where l.company_id = a.company_id), 0)
             <> coalesce((select closing from statements s where s.company_id = a.company_id order by month desc limit 1), 0)
              + coalesce((select sum(amount) from receivables_ledger l where l.company_id = a.company_id
                             and not exists (select 1 from statement_lines sl where sl.ledger_id = l.id)), 0)`,
    ),
  );
  // Each closed statement's 월합계 once, issued; its virtual account once.
  const invoiceRows = await queryRows<{ mgt_key: string; status: string; statement_id: number }>(
    check.db,
    sql`select t.mgt_key, t.status, t.statement_id from tax_invoices t join statements s on s.id = t.statement_id
        where s.month = ${closeMonth} and s.company_id in (${closeIds})`,
  );
  const invoicesNotIssued = invoiceRows.filter((r) => r.status !== 'issued' && r.status !== 'sent').length;
  const invoicesAtPopbill = invoiceRows.filter((r) => popbill.issued.has(popbillKey(r.mgt_key))).length;
  const invoicesUnexpected = [...popbill.issued.keys()].filter(
    (k) => !invoiceRows.some((r) => popbillKey(r.mgt_key) === k),
  ).length;
  const accountsOff = Number(
    await one(
      sql`select count(*)::text as n from statements s where s.month = ${closeMonth} and s.company_id in (${closeIds})
            and (s.va_account_number is null
              or (select count(*) from statement_accounts a where a.statement_id = s.id and a.status = 'open') <> 1)`,
    ),
  );
  await check.close();
  // At the Toss stand-in: one virtual account per statement (orderId stm-<statement>-…).
  const vaPerStatement = new Map<string, number>();
  for (const p of toss.payments.values()) {
    const id = /^stm-(\d+)-/.exec(p.orderId)?.[1];
    if (id) vaPerStatement.set(id, (vaPerStatement.get(id) ?? 0) + 1);
  }
  const accountsIssuedTwice = [...vaPerStatement.values()].filter((n) => n > 1).length;

  const expectedStaffSum = staffAmounts.reduce((s, a) => s + a, 0);
  console.log(
    `\ndeposits crash benchmark: ${STAFF_DEPOSITS} staff deposits and ${CALLBACKS} deposit callbacks x${DELIVERIES}, ${KILLS} SIGKILLs, ${seconds.toFixed(1)} s`,
  );
  console.log(
    `kills (ms after start, ms until listening again): ${server.killReport()}; the first after ${closeKill.closedBefore < 0 ? 'the close had ended (it was not cut)' : `${closeKill.closedBefore} of ${CLOSE_COMPANIES} statements were closed`}`,
  );
  console.log(
    `month close ${closeMonth}: ${CLOSE_COMPANIES} companies × ${CLOSE_LINES} shipped credit orders; api/admin/closeMonth answers ${closeCodes.join(', ')}`,
  );
  console.log(
    `answers: staff ${staffCodes.filter((c) => c === 200).length} x 200 of ${staffCodes.length}; callbacks ${callbackCodes.filter((c) => c === 200).length} x 200 of ${callbackCodes.length}`,
  );
  console.log(
    `queue drained in ${queue.seconds.toFixed(1)} s after the work: ${queue.waiting} still waiting, ${queue.parked} parked`,
  );
  const checks: [string, boolean][] = [
    [`staff deposits recorded once each: ${staffRows} of ${STAFF_DEPOSITS}`, staffRows === STAFF_DEPOSITS],
    [`staff deposits' sum ${staffSum} = sent ${expectedStaffSum}`, staffSum === expectedStaffSum],
    [`accounts paid exactly once: ${accountsPaidOnce} of ${accounts.length}`, accountsPaidOnce === accounts.length],
    [`account deposits recorded: ${accountDeposits} (one per account)`, accountDeposits === accounts.length],
    [`deposits not applied (none matched by name should be left): ${notApplied}`, notApplied === 0],
    [`statements whose paid amount or status disagrees with the ledger: ${statementsOff}`, statementsOff === 0],
    [`applied deposits whose payments + cash differ from their amount: ${depositsOff}`, depositsOff === 0],
    [`companies whose cash differs from their cash ledger: ${cashOff}`, cashOff === 0],
    [`closed statements: ${closeStatements} of ${CLOSE_COMPANIES}`, closeStatements === CLOSE_COMPANIES],
    [`statements made twice (company and month): ${statementsTwice}`, statementsTwice === 0],
    [`charges not on a statement: ${chargesUnbilled}`, chargesUnbilled === 0],
    [`statements whose closing or charges disagree with their lines: ${closingOff}`, closingOff === 0],
    [
      `월합계 invoices: ${invoiceRows.length} rows, ${invoicesAtPopbill} issued at the Popbill stand-in, ${invoicesNotIssued} not issued, ${invoicesUnexpected} unexpected`,
      invoiceRows.length === CLOSE_COMPANIES &&
        new Set(invoiceRows.map((r) => r.statement_id)).size === CLOSE_COMPANIES &&
        invoicesAtPopbill === CLOSE_COMPANIES &&
        invoicesNotIssued === 0 &&
        invoicesUnexpected === 0,
    ],
    [
      `closed statements without exactly one open virtual account: ${accountsOff}; issued twice at the Toss stand-in: ${accountsIssuedTwice}`,
      accountsOff === 0 && accountsIssuedTwice === 0,
    ],
    [`companies whose ledger differs from last closing + unbilled rows: ${ledgerOff}`, ledgerOff === 0],
    [`jobs parked: ${queue.parked}, waiting: ${queue.waiting}`, queue.parked === 0 && queue.waiting === 0],
  ];
  for (const [text, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}
