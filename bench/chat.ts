import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import type { ChatAck, ChatMessage, UsersToAdmin } from '@partsmall/contract';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { companies, members } from '../apps/server/src/db/schema.js';
import { hashPassword } from '../apps/server/src/features/auth/passwords.js';
import { createSession } from '../apps/server/src/features/auth/sessions.js';
import { withCheckDigit } from '../apps/server/src/seed/demo.js';
import { openChatSocket, openInGroups } from './chat-sockets.js';
import { ROOT, freshBenchDatabase, percentile, startNodeProcess, startServerProcess } from './lib.js';

// BENCH_SHORT=1: a quick look on a shared machine (fewer connections, one short round); every
// figure can still be set on its own.
const SHORT = process.env.BENCH_SHORT === '1';
const CUSTOMERS = Number(process.env.BENCH_CHAT_CUSTOMERS ?? (SHORT ? 1000 : 5000));
const CHATTING = Number(process.env.BENCH_CHAT_ACTIVE ?? 100);
const STAFF = Number(process.env.BENCH_CHAT_STAFF ?? 10);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 500);
const ROUND_S = Number(process.env.BENCH_SECONDS ?? (SHORT ? 5 : 10));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SHORT ? 1 : 2));
/**
 * A first round at the same load, reported on its own and left out of the latency figures: a
 * freshly started process meets every conversation's first message, its code paths unoptimised
 * and its database connections new, all in the first second (measured: p99 ~320 ms in that
 * second, ~25 ms after it). A shop's server runs warm; 0 measures from the very first message.
 */
const WARMUP_S = Number(process.env.BENCH_CHAT_WARMUP_S ?? 2);
/** Two server processes sharing rooms through Redis; BENCH_CHAT_REDIS=off leaves that variant out. */
const REDIS = process.env.BENCH_CHAT_REDIS ?? process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

/**
 * Where the chat servers and the relay run: anywhere by default (BENCH_SERVER_CPUS pins them). The
 * goal here is an absolute latency, not a ratio between servers, and a server pinned to one of the
 * two cores shares it with the PostgreSQL backends it wakes (the scheduler places them beside it)
 * while the other core idles part of the time: pinned, one process waited for a CPU as long as it
 * ran (8.8 s running, 9.1 s waiting; p99 311 ms), and two processes pinned to one core waited twice
 * as long as they ran. A shop's server is not pinned beside its database either.
 */
const CPUS = process.env.BENCH_SERVER_CPUS ?? '';

/** BENCH_CHAT_TRACE=<folder>: every receipt with its send time, and the servers' own trace (bench/chat-probe.mjs). */
const TRACE = process.env.BENCH_CHAT_TRACE ?? '';

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in bytes (Linux). */
function rss(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}

/** One server under test: its process, its sockets and what the driver counted. */
interface Target {
  name: string;
  /** Server processes (two for the Redis variant: sockets alternate between them). */
  processes: ChildProcess[];
  bases: string[];
  /** The target's own database (none for the bare relay). */
  databaseUrl: string | null;
  databaseName: string | null;
  /** Database transactions (each statement outside a transaction is one) while connecting / during rounds. */
  connectTransactions: number;
  roundTransactions: number;
  txSeen: number;
  /** During the rounds: the servers' CPU time and time runnable but not running; the same for this driver. */
  serverCpuMs: number;
  serverWaitMs: number;
  driverCpuMs: number;
  driverWaitMs: number;
  loads: string[];
  staff: Socket[];
  /** The chatting customers (the idle ones are in the idle customers' process). */
  customers: Socket[];
  customerIds: number[];
  /** This process's sockets: staff and chatting customers. */
  sockets: Socket[];
  dropped: number;
  /** Idle customers' sockets connected at the end, and dropped, in the idle customers' process. */
  idleHeld: number;
  idleDropped: number;
  rssBefore: number;
  rssAfter: number;
  connectSeconds: number;
  latencies: number[];
  /** Delivery latencies of each round (the first is the one with every conversation's first message). */
  roundLatencies: number[][];
  warmupLatencies: number[];
  ackLatencies: number[];
  ackErrors: number;
  sent: number;
  lost: number;
  doubled: number;
  misdelivered: number;
  expectedReceipts: number;
  received: number;
  /** With BENCH_CHAT_TRACE: [send time (epoch ms), latency ms, 0 = customer to staff / 1 = staff to customer]. */
  trace: [number, number, number][];
  /** With BENCH_CHAT_TRACE: per 100 ms of each round, [start (epoch ms), the driver's event loop delay max ms, sends behind schedule max ms]. */
  driverTrace: [number, number, number][];
}

