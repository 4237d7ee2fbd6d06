import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { companies, members, products, sessions } from '../apps/server/src/db/schema.js';
import { hashToken } from '../apps/server/src/features/auth/sessions.js';
import { demoProducts } from '../apps/server/src/seed/products.js';
import { fillProductNameColumns } from '../apps/server/src/features/products/index.js';
import {
  bad,
  bareServerEnv,
  BENCH_POOL_MAX,
  CACHE_OFF_ENV,
  cpuMs,
  freshBenchDatabase,
  judgeThroughput,
  load,
  median,
  overallVerdict,
  perCpuSecond,
  pinLoadGenerator,
  pooledAndPerStart,
  prepareCheckout,
  ROOT,
  serverCpus,
  serverEnv,
  startCheckoutServer,
  startNodeProcess,
  startServerProcess,
  stopProcesses,
  total,
  turnOrder,
  verdict,
  verdictCell,
  type LoadResult,
  type Measured,
  type Verdict,
} from './lib.js';

const TOTAL = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const BASE = 10_000;
/**
 * Starts of the three servers (BENCH_STARTS), each measured for BENCH_ROUNDS interleaved rounds.
 * Two identical servers come out up to ±5 % apart from one start to the next on this machine (JIT
 * and memory layout settle differently each time), which more rounds of one start cannot average
 * out: so the servers are started several times and the rounds of every start pooled
 * (docs/performance.md#how-the-benchmarks-run).
 */
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const GOAL = 0.85;
/** Rounds of the side-by-side CPU comparison after the interleaved ones (0: none). */
const SIDE_ROUNDS = Number(process.env.BENCH_SIDE_ROUNDS ?? 6);
const PROJECT_PORT = 3900;
const BEFORE_PORT = 3901;
const BARE_PORT = 3902;
const CONTROL_PORT = 3903;
/** BENCH_CONTROL_WITH_APP=true: the control is the bare route in a process that also built the whole app. */
const CONTROL_WITH_APP = process.env.BENCH_CONTROL_WITH_APP === 'true';
/**
 * BENCH_BEFORE=<commit>: the shop's server as that commit had it (its own checkout and build:
 * prepareCheckout) runs as a fourth server in the same rounds, on the same database, and its
 * throughput is compared with the bare server's and the project's (docs/performance.md#product-grid).
 */
const BEFORE = process.env.BENCH_BEFORE || undefined;
/** The project's throughput at least the earlier commit's, less the control's spread: unchanged or faster. */
const BEFORE_GOAL = 1;
/**
 * The product grid (api/getProductHome), the project against a bare Fastify server (bench/bare-
 * products.ts) that runs the same SQL with the same driver and answers the same bytes; both on one
 * PostgreSQL with a million products, the project with its answer cache off
 * (PRODUCT_LIST_CACHE_MS=0). Each scenario, as a visitor and as a member (whose token both servers
 * resolve with the session statement), runs in interleaved rounds (project, bare, control, then
 * rotated) at concurrency 32, and the project's throughput is reported as a fraction of the bare
 * server's: the cost of everything the project adds (validation, hooks, access control, logging,
 * the realtime server, the serializer from the contract). A second bare server (the control) is
 * measured the same way: its distance from the first shows how much of a difference is noise.
 * Requests per CPU-second of each server (from /proc) are reported beside requests per second:
 * on a machine others are using too, they move far less than throughput.
 */
