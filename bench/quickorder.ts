import os from 'node:os';
import {
  bad,
  machine,
  measure,
  median,
  perCpuSecond,
  sameBytes,
  seedSearchData,
  startServers,
  total,
  TOTAL,
  RELATIONS,
  type Measured,
} from './search-data.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;
const GOAL = 0.85;
const P95_GOAL = 400;
const PROJECT_PORT = 3920;
const BARE_PORT = 3922;

/**
 * `npm run bench -- quickorder` (issue 22): api/resolveQuickOrder of a pasted 500-line order (200
 * own numbers, 150 old numbers superseded or interchangeable in part_xrefs, 100 dashed numbers, 50
 * unknown) as a gold member, the project against a bare Fastify server running the same parse and
 * resolve code (bench/bare-search.ts), on the data of bench/search.ts, at concurrency 8 in
 * interleaved rounds. Goals: p95 under 400 ms, throughput at least 0.85 of the bare server's.
 */
export async function run() {
  const data = await seedSearchData('pm_bench_quickorder');
  const [project, bare, children] = await startServers(data.url, PROJECT_PORT, BARE_PORT);
  const headers = { authorization: `Bearer ${data.token}` };
  const path = '/api/resolveQuickOrder';
  const body = { text: data.quickOrderNumbers.map((n, i) => `${n} ${1 + (i % 5)}`).join('\n') };
  try {
    const answer = await sameBytes('500 lines', [project, bare], path, body, headers);
    const lines = (JSON.parse(answer) as { results: { status: string }[] }).results;
    const statuses = new Map<string, number>();
    for (const l of lines) statuses.set(l.status, (statuses.get(l.status) ?? 0) + 1);
    console.log(
      `same bytes from both servers; ${lines.length} lines: ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}`,
    );
    for (const server of [project, bare])
      await measure('warm-up', server, path, body, { connections: CONNECTIONS, duration: 2, headers });
    const runs = { project: [] as Measured[], bare: [] as Measured[] };
    const loadBefore = os.loadavg()[0]!;
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of round % 2 === 0 ? [project, bare] : [bare, project])
        runs[server.who].push(
          await measure('500 lines', server, path, body, { connections: CONNECTIONS, duration: SECONDS, headers }),
        );
      console.log(`round ${round + 1}/${ROUNDS} done`);
    }
    const { project: p, bare: b } = runs;
    const ratio = total(p) / total(b);
    const perRound = p.flatMap((x, i) => (b[i]!.requests > 0 ? [x.requests / b[i]!.requests] : []));
    const p95s = (rs: Measured[]) => rs.filter((r) => r.requests > 0).map((r) => Math.round(r.p95));
    const errors = bad(p) + bad(b);
    console.log(
      `\nquick order benchmark: ${TOTAL.toLocaleString()} products, ${RELATIONS.toLocaleString()} relations in part_xrefs (epc_replacements empty), ` +
        `500 lines, gold member; ${ROUNDS} interleaved rounds of ${SECONDS} s per server at concurrency ${CONNECTIONS}; ${machine([loadBefore, os.loadavg()[0]!])}`,
    );
    console.log(
      '| scenario | project req/s | bare req/s | **project / bare** | median of rounds (range) | project CPU ms/req | bare CPU ms/req | project p95 ms, median of rounds (worst) | bare p95 ms | errors |',
    );
    console.log('|---|---:|---:|---:|---|---:|---:|---|---:|---:|');
    console.log(
      `| resolveQuickOrder, 500 lines | ${(total(p) / (p.length * SECONDS)).toFixed(1)} | ${(total(b) / (b.length * SECONDS)).toFixed(1)} | **${ratio.toFixed(2)}** | ` +
        `${median(perRound).toFixed(2)} (${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)}) | ${(1000 / perCpuSecond(p)).toFixed(1)} | ` +
        `${(1000 / perCpuSecond(b)).toFixed(1)} | **${median(p95s(p))}** (${Math.max(...p95s(p))}) | ${median(p95s(b))} | ${errors} |`,
    );
    const met = ratio >= GOAL && median(p95s(p)) < P95_GOAL && errors === 0;
    console.log(
      `\ngoals: p95 under ${P95_GOAL} ms at concurrency ${CONNECTIONS} and throughput at least ${GOAL} of the bare server's: ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    for (const child of children) child.kill('SIGINT');
  }
}