/**
 * Committed transactions of a database so far. PostgreSQL 15 flushes an idle backend's counts
 * within 10 s, so a reading after activity waits 11 s (1.5 s was measured to undercount).
 */
async function transactions(target: Target, settle = true): Promise<number> {
  if (!target.databaseUrl) return 0;
  if (settle) await sleep(11_000);
  const database = await openDatabase(target.databaseUrl, '');
  try {
    const [row] = await queryRows<{ n: string }>(
      database.db,
      sql`select xact_commit::text as n from pg_stat_database where datname = ${target.databaseName}`,
    );
    return Number(row?.n ?? 0);
  } finally {
    await database.close();
  }
}

/**
 * CPU time and time spent runnable but waiting for a CPU, in ms, of a process's threads so far
 * (/proc/<pid>/task/<tid>/schedstat): on a shared machine the second shows how much of a latency
 * is the process waiting for the machine rather than working or waiting for the database.
 */
function schedMs(pid: number): [number, number] {
  let cpu = 0;
  let wait = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const [run, queued] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
    cpu += run! / 1e6;
    wait += queued! / 1e6;
  }
  return [cpu, wait];
}
const schedAll = (t: Target) =>
  t.processes.map((p) => schedMs(p.pid!)).reduce((a, b) => [a[0] + b[0], a[1] + b[1]], [0, 0]);

const rssAll = (target: Target) => target.processes.reduce((sum, p) => sum + rss(p.pid!), 0);

/**
 * The idle customers (all but the CHATTING ones) are held by a process of their own
 * (bench/chat-idle.ts): they only answer the server's pings, and in this process their ~15,000
 * sockets (three targets) made a heap whose collection delayed the receipts being timed.
 */
interface IdleCustomers {
  open(target: string, sockets: [string, object][]): Promise<void>;
  count(): Promise<{ held: Record<string, number>; dropped: Record<string, number> }>;
  close(): void;
}