export async function run() {
  const beforeDir = BEFORE ? prepareCheckout(BEFORE) : undefined;
  const url = await freshBenchDatabase('pm_bench_products');
  const database = await openDatabase(url, '');
  const started = Date.now();
  const base = demoProducts(BASE, 7);
  for (let i = 0; i < base.length; i += 1000) await database.db.insert(products).values(base.slice(i, i + 1000));
  const copies = Math.ceil(TOTAL / BASE) - 1;
  for (let c = 1; c <= copies; c++) {
    await database.db.execute(sql`
      insert into products (name, pid, pid_key, factory_num, factory_key, type, price_a, price_b, price_c, price_d,
        sale_price, has_amount, stock_name, storage_id, img_files, detail_info, description, category, brand, company_id)
      select name, pid || '-' || ${c}, pid_key || ${String(c)}, factory_num, factory_key, type, price_a, price_b, price_c, price_d,
        sale_price, has_amount, stock_name, storage_id, img_files, detail_info, description, category, brand, company_id
      from products where id <= ${BASE}`);
  }
  await database.db.execute(sql`vacuum analyze products`);
  const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`)) as [
    { n: number },
  ];
  console.log(`loaded ${n.toLocaleString()} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // A member of a gold (b) company with a live session: both servers resolve its token.
  const token = randomBytes(32).toString('base64url');
  const [company] = await database.db
    .insert(companies)
    .values({ name: '벤치상사', license: '1234567891', level: 'b', securityNum: '000000' })
    .returning();
  const [member] = await database.db
    .insert(members)
    .values({
      loginId: 'bench@partsmall.kr',
      passwordHash: 'x',
      name: '벤치',
      phone: '01090000000',
      companyId: company!.id,
    })
    .returning();
  await database.db
    .insert(sessions)
    .values({ memberId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  const samplePid = base[1234]!.pid.toLowerCase();
  // The name search forms, as the shop writes them with each product: the server's fill at start is
  // for rows of older versions, not part of what is measured (docs/search.md#korean-name-search).
  const fillStart = Date.now();
  const filled = await fillProductNameColumns(database.db);
  console.log(
    `name forms of ${filled.toLocaleString('en-US')} products in ${((Date.now() - fillStart) / 1000).toFixed(1)} s`,
  );
  // The fill rewrote every row: without a vacuum the servers would read a table of twice its size,
  // half of it dead versions the shop's own writes (forms written with each product) never leave.
  await database.db.execute(sql`vacuum analyze products`);
  await database.close();

  pinLoadGenerator();
  const endpoint = (port: number) => `http://127.0.0.1:${port}/api/getProductHome`;
  const memberHeaders = { authorization: `Bearer ${token}` };
  const queries: [string, object][] = [
    ['first page (60)', { page: 1, size: 60 }],
    ["name search '브레이크 패드'", { searchType: 'name', searchKeyword: '브레이크 패드', page: 1, size: 60 }],
    [`part-number search '${samplePid}'`, { searchType: 'pid', searchKeyword: samplePid, page: 1, size: 60 }],
  ];
  const scenarios = queries.flatMap(([label, body]) => [
    { name: `visitor, ${label}`, body, headers: {} as Record<string, string> },
    { name: `member, ${label}`, body, headers: memberHeaders },
  ]);
  const results = scenarios.map((s) => ({
    ...s,
    project: [] as Measured[],
    bare: [] as Measured[],
    control: [] as Measured[],
    before: [] as Measured[],
    sameAsBefore: true,
  }));
  const loadBefore = os.loadavg()[0]!;
  for (let start = 0; start < STARTS; start++) {
    const last = start === STARTS - 1;
    await measureStart(url, scenarios, results, endpoint, last && SIDE_ROUNDS > 0, beforeDir);
    console.log(`start ${start + 1}/${STARTS} done (${ROUNDS} rounds)`);
  }
  printRatios(results, [loadBefore, os.loadavg()[0]!]);
  if (BEFORE) printBefore(results);
  reportHomeBundle();
}

type Scenario = { name: string; body: object; headers: Record<string, string> };
type Results = (Scenario & {
  project: Measured[];
  bare: Measured[];
  control: Measured[];
  /** The earlier commit's server (BENCH_BEFORE), and whether it answered the project's bytes. */
  before: Measured[];
  sameAsBefore: boolean;
})[];

/**
 * One start of the three servers (four with the earlier commit's in `beforeDir`): the same-bytes
 * check, a warm-up, ROUNDS interleaved rounds added to `results`, and (withSide) the side-by-side
 * comparison; the servers are stopped after.
 */
async function measureStart(
  url: string,
  scenarios: Scenario[],
  results: Results,
  endpoint: (port: number) => string,
  withSide: boolean,
  beforeDir?: string,
) {
  const project = await startServerProcess(url, PROJECT_PORT, CACHE_OFF_ENV);
  const before = beforeDir ? await startCheckoutServer(beforeDir, url, BEFORE_PORT, CACHE_OFF_ENV) : undefined;
  const bare = await startNodeProcess('bench/bare-products.ts', bareServerEnv(url, BARE_PORT));
  // A second bare server measured like the other two: how far apart two identical servers come out
  // is the noise floor of the run. Built beside the whole app (not listening), its distance from the
  // bare server is instead the cost of the process around the route.
  const control = await startNodeProcess(
    'bench/bare-products.ts',
    CONTROL_WITH_APP
      ? { ...serverEnv(url, CONTROL_PORT), ...CACHE_OFF_ENV, BARE_WITH_APP: 'true' }
      : bareServerEnv(url, CONTROL_PORT),
  );
  try {
    // The two servers must answer the same bytes, or the comparison means nothing. The earlier
    // commit's may answer otherwise (a search changed since): that is said beside its figures.
    for (const [i, s] of scenarios.entries()) {
      const answers = await Promise.all(
        [PROJECT_PORT, BARE_PORT, ...(before ? [BEFORE_PORT] : [])].map(async (port) =>
          (
            await fetch(endpoint(port), {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...s.headers },
              body: JSON.stringify(s.body),
            })
          ).text(),
        ),
      );
      if (answers[0] !== answers[1])
        throw new Error(
          `${s.name}: the project and the bare server answer different bytes\n${answers[0]!.slice(0, 300)}\n${answers[1]!.slice(0, 300)}`,
        );
      if (s.headers.authorization && !answers[0]!.includes('"price"'))
        throw new Error(`${s.name}: the member got no price`);
      if (before && answers[2] !== answers[0]) results[i]!.sameAsBefore = false;
    }
    console.log(`same bytes from both servers in all ${scenarios.length} scenarios`);

    // Warm-up so the first round does not pay for cold caches and JIT.
    for (const port of [PROJECT_PORT, BARE_PORT, CONTROL_PORT, ...(before ? [BEFORE_PORT] : [])])
      for (const s of scenarios) await load('warm-up', endpoint(port), s.body, { duration: 2, headers: s.headers });

    for (let round = 0; round < ROUNDS; round++) {
      for (const r of results) {
        // Rotate who goes first, so that drift in the machine's load falls on all three alike.
        const servers: ['project' | 'bare' | 'control' | 'before', number, number | undefined][] = [
          ['project', PROJECT_PORT, project.pid],
          ...(before ? [['before', BEFORE_PORT, before.pid] as ['before', number, number | undefined]] : []),
          ['bare', BARE_PORT, bare.pid],
          ['control', CONTROL_PORT, control.pid],
        ];
        for (const [who, port, pid] of turnOrder(servers, round)) {
          const cpuBefore = cpuMs(pid);
          const result = await load(r.name, endpoint(port), r.body, { duration: SECONDS, headers: r.headers });
          const cpuAfter = cpuMs(pid);
          r[who].push({ ...result, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore });
        }
      }
    }
    // CPU time comes from /proc: elsewhere there is nothing to compare.
    if (withSide && cpuMs(project.pid) !== null)
      await sideBySide(scenarios, endpoint, [
        [project, PROJECT_PORT],
        [bare, BARE_PORT],
      ]);
  } finally {
    // Stopped before the next start takes the same ports.
    await stopProcesses([project, bare, control, ...(before ? [before] : [])]);
  }
}

/**
 * CPU per request of the project and the bare server loaded at the same time, on the one CPU both are
 * pinned to (16 connections each): whatever the machine does during a round (another guest, a slower
 * clock) falls on both alike, so their ratio moves far less from round to round than the
 * throughputs of rounds taken one after the other (docs/performance.md#product-grid). Which server's
 * load starts first alternates.
 */
async function sideBySide(
  scenarios: { name: string; body: object; headers: Record<string, string> }[],
  endpoint: (port: number) => string,
  servers: [[ChildProcess, number], [ChildProcess, number]],
) {
  console.log(
    `\nside by side: ${SIDE_ROUNDS} rounds of ${SECONDS} s per scenario, project and bare loaded at once on CPU ${serverCpus() || 'any'}, 16 connections each`,
  );
  console.log('| scenario | project µs of CPU per request | bare µs | **project / bare** | median of rounds (range) |');
  console.log('|---|---:|---:|---:|---|');
  for (const s of scenarios) {
    const cpu = [0, 0];
    const requests = [0, 0];
    const perRound: number[] = [];
    for (let round = 0; round < SIDE_ROUNDS; round++) {
      const before = servers.map(([child]) => cpuMs(child.pid)!);
      // Each server's load at its own index, started in the round's order.
      const loads: Promise<LoadResult>[] = [];
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0])
        loads[i] = load(s.name, endpoint(servers[i]![1]), s.body, {
          connections: 16,
          duration: SECONDS,
          headers: s.headers,
        });
      const done = await Promise.all(loads);
      const each = servers.map(([child], i) => {
        const used = cpuMs(child.pid)! - before[i]!;
        cpu[i] = cpu[i]! + used;
        requests[i] = requests[i]! + done[i]!.requests;
        return used / done[i]!.requests;
      });
      perRound.push(each[0]! / each[1]!);
    }
    const [p, b] = [0, 1].map((i) => (cpu[i]! * 1000) / requests[i]!);
    console.log(
      `| ${s.name} | ${p!.toFixed(0)} | ${b!.toFixed(0)} | **${(p! / b!).toFixed(3)}** | ${median(perRound).toFixed(3)} ` +
        `(${Math.min(...perRound).toFixed(3)}-${Math.max(...perRound).toFixed(3)}) |`,
    );
  }
}

