import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { members, sessions } from '../apps/server/src/db/schema.js';
import { hashToken } from '../apps/server/src/features/auth/sessions.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import {
  bad,
  cpuMs,
  judgeThroughput,
  latencySummary,
  load,
  median,
  openLoop,
  overallVerdict,
  perCpuSecond,
  pinLoadGenerator,
  serverCpus,
  startNodeProcess,
  startServerProcess,
  stopProcesses,
  total,
  turnOrder,
  unpin,
  verdictCell,
  type Measured,
  type OpenLoopResult,
  type Verdict,
} from './lib.js';

/**
 * Starts of the three servers (BENCH_STARTS), each measured for BENCH_ROUNDS closed-loop rounds: two
 * identical servers come out up to ±5 % apart from one start to the next, which more rounds of one
 * start cannot average out (docs/performance.md#how-the-benchmarks-run). The open loop runs on the
 * last start.
 */
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const OPEN_RATE = 300;
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 5);
const OPEN_ROUNDS = Number(process.env.BENCH_OPEN_ROUNDS ?? 2);
/**
 * The open loop measures an absolute latency, not a ratio, so servers and generator run on any CPU
 * there (BENCH_OPEN_PINNED=true keeps the closed loop's pinning): a server pinned to one of two
 * cores shares it with the PostgreSQL backends it wakes while the other core idles part of the time.
 */
const OPEN_PINNED = process.env.BENCH_OPEN_PINNED === 'true';
const OPEN_GOAL_P95_MS = 20;
const GOAL = 0.85;
const PORTS = { project: 3910, bare: 3912, control: 3913 } as const;
type Who = keyof typeof PORTS;

/**
 * The HTTP part of `npm run bench -- catalogue`, on the database the import part filled (a
 * million part rows) plus the demo shop: the three calls a buyer makes most (VIN search, main
 * groups, the parts page with its drawing and products), the project against a bare Fastify server
 * with the same SQL (bench/bare-epc.ts), and a second bare server, the control, whose distance from
 * the first is the run's noise. Closed loop at concurrency 32 in interleaved rounds of the three for
 * throughput (goal: at least 0.85 of the bare server's, less the control's spread); then an offered
 * 300 requests/s to the project and the bare server for latency (p95 goal 20 ms).
 */
