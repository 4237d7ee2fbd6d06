import { bad, median, type Measured } from './lib.js';
import {
  DATA_SUMMARY,
  inRounds,
  measure,
  sameBytes,
  THROUGHPUT_COLUMNS,
  throughputCells,
  withSearchServers,
} from './search-data.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;
const GOAL = 0.85;
const P95_GOAL = 400;
const PORTS = { project: 3920, bare: 3922, control: 3923 };

/**
 * `npm run bench -- quickorder`: api/resolveQuickOrder of a pasted 500-line order (200
 * own numbers, 150 old numbers superseded or interchangeable in part_xrefs, 100 dashed numbers, 50
 * unknown) as a gold member, the project against a bare Fastify server running the same parse and
 * resolve code (bench/bare-search.ts) and a second bare server (the control), on the data of
 * bench/search.ts, at concurrency 8 in interleaved rounds of the three. Goals: p95 under 400 ms,
 * throughput at least 0.85 of the bare server's less the control's spread.
 */
export async function run() {
  await withSearchServers('pm_bench_quickorder', PORTS, async (data, servers, headers) => {
    const path = '/api/resolveQuickOrder';
    const body = { text: data.quickOrderNumbers.map((n, i) => `${n} ${1 + (i % 5)}`).join('\n') };
    const answer = await sameBytes('500 lines', servers, path, body, headers);
    const lines = (JSON.parse(answer) as { results: { status: string }[] }).results;
    const statuses = new Map<string, number>();
    for (const l of lines) statuses.set(l.status, (statuses.get(l.status) ?? 0) + 1);
    console.log(
      `same bytes from the three servers; ${lines.length} lines: ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}`,
    );
    for (const server of servers)
      await measure('warm-up', server, path, body, { connections: CONNECTIONS, duration: 2, headers });
    const runs = { project: [] as Measured[], bare: [] as Measured[], control: [] as Measured[] };
    const machine = await inRounds(ROUNDS, servers, async (inTurn) => {
      for (const server of inTurn)
        runs[server.who].push(
          await measure('500 lines', server, path, body, { connections: CONNECTIONS, duration: SECONDS, headers }),
        );
    });
    const { project: p, bare: b } = runs;
    const { verdict, cells } = throughputCells(runs, SECONDS, GOAL, { rps: 1, cpu: 1 });
    const p95s = (rs: Measured[]) => rs.filter((r) => r.requests > 0).map((r) => Math.round(r.p95));
    const errors = bad(p) + bad(b) + bad(runs.control);
    console.log(
      `\nquick order benchmark: ${DATA_SUMMARY}, ` +
        `500 lines, gold member; ${ROUNDS} interleaved rounds of ${SECONDS} s per server (project, bare, control: bare B) at concurrency ${CONNECTIONS}; ${machine}`,
    );
    console.log(
      `| scenario | ${THROUGHPUT_COLUMNS.header} | project p95 ms, median of rounds (worst) | bare p95 ms | errors |`,
    );
    console.log(`|---|${THROUGHPUT_COLUMNS.align}|---|---:|---:|`);
    console.log(
      `| resolveQuickOrder, 500 lines | ${cells} | **${median(p95s(p))}** (${Math.max(...p95s(p))}) | ${median(p95s(b))} | ${errors} |`,
    );
    const met = median(p95s(p)) < P95_GOAL && errors === 0;
    console.log(
      `\ngoals: p95 under ${P95_GOAL} ms at concurrency ${CONNECTIONS}, no error: ${met ? 'met' : 'NOT met'}; ` +
        `throughput at least ${GOAL} of the bare server's, less the control's spread: ${verdict.word}`,
    );
  });
}