function startIdleCustomers(): IdleCustomers {
  const child = fork(path.join(ROOT, 'bench/chat-idle.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(message: object, answer: string) =>
    new Promise<T>((resolve, reject) => {
      const listener = (m: { type: string; message?: string }) => {
        if (m.type !== answer && m.type !== 'error') return;
        child.off('message', listener);
        if (m.type === 'error') reject(new Error(`idle customers: ${m.message}`));
        else resolve(m as T);
      };
      child.on('message', listener);
      child.send(message);
    });
  return {
    open: (target, sockets) => ask({ type: 'open', target, sockets }, 'opened'),
    count: () => ask({ type: 'count' }, 'count'),
    close: () => {
      if (child.connected) child.send({ type: 'close' });
    },
  };
}

async function connectAll(
  target: Target,
  idle: IdleCustomers,
  staffAuth: object[],
  customerAuth: object[],
  announcer?: (s: Socket) => () => number,
) {
  // Sockets alternate between the target's processes (staff first, then customers), so with two, every chat crosses them.
  const urlOf = (n: number) => `${target.bases[n % target.bases.length]!}/chat`;
  const open = (n: number, auth: object) => openChatSocket(urlOf(n), auth, target.sockets, () => target.dropped++);
  target.staff = await Promise.all(staffAuth.map((auth, j) => open(j, auth)));
  const onlineSeen = announcer?.(target.staff[0]!);
  await sleep(1000);
  target.rssBefore = rssAll(target);
  const tx0 = await transactions(target, false);
  const t0 = performance.now();
  const n = (i: number) => staffAuth.length + i;
  const chatting = customerAuth.slice(0, CHATTING);
  await Promise.all([
    openInGroups(chatting, (auth, i) => open(n(i), auth)).then((opened) => target.customers.push(...opened)),
    idle.open(
      target.name,
      customerAuth.slice(CHATTING).map((auth, k): [string, object] => [urlOf(n(CHATTING + k)), auth]),
    ),
  ]);
  target.connectSeconds = (performance.now() - t0) / 1000;
  // The real server tells staff of every customer coming online; wait until the last is announced.
  if (onlineSeen)
    for (let waited = 0; onlineSeen() < customerAuth.length && waited < 120_000; waited += 250) await sleep(250);
  await sleep(2000);
  target.rssAfter = rssAll(target);
  target.txSeen = await transactions(target);
  target.connectTransactions = target.txSeen - tx0;
}

/**
 * One round: the chatting customers and the staff send RATE messages a second in total (every
 * other one each way, open loop), each customer message to every staff socket, each staff
 * message to its customer and the other staff. Latency is from the emit to each receipt on the
 * other side (staff for a customer's message, the customer for a staff answer).
 */
async function round(target: Target, seconds: number, warmup = false) {
  const [cpu0, wait0] = schedAll(target);
  const [driverCpu0, driverWait0] = schedMs(process.pid);
  const sentAt = new Map<string, number>();
  const latencies: number[] = warmup ? target.warmupLatencies : [];
  if (!warmup) target.roundLatencies.push(latencies);
  const expected = new Map<string, string[]>();
  const receipts = new Map<string, number>();
  const listeners: [Socket, string, (m: ChatMessage) => void][] = [];
  const receive = (receiver: string, measure: (m: ChatMessage) => boolean) => (m: ChatMessage) => {
    const t = sentAt.get(m.clientMessageId);
    if (t === undefined) return;
    const key = `${receiver}#${m.clientMessageId}`;
    receipts.set(key, (receipts.get(key) ?? 0) + 1);
    if (measure(m)) {
      const ms = performance.now() - t;
      if (!warmup) target.latencies.push(ms);
      latencies.push(ms);
      if (TRACE) target.trace.push([performance.timeOrigin + t, ms, m.sendSide === 'user' ? 0 : 1]);
    }
  };
  target.staff.forEach((s, j) =>
    listeners.push([s, 'messageToAdmin', receive(`staff${j}`, (m) => m.sendSide === 'user')]),
  );
  target.customers.forEach((s, i) => listeners.push([s, 'messageToUser', receive(`customer${i}`, () => true)]));
  for (const [s, event, fn] of listeners) s.on(event, fn);

  let acked = 0;
  const send = (socket: Socket, event: string, payload: Record<string, unknown>, receivers: string[]) => {
    const clientMessageId = randomUUID();
    const t = performance.now();
    sentAt.set(clientMessageId, t);
    expected.set(clientMessageId, receivers);
    socket.emit(event, { ...payload, clientMessageId }, (answer: ChatAck) => {
      acked++;
      if (!warmup) target.ackLatencies.push(performance.now() - t);
      if (answer.code !== 201) target.ackErrors++;
    });
  };
  const allStaff = target.staff.map((_, j) => `staff${j}`);
  const tickMs = 10;
  const perTick = (RATE * tickMs) / 1000;
  let carry = 0;
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  let nextTick = performance.now();
  // The driver's own delays: a late tick sends late, and that lateness is not the server's.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  let bucketStart = performance.now();
  let behind = 0;
  while (performance.now() < end) {
    behind = Math.max(behind, performance.now() - nextTick);
    if (TRACE && performance.now() - bucketStart >= 100) {
      target.driverTrace.push([performance.timeOrigin + bucketStart, loopDelay.max / 1e6, behind]);
      loopDelay.reset();
      behind = 0;
      bucketStart = performance.now();
    }
    carry += perTick;
    while (carry >= 1) {
      carry -= 1;
      const k = sent++;
      const i = Math.floor(k / 2) % CHATTING;
      if (k % 2 === 0)
        send(
          target.customers[i]!,
          'userMessage',
          { sendMessage: `문의 ${k}: 브레이크 패드 재고 확인 부탁드립니다.` },
          allStaff,
        );
      else {
        const j = i % STAFF;
        const others = allStaff.filter((_, x) => x !== j);
        send(
          target.staff[j]!,
          'adminMessage',
          { sendMessage: `답변 ${k}: 네, 재고 있습니다.`, targetUser: target.customerIds[i] },
          [`customer${i}`, ...others],
        );
      }
    }
    nextTick += tickMs;
    await sleep(Math.max(0, nextTick - performance.now()));
  }
  loopDelay.disable();
  const totalExpected = [...expected.values()].reduce((a, b) => a + b.length, 0);
  const received = () => [...receipts.values()].reduce((a, b) => a + b, 0);
  for (let waited = 0; (received() < totalExpected || acked < sent) && waited < 20_000; waited += 100) await sleep(100);
  for (const [s, event, fn] of listeners) s.off(event, fn);
  const [cpu1, wait1] = schedAll(target);
  const [driverCpu1, driverWait1] = schedMs(process.pid);
  target.serverCpuMs += cpu1 - cpu0;
  target.serverWaitMs += wait1 - wait0;
  target.driverWaitMs += driverWait1 - driverWait0;
  target.driverCpuMs += driverCpu1 - driverCpu0;

  let expectedSeen = 0;
  let doubled = 0;
  for (const [id, receivers] of expected) {
    for (const r of receivers) {
      const c = receipts.get(`${r}#${id}`) ?? 0;
      expectedSeen += Math.min(c, 1);
      if (c === 0) target.lost++;
      if (c > 1) doubled += c - 1;
    }
  }
  target.doubled += doubled;
  // Receipts by someone the message was not for.
  target.misdelivered += received() - expectedSeen - doubled;
  target.sent += sent;
  target.expectedReceipts += totalExpected;
  target.received += received();
  target.loads.push(loadAverage());
  const tx = await transactions(target);
  target.roundTransactions += tx - target.txSeen;
  target.txSeen = tx;
}

function newTarget(name: string, processes: ChildProcess[], ports: number[], databaseUrl: string | null): Target {
  return {
    name,
    processes,
    bases: ports.map((port) => `http://127.0.0.1:${port}`),
    databaseUrl,
    databaseName: databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null,
    connectTransactions: 0,
    roundTransactions: 0,
    txSeen: 0,
    serverCpuMs: 0,
    serverWaitMs: 0,
    driverCpuMs: 0,
    driverWaitMs: 0,
    loads: [],
    staff: [],
    customers: [],
    customerIds: [],
    sockets: [],
    dropped: 0,
    idleHeld: 0,
    idleDropped: 0,
    rssBefore: 0,
    rssAfter: 0,
    connectSeconds: 0,
    latencies: [],
    roundLatencies: [],
    warmupLatencies: [],
    ackLatencies: [],
    ackErrors: 0,
    sent: 0,
    lost: 0,
    doubled: 0,
    misdelivered: 0,
    expectedReceipts: 0,
    received: 0,
    trace: [],
    driverTrace: [],
  };
}

/** The bare relay, started like the servers: on the same CPUs, with the same node flags and trace. */
const startBare = (port: number): Promise<ChildProcess> =>
  startNodeProcess('bench/chat-bare.ts', { PORT: String(port) }, CPUS);

/**
 * Open files a process may hold (soft limit, which the idle customers' process inherits): every
 * idle socket of every target stays open there until the end. Node cannot raise its own limit, so
 * a short one is reported before anything starts.
 */
function checkOpenFileLimit(needed: number) {
  const line = /Max open files\s+(\d+|unlimited)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
  const soft = line?.[1] === 'unlimited' ? Infinity : Number(line?.[1] ?? Infinity);
  if (soft < needed)
    throw new Error(
      `the chat benchmark holds ${needed} sockets but may open ${soft} files: run it under 'ulimit -n ${needed + 1000}'`,
    );
  return soft;
}

interface Seeded {
  url: string;
  customerIds: number[];
  customerTokens: string[];
  staffTokens: string[];
}

/** A fresh database with CUSTOMERS customers (each with a company) and STAFF staff, all logged in. */
async function seed(name: string): Promise<Seeded> {
  const url = await freshBenchDatabase(name);
  const database = await openDatabase(url, '');
  const { db } = database;
  const passwordHash = await hashPassword('bench1234');
  const companyRows = await db
    .insert(companies)
    .values(
      Array.from({ length: CUSTOMERS }, (_, i) => ({
        name: `채팅상사 ${i + 1}`,
        license: withCheckDigit(String(600_000_000 + i)),
        level: 'c',
        securityNum: '000000',
      })),
    )
    .returning({ id: companies.id });
  const customerRows = await db
    .insert(members)
    .values(
      companyRows.map((c, i) => ({
        loginId: `chat${i + 1}@bench.kr`,
        passwordHash,
        name: `고객 ${i + 1}`,
        phone: `0108${String(i).padStart(7, '0')}`,
        companyId: c.id,
      })),
    )
    .returning({ id: members.id });
  const staffRows = await db
    .insert(members)
    .values(
      Array.from({ length: STAFF }, (_, i) => ({
        loginId: `staff${i + 1}@bench.kr`,
        passwordHash,
        name: `상담원 ${i + 1}`,
        phone: `0107${String(i).padStart(7, '0')}`,
        role: 'staff',
      })),
    )
    .returning({ id: members.id });
  const tokens = async (ids: number[]) => {
    const out: string[] = [];
    for (let i = 0; i < ids.length; i += 100)
      out.push(...(await Promise.all(ids.slice(i, i + 100).map(async (id) => (await createSession(db, id)).token))));
    return out;
  };
  const customerIds = customerRows.map((r) => r.id);
  const seeded = {
    url,
    customerIds,
    customerTokens: await tokens(customerIds),
    staffTokens: await tokens(staffRows.map((r) => r.id)),
  };
  await database.close();
  return seeded;
}

/** Counts the online announcements staff get, to wait until every customer is in. */
const onlineAnnouncements = (s: Socket) => {
  let seen = 0;
  s.on('usersToAdmin', (u: UsersToAdmin) => {
    if (!u.full) seen += u.users.filter((x) => x.onlineStatus).length;
  });
  return () => seen;
};

/** What the database holds after the rounds: every sent message once? */
async function storedCounts(t: Target): Promise<{ n: number; distinct_ids: number } | null> {
  if (!t.databaseUrl) return null;
  const counting = await openDatabase(t.databaseUrl, '');
  try {
    const [stored] = await queryRows<{ n: number; distinct_ids: number }>(
      counting.db,
      sql`select count(*)::int as n, count(distinct client_message_id)::int as distinct_ids from chat_messages`,
    );
    return stored!;
  } finally {
    await counting.close();
  }
}

/**
 * `npm run bench -- chat`: the shop's chat on PostgreSQL holding CUSTOMERS chat sockets, of which
 * CHATTING customers chat with STAFF staff at RATE messages a second: one server process, then two
 * processes sharing rooms through Redis (sockets alternate between them, so messages cross
 * processes); a bare Socket.IO relay with the same rooms and fan-out (no database) is driven in
 * interleaved rounds as the baseline. Reports connections held, server memory per connection,
 * delivery latency (p50, p95, p99), database transactions per message and per connection, and
 * checks every message in the database and at every receiver: nothing lost, doubled or misrouted.
 */
export async function run() {
  const withRedis = REDIS !== 'off';
  const openFiles = checkOpenFileLimit((CUSTOMERS - CHATTING) * (withRedis ? 3 : 2) + 500);
  console.log(
    `\nchat: ${CUSTOMERS} customers connected, ${CHATTING} chatting with ${STAFF} staff at ${RATE} messages/s, ${WARMUP_S > 0 ? `a warm-up round of ${WARMUP_S} s, then ` : ''}${ROUNDS} round(s) of ${ROUND_S} s ` +
      `(one process, ${withRedis ? 'two processes + Redis, ' : ''}bare relay, ...), servers ${CPUS ? `on CPU ${CPUS}` : 'on any CPU'}, idle customers in a process of their own; load average at start ${loadAverage()} (2 cores, shared); open files allowed ${openFiles}`,
  );
  const single = await seed('pm_bench_chat');
  const cluster = withRedis ? await seed('pm_bench_chat_cluster') : null;

  const targets: {
    target: Target;
    seeded: Seeded;
    staffAuth: object[];
    customerAuth: object[];
    announcer?: (s: Socket) => () => number;
  }[] = [];
  const started: ChildProcess[] = [];
  const idle = startIdleCustomers();
  try {
    const one = await startServerProcess(single.url, 3903, {}, CPUS);
    started.push(one);
    targets.push({
      target: newTarget('one process', [one], [3903], single.url),
      seeded: single,
      staffAuth: single.staffTokens.map((token) => ({ token })),
      customerAuth: single.customerTokens.map((token) => ({ token })),
      announcer: onlineAnnouncements,
    });
    if (cluster) {
      const a = await startServerProcess(cluster.url, 3905, { REDIS_URL: REDIS }, CPUS);
      started.push(a);
      const b = await startServerProcess(cluster.url, 3906, { REDIS_URL: REDIS }, CPUS);
      started.push(b);
      targets.push({
        target: newTarget('two processes + Redis', [a, b], [3905, 3906], cluster.url),
        seeded: cluster,
        staffAuth: cluster.staffTokens.map((token) => ({ token })),
        customerAuth: cluster.customerTokens.map((token) => ({ token })),
        announcer: onlineAnnouncements,
      });
    }
    const bareProcess = await startBare(3904);
    started.push(bareProcess);
    targets.push({
      target: newTarget('bare Socket.IO relay', [bareProcess], [3904], null),
      seeded: single,
      staffAuth: single.staffTokens.map(() => ({ staff: true })),
      customerAuth: single.customerIds.map((customer) => ({ customer })),
    });

    for (const t of targets) {
      t.target.customerIds = t.seeded.customerIds;
      await connectAll(t.target, idle, t.staffAuth, t.customerAuth, t.announcer);
    }
    if (WARMUP_S > 0) for (const t of targets) await round(t.target, WARMUP_S, true);
    for (let r = 0; r < ROUNDS; r++) for (const t of targets) await round(t.target, ROUND_S);

    const all = targets.map((t) => t.target);
    const idleCount = await idle.count();
    for (const t of all) {
      t.idleHeld = idleCount.held[t.name] ?? 0;
      t.idleDropped = idleCount.dropped[t.name] ?? 0;
    }
    const stored = await Promise.all(all.map(storedCounts));
    for (const t of all) {
      t.latencies.sort((a, b) => a - b);
      t.ackLatencies.sort((a, b) => a - b);
    }
    const row = (label: string, f: (t: Target, i: number) => string) =>
      console.log(`| ${label} | ${all.map(f).join(' | ')} |`);
    const ms = (sorted: number[]) =>
      `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`;
    console.log(`\n| figure | ${all.map((t) => t.name).join(' | ')} |`);
    console.log(`|---|${all.map(() => '---:').join('|')}|`);
    row(
      'connections held (customers + staff)',
      (t) =>
        `${t.sockets.filter((s) => s.connected).length + t.idleHeld} of ${CUSTOMERS + STAFF} (${t.dropped + t.idleDropped} dropped)`,
    );
    row(`connect time, ${CUSTOMERS} customers`, (t) => `${t.connectSeconds.toFixed(1)} s`);
    row(
      'server RSS before / after customers',
      (t) => `${(t.rssBefore / 2 ** 20).toFixed(0)} / ${(t.rssAfter / 2 ** 20).toFixed(0)} MB`,
    );
    row('memory per connection', (t) => `${((t.rssAfter - t.rssBefore) / CUSTOMERS / 1024).toFixed(1)} KB`);
    row('DB transactions per connection', (t) =>
      t.databaseUrl ? (t.connectTransactions / CUSTOMERS).toFixed(2) : '-',
    );
    row('messages sent', (t) => String(t.sent));
    row('DB transactions per message', (t) => (t.databaseUrl ? (t.roundTransactions / t.sent).toFixed(2) : '-'));
    row('acknowledged not 201', (t) => String(t.ackErrors));
    row('stored / distinct client ids (DB)', (_, i) =>
      stored[i] ? `${stored[i]!.n} / ${stored[i]!.distinct_ids}` : '-',
    );
    row('receipts expected / received', (t) => `${t.expectedReceipts} / ${t.received}`);
    row('lost / doubled / misrouted (receivers)', (t) => `${t.lost} / ${t.doubled} / ${t.misdelivered}`);
    if (WARMUP_S > 0)
      row(`warm-up round (${WARMUP_S} s, not in the figures below): delivery p50 / p95 / p99 ms`, (t) =>
        ms(t.warmupLatencies.sort((a, b) => a - b)),
      );
    row('delivery latency p50 / p95 / p99 ms', (t) => ms(t.latencies));
    if (ROUNDS > 1)
      row('delivery p50 / p95 / p99 ms, each round', (t) =>
        t.roundLatencies.map((l) => ms(l.sort((a, b) => a - b))).join('; '),
      );
    row('acknowledgement latency p50 / p95 / p99 ms', (t) => ms(t.ackLatencies));
    row(
      'server CPU / waiting for a CPU during rounds',
      (t) => `${(t.serverCpuMs / 1000).toFixed(1)} / ${(t.serverWaitMs / 1000).toFixed(1)} s`,
    );
    row(
      'load generator CPU / waiting for a CPU',
      (t) => `${(t.driverCpuMs / 1000).toFixed(1)} / ${(t.driverWaitMs / 1000).toFixed(1)} s`,
    );
    row('load average after each round (warm-up first)', (t) => t.loads.join('; '));
    const bare = all[all.length - 1]!;
    for (const [i, t] of all.slice(0, -1).entries()) {
      const p99 = percentile(t.latencies, 99);
      const s = stored[i]!;
      const intact =
        t.lost === 0 &&
        t.doubled === 0 &&
        t.misdelivered === 0 &&
        t.ackErrors === 0 &&
        s.n === t.sent &&
        s.distinct_ids === t.sent;
      console.log(
        `${t.name}: p99 delivery ${p99.toFixed(1)} ms (goal < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'}), ${(p99 / percentile(bare.latencies, 99)).toFixed(1)}x the bare relay's p99; ` +
          `nothing lost, doubled or misrouted, every message stored once: ${intact ? 'yes' : 'NO'}`,
      );
    }
    console.log(`load average at the end: ${loadAverage()} (2 cores, shared)`);
    if (TRACE) {
      fs.mkdirSync(TRACE, { recursive: true });
      for (const t of all) {
        const file = path.join(TRACE, `driver-${t.name.replace(/[^a-z0-9]+/gi, '-')}.json`);
        fs.writeFileSync(
          file,
          JSON.stringify({
            name: t.name,
            pids: t.processes.map((p) => p.pid),
            receipts: t.trace,
            driver: t.driverTrace,
          }),
        );
      }
      console.log(`trace: ${TRACE} (node bench/chat-trace.mjs ${TRACE})`);
    }
  } finally {
    for (const t of targets) for (const s of t.target.sockets) s.close();
    idle.close();
    for (const p of started) p.kill('SIGTERM');
  }
}