export async function runCatalogueHttp(url: string, db: Db) {
  await seedDemo(db, {});
  const [demo] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ memberId: demo!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  const headers = { authorization: `Bearer ${token}` };
  const vin = 'WDDZF8KB4JA201937';
  const mcid = 'DEMO-BENZ-W213';
  const all: { name: string; path: string; body: object }[] = [
    { name: 'VIN search (reopen of the day)', path: 'epc/getCarsVinEx', body: { brand: 'benz', vin, lang: 'KR' } },
    { name: 'main groups', path: 'epc/getCarsGroupEx', body: { vin, mcid, brand: 'benz', lang: 'KR' } },
    {
      name: 'parts page (drawing, 11 rows, products)',
      path: 'epc/getCarsPartsEx',
      body: { vin, mcid, brand: 'benz', num: '34', mid: '34_10_11', isShowColorvalue: false, lang: 'KR' },
    },
  ];
  // BENCH_CATALOGUE_CALLS=groups (words of the calls' names, comma-separated) measures only those.
  const only = process.env.BENCH_CATALOGUE_CALLS?.split(',').filter(Boolean) ?? [];
  const scenarios = only.length > 0 ? all.filter((s) => only.some((w) => s.name.includes(w))) : all;

  pinLoadGenerator();
  // Each slice also records the server's CPU time (/proc): requests per CPU-second move far less
  // than requests per second when other work shares the machine.
  const closed = scenarios.map((s) => ({
    ...s,
    project: [] as Measured[],
    bare: [] as Measured[],
    control: [] as Measured[],
  }));
  const loadBefore = os.loadavg()[0]!;
  for (let start = 1; start < STARTS; start++) {
    const servers = await startServers(url, scenarios, headers);
    try {
      await closedLoop(servers, closed, headers);
    } finally {
      await stopProcesses([servers.project, servers.bare, servers.control]);
    }
    console.log(`start ${start}/${STARTS} done (${ROUNDS} rounds)`);
  }
  const servers = await startServers(url, scenarios, headers);
  const { project, bare, control } = servers;
  const pids = { project: project.pid, bare: bare.pid, control: control.pid };
  try {
    await closedLoop(servers, closed, headers);
    console.log(
      `\ncatalogue HTTP, closed loop: ${STARTS} starts of the three servers (project, bare, control: bare B), ${ROUNDS} interleaved rounds each, of ${SECONDS} s, 32 connections; ${os.cpus().length} cores (servers on CPU ${serverCpus() || 'any'}); load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
    );
    // Each round's own ratio too (a round of each server, back to back): one disturbed round moves
    // the pooled ratio, the median of the rounds' much less.
    const roundRatios = (r: (typeof closed)[number]) =>
      r.project.map((p, i) => p.requests / r.bare[i]!.requests).sort((a, b) => a - b);
    console.log(
      `| call | project req/s | bare req/s | **project / bare** | control spread: verdict (goal ${GOAL}) | each start | control / bare, each start | median of rounds (range) | project req per CPU-s | bare req per CPU-s | project / bare per CPU-s | errors |`,
    );
    console.log('|---|---:|---:|---:|---|---|---|---|---:|---:|---:|---:|');
    const verdicts: Verdict[] = [];
    for (const r of closed) {
      const secs = STARTS * ROUNDS * SECONDS;
      const [pc, bc] = [perCpuSecond(r.project), perCpuSecond(r.bare)];
      const ratios = roundRatios(r);
      const judged = judgeThroughput(r, STARTS, ROUNDS, GOAL);
      verdicts.push(judged.verdict);
      const two = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
      console.log(
        `| ${r.name} | ${Math.round(total(r.project) / secs)} | ${Math.round(total(r.bare) / secs)} | **${judged.ratio.toFixed(2)}** | ${verdictCell(judged.spread, judged.verdict)} | ${two(judged.perStart)} | ${judged.control.toFixed(2)}, ${two(judged.controlPerStart)} | ${median(ratios).toFixed(2)} (${ratios[0]!.toFixed(2)}-${ratios[ratios.length - 1]!.toFixed(2)}) | ${Math.round(pc)} | ${Math.round(bc)} | ${(pc / bc).toFixed(2)} | ${bad(r.project) + bad(r.bare) + bad(r.control)} |`,
      );
    }
    console.log(
      `\ngoal: each call's throughput at least ${GOAL} of the bare server's, less the control's spread: ${overallVerdict(verdicts)}`,
    );

    // Open loop: requests sent on a fixed schedule (bench/lib.ts openLoop), latency from the
    // scheduled send to the end of the body, the first second discarded; project and bare
    // interleaved, each call in OPEN_ROUNDS rounds, all rounds' requests pooled per server.
    // Each round also records the server's CPU time per answer: at a fixed rate every request
    // arrives on its own (no batching as in the closed loop), so this is the whole cost of one.
    if (!OPEN_PINNED) unpin([project.pid, bare.pid, control.pid, process.pid]);
    type OpenMeasured = OpenLoopResult & { cpuUsPerRequest: number };
    const open = scenarios.map((s) => ({ ...s, project: [] as OpenMeasured[], bare: [] as OpenMeasured[] }));
    const openLoadBefore = os.loadavg()[0]!;
    await interleaved(open, OPEN_ROUNDS, ['project', 'bare'], async (r, who, port) => {
      const before = cpuMs(pids[who]);
      const result = await openLoop(r.name, endpoint(port, r.path), r.body, {
        rate: OPEN_RATE,
        seconds: OPEN_SECONDS,
        warmupSeconds: 1,
        headers,
      });
      const after = cpuMs(pids[who]);
      // The CPU time covers the warm-up second too: divided by every request sent.
      const sent = OPEN_RATE * (OPEN_SECONDS + 1);
      r[who as 'project' | 'bare'].push({
        ...result,
        cpuUsPerRequest: before === null || after === null ? NaN : ((after - before) * 1000) / sent,
      });
    });
    console.log(
      `\ncatalogue HTTP, open loop: ${OPEN_RATE} requests/s sent on a fixed schedule for ${OPEN_SECONDS} s after 1 s of warm-up, ${OPEN_ROUNDS} interleaved rounds, servers ${OPEN_PINNED ? `on CPU ${serverCpus() || 'any'}` : 'on any CPU'}; latency from the scheduled send to the end of the body; load average ${openLoadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      '| call | server | answered req/s | p50 ms | p95 ms | p99 ms | max ms | p95 from the actual send | most in flight | generator late p99 ms | server CPU µs per request | errors |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of open) {
      for (const who of ['project', 'bare'] as const) {
        for (const x of r[who]) {
          console.log(
            `| ${r.name} | ${who} | ${x.rps} | ${x.p50} | ${x.p95} | ${x.p99} | ${x.max} | ${x.sentP95} | ${x.maxInFlight} | ${x.sendLateP99} | ${Math.round(x.cpuUsPerRequest)} | ${x.errors + x.non2xx} |`,
          );
        }
      }
    }
    // Every round's requests of a call pooled per server: the p95 the goal speaks of.
    console.log(
      `\n| call | server | all ${OPEN_ROUNDS} rounds: p50 / p95 / p99 / max ms | goal p95 < ${OPEN_GOAL_P95_MS} ms |`,
    );
    console.log('|---|---|---|---|');
    for (const r of open) {
      for (const who of ['project', 'bare'] as const) {
        const all = latencySummary(r[who].flatMap((x) => x.sorted).sort((a, b) => a - b));
        console.log(
          `| ${r.name} | ${who} | ${all.p50} / **${all.p95}** / ${all.p99} / ${all.max} | ${all.p95 < OPEN_GOAL_P95_MS ? 'met' : 'NOT met'} |`,
        );
      }
    }
    for (const r of open) {
      const mean = (xs: OpenMeasured[]) => xs.reduce((n, x) => n + x.cpuUsPerRequest, 0) / xs.length;
      console.log(
        `${r.name}: server CPU per request at ${OPEN_RATE}/s, project ${Math.round(mean(r.project))} µs, bare ${Math.round(mean(r.bare))} µs: bare / project ${(mean(r.bare) / mean(r.project)).toFixed(2)}`,
      );
    }
  } finally {
    await stopProcesses([project, bare, control]);
  }
}

type Servers = Record<Who, ChildProcess>;
type Scenario = { name: string; path: string; body: object };
const endpoint = (port: number, path: string) => `http://127.0.0.1:${port}/${path}`;

/**
 * Starts the project, the bare server and the control (a second bare server), checks they answer the
 * same bytes, and warms them up.
 */
async function startServers(url: string, scenarios: Scenario[], headers: Record<string, string>): Promise<Servers> {
  const bareEnv = (port: number) => ({ DATABASE_URL: url, PORT: String(port), DB_POOL_MAX: '16' });
  const project = await startServerProcess(url, PORTS.project);
  const bare = await startNodeProcess('bench/bare-epc.ts', bareEnv(PORTS.bare));
  const control = await startNodeProcess('bench/bare-epc.ts', bareEnv(PORTS.control));
  try {
    // The first search opens the VIN for the day (charged once, on the first start); then the three servers
    // must answer the same bytes.
    await fetch(endpoint(PORTS.project, scenarios[0]!.path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(scenarios[0]!.body),
    });
    for (const s of scenarios) {
      const answers: string[] = [];
      for (const port of Object.values(PORTS)) {
        const res = await fetch(endpoint(port, s.path), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(s.body),
        });
        answers.push(await res.text());
      }
      const differs = answers.findIndex((a) => a !== answers[0]);
      if (differs > 0)
        throw new Error(
          `${s.name}: different answers\n${answers[0]!.slice(0, 300)}\n${answers[differs]!.slice(0, 300)}`,
        );
    }
    console.log(`\ncatalogue calls: same bytes from the three servers in all ${scenarios.length} scenarios`);
    for (const port of Object.values(PORTS))
      for (const s of scenarios) await load('warm-up', endpoint(port, s.path), s.body, { duration: 1, headers });
  } catch (err) {
    await stopProcesses([project, bare, control]);
    throw err;
  }
  return { project, bare, control };
}

/** ROUNDS closed-loop rounds of every call on these servers, added to `closed`. */
async function closedLoop(
  { project, bare, control }: Servers,
  closed: (Scenario & Record<Who, Measured[]>)[],
  headers: Record<string, string>,
): Promise<void> {
  const pids = { project: project.pid, bare: bare.pid, control: control.pid };
  await interleaved(closed, ROUNDS, ['project', 'bare', 'control'], async (r, who, port) => {
    const before = cpuMs(pids[who]);
    const result = await load(r.name, endpoint(port, r.path), r.body, { duration: SECONDS, headers });
    const after = cpuMs(pids[who]);
    r[who].push({ ...result, cpuMs: before === null || after === null ? null : after - before });
  });
}

/**
 * Runs every call against the servers `who` for some rounds, in each round's turn order
 * (turnOrder), so that a busy moment of the machine falls on all.
 */
async function interleaved<R>(
  calls: R[],
  rounds: number,
  who: Who[],
  measure: (call: R, who: Who, port: number) => Promise<void>,
): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const call of calls) for (const w of turnOrder(who, round)) await measure(call, w, PORTS[w]);
  }
}