function printRatios(
  results: { name: string; project: Measured[]; bare: Measured[]; control: Measured[] }[],
  load: [number, number],
) {
  const rps = (rs: Measured[]) => Math.round(total(rs) / (rs.length * SECONDS));
  console.log(
    `\nproducts benchmark: ${STARTS} starts of the servers, ${ROUNDS} interleaved rounds each, of ${SECONDS} s per server and scenario, 32 connections, PRODUCT_LIST_CACHE_MS=0, pools of ${BENCH_POOL_MAX}; ` +
      `${os.cpus().length} cores (servers on CPU ${serverCpus() || 'any'}), load average ${load[0].toFixed(1)} before and ${load[1].toFixed(1)} after`,
  );
  // The spread is the control's (bare B / bare) distance from 1, pooled and per start; a control
  // built beside the whole app is no identical server, so then the goal is read without one.
  const control = CONTROL_WITH_APP ? 'bare route in the built app' : 'bare B';
  console.log(
    `| scenario | project req/s | bare req/s | **project / bare** | control spread: verdict (goal ${GOAL}) | each start | median of rounds (range) | project req per CPU-s | bare req per CPU-s | **project / bare per CPU-s** | control: ${control} / bare, each start (per CPU-s) | errors |`,
  );
  console.log('|---|---:|---:|---:|---|---|---|---:|---:|---:|---|---:|');
  const verdicts: Verdict[] = [];
  for (const r of results) {
    const judged = judgeThroughput(r, STARTS, ROUNDS, GOAL);
    const spread = CONTROL_WITH_APP ? 0 : judged.spread;
    const v = CONTROL_WITH_APP ? verdict(judged.ratio, GOAL, 0) : judged.verdict;
    verdicts.push(v);
    const perRound = r.project.map((p, i) => p.requests / r.bare[i]!.requests);
    const [pc, bc] = [perCpuSecond(r.project), perCpuSecond(r.bare)];
    const two = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
    console.log(
      `| ${r.name} | ${rps(r.project)} | ${rps(r.bare)} | **${judged.ratio.toFixed(2)}** | ${verdictCell(spread, v)} | ${two(judged.perStart)} | ${median(perRound).toFixed(2)} ` +
        `(${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)}) | ${Math.round(pc)} | ${Math.round(bc)} | **${(pc / bc).toFixed(2)}** | ` +
        `${judged.control.toFixed(2)}, ${two(judged.controlPerStart)} (${(perCpuSecond(r.control) / bc).toFixed(2)}) | ${bad(r.project) + bad(r.bare) + bad(r.control)} |`,
    );
  }
  console.log(
    `\ngoal: the project's throughput at least ${GOAL} of the bare server's in every scenario, less the control's spread: ${overallVerdict(verdicts)}`,
  );
}

/** Gzipped size of the JavaScript (and CSS) the home route loads, from the built index.html. */
function reportHomeBundle() {
  const dist = path.join(ROOT, 'apps/web/dist');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    console.log('\n(web app not built: run npm run build to measure the home route bundle)');
    return;
  }
  const html = fs.readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = gzipSync(fs.readFileSync(path.join(dist, f))).length;
    if (f.endsWith('.js')) js += size;
    else css += size;
  }
  console.log(
    `\nhome route: JavaScript ${(js / 1024).toFixed(1)} KB gzipped, CSS ${(css / 1024).toFixed(1)} KB gzipped (${files.length} files)`,
  );
}

/**
 * The earlier commit's server (BENCH_BEFORE) beside the project: each one's throughput over the bare
 * server's, and the project's over the earlier one's, pooled and per start, judged against 1 (as
 * fast or faster) with the control's spread; and the same per CPU-second.
 */
function printBefore(results: Results) {
  const rps = (rs: Measured[]) => Math.round(total(rs) / (rs.length * SECONDS));
  const requests = (rs: Measured[]) => rs.map((x) => x.requests);
  const two = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
  console.log(`\nthe project against its commit ${BEFORE} in the same rounds (before), both against the bare server`);
  console.log(
    `| scenario | before req/s | project req/s | before / bare | project / bare | **project / before** | each start | control spread: verdict (goal ${BEFORE_GOAL.toFixed(2)}) | project / before per CPU-s | same bytes |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---|---|---:|---|');
  const verdicts: Verdict[] = [];
  for (const r of results) {
    const judged = judgeThroughput(r, STARTS, ROUNDS, GOAL);
    const b = pooledAndPerStart(requests(r.before), requests(r.bare), STARTS, ROUNDS);
    const pb = pooledAndPerStart(requests(r.project), requests(r.before), STARTS, ROUNDS);
    // As in printRatios: a control built beside the whole app is no identical server, so no spread.
    const spread = CONTROL_WITH_APP ? 0 : judged.spread;
    const v = verdict(pb.pooled, BEFORE_GOAL, spread);
    verdicts.push(v);
    console.log(
      `| ${r.name} | ${rps(r.before)} | ${rps(r.project)} | ${b.pooled.toFixed(2)} (${two(b.perStart)}) | ${judged.ratio.toFixed(2)} (${two(judged.perStart)}) | ` +
        `**${pb.pooled.toFixed(2)}** | ${two(pb.perStart)} | ${verdictCell(spread, v)} | ${(perCpuSecond(r.project) / perCpuSecond(r.before)).toFixed(2)} | ` +
        `${r.sameAsBefore ? 'yes' : 'no'} |`,
    );
  }
  console.log(
    `\ngoal: the project's throughput at least the earlier commit's in every scenario, less the control's spread: ${overallVerdict(verdicts)}`,
  );
}
