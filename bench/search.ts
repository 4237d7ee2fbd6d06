import { bad, latencySummary, openLoop, overallVerdict, type Measured, type Verdict } from './lib.js';
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
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const GOAL = 0.85;
const PORTS = { project: 3910, bare: 3912, control: 3913 };
/** BENCH_SEARCH_ONLY=<regular expression>: the scenarios whose name matches it only. */
const ONLY = process.env.BENCH_SEARCH_ONLY ? new RegExp(process.env.BENCH_SEARCH_ONLY, 'u') : null;

/**
 * Name-mode queries of the kinds the relevance suite holds (apps/server/test/relevance), on the
 * benchmark's names (the demo's, copied): vehicle and part in either order, a model, typos, 초성, an
 * aftermarket number and an OE number typed in name mode, and keywords that match nothing.
 */
const WORD_QUERIES: [kind: string, keyword: string][] = [
  ['make + part', 'BMW 패드'],
  ['part + make', '패드 BMW'],
  ['model + part', 'G20 필터'],
  ['ㅐ/ㅔ typo', '헤드렘프'],
  ['one-jamo typo', '써머스탯'],
  ['aftermarket number', 'HU816X'],
  ['OE number in name mode', '42215489599'],
  ['no match, a word', '김치찌개'],
  ['no match, two common words', '패드 필터'],
  ['no match, a number', 'ZZ99999999'],
];

/**
 * `npm run bench -- search`: any-number search (api/getProductHome, searchType 'pid',
 * with an old number superseded in part_xrefs and with a copy's dashed number), 초성 name search, and
 * the search bar's suggestions (api/suggestProducts, a 초성 word and a number), as a gold member,
 * the project (answer cache off) against a bare Fastify server running the same search code
 * (bench/bare-search.ts) and a second bare server, the control, on BENCH_PRODUCTS products
 * (1,000,000) and BENCH_RELATIONS relations (100,000). Each scenario runs in interleaved rounds of
 * the three (turn order rotated): a closed-loop slice at 32 connections (throughput, CPU per
 * request), then, for the project and the bare server, an open-loop slice at BENCH_RATE requests/s
 * offered (300: latency from each request's scheduled send time, pooled over rounds). Goals: p95
 * under 20 ms (searches) or 15 ms (suggestions) at 300/s, throughput at least 0.85 of the bare
 * server's less the control's spread.
 */
export async function run() {
  await withSearchServers('pm_bench_search', PORTS, async (data, servers, headers) => {
    const home = '/api/getProductHome';
    const suggest = '/api/suggestProducts';
    const scenarios = [
      {
        name: `number, old '${data.oldPid}'`,
        path: home,
        goal: 20,
        body: { searchType: 'pid', searchKeyword: data.oldPid, page: 1, size: 60 },
      },
      {
        name: `number, dashed '${data.dashedPid}'`,
        path: home,
        goal: 20,
        body: { searchType: 'pid', searchKeyword: data.dashedPid, page: 1, size: 60 },
      },
      {
        name: `초성 '${data.chosung}'`,
        path: home,
        goal: 20,
        body: { searchType: 'name', searchKeyword: data.chosung, page: 1, size: 60 },
      },
      // The one box (docs/search.md#one-box), every query in the default name mode.
      ...WORD_QUERIES.map(([kind, keyword]) => ({
        name: `${kind} '${keyword}'`,
        path: home,
        goal: 20,
        body: { searchType: 'name', searchKeyword: keyword, page: 1, size: 60 },
        nothing: kind.startsWith('no match'),
      })),
      { name: `suggest 초성 '${data.chosung}'`, path: suggest, goal: 15, body: { keyword: data.chosung } },
      { name: `suggest number '${data.oldPid}'`, path: suggest, goal: 15, body: { keyword: data.oldPid } },
      { name: `suggest words 'BMW 브레이크'`, path: suggest, goal: 15, body: { keyword: 'BMW 브레이크' } },
      { name: `suggest ㅐ/ㅔ '헤드렘프'`, path: suggest, goal: 15, body: { keyword: '헤드렘프' } },
    ].filter((s) => !ONLY || ONLY.test(s.name));
    for (const s of scenarios) {
      const answer = await sameBytes(s.name, servers, s.path, s.body, headers);
      if (s.name.startsWith('number, old') && !answer.includes(data.ownPid))
        throw new Error(`${s.name}: the answer does not hold the current number ${data.ownPid}`);
      const empty = answer.includes('"results":[]') || answer.includes('"products":[]');
      if (empty !== Boolean('nothing' in s && s.nothing))
        throw new Error(`${s.name}: ${empty ? 'found nothing' : 'found something'}`);
    }
    console.log(`same bytes from the three servers in all ${scenarios.length} scenarios`);
    for (const server of servers)
      for (const s of scenarios)
        await measure('warm-up', server, s.path, s.body, { connections: 32, duration: 1, headers });

    const results = scenarios.map((s) => ({
      ...s,
      closed: { project: [] as Measured[], bare: [] as Measured[], control: [] as Measured[] },
      open: { project: [] as number[], bare: [] as number[] },
      late: { project: 0, bare: 0 },
      saturated: { project: false, bare: false },
    }));
    const machine = await inRounds(ROUNDS, servers, async (inTurn) => {
      for (const r of results) {
        for (const server of inTurn) {
          const closed = await measure(r.name, server, r.path, r.body, { connections: 32, duration: SECONDS, headers });
          r.closed[server.who].push(closed);
          // The control serves the throughput's noise only: the latency goal is the project's.
          if (server.who === 'control') continue;
          // A server that cannot answer RATE requests/s even flat out only builds a queue in an
          // open loop at RATE (each slice would last offered / throughput seconds): skipped, and
          // reported as saturated.
          if (closed.rps < RATE) {
            r.saturated[server.who] = true;
            continue;
          }
          const open = await openLoop(r.name, `http://127.0.0.1:${server.port}${r.path}`, r.body, {
            rate: RATE,
            seconds: SECONDS,
            warmupSeconds: 0.5,
            headers,
          });
          r.open[server.who].push(...open.sorted);
          r.late[server.who] += open.errors + open.non2xx + (open.offered - open.answered);
        }
      }
    });
    console.log(
      `\nsearch benchmark: ${DATA_SUMMARY}, ` +
        `gold member, PRODUCT_LIST_CACHE_MS=0; ${ROUNDS} interleaved rounds of ${SECONDS} s per server (project, bare, control: bare B) and scenario at 32 connections, ` +
        `then ${SECONDS} s at ${RATE} requests/s offered (project and bare); ${machine}`,
    );
    console.log(
      `| scenario | ${THROUGHPUT_COLUMNS.header} | project p50 / p95 / p99 at ${RATE}/s | bare p95 at ${RATE}/s | p95 goal | errors |`,
    );
    console.log(`|---|${THROUGHPUT_COLUMNS.align}|---|---:|---:|---:|`);
    let met = true;
    const verdicts: Verdict[] = [];
    for (const r of results) {
      const { project: p, bare: b } = r.closed;
      const { verdict, cells } = throughputCells(r.closed, SECONDS, GOAL, { rps: 0, cpu: 2 });
      verdicts.push(verdict);
      const po = latencySummary(r.open.project.sort((x, y) => x - y));
      const bo = latencySummary(r.open.bare.sort((x, y) => x - y));
      const sat = (who: 'project' | 'bare', text: string) =>
        r.saturated[who] ? `saturated below ${RATE}/s (${r.open[who].length} timed)` : text;
      const errors = bad(p) + bad(b) + bad(r.closed.control) + r.late.project + r.late.bare;
      met &&= !r.saturated.project && po.p95 < r.goal && errors === 0;
      console.log(
        `| ${r.name} | ${cells} | ${sat('project', `${po.p50} / **${po.p95}** / ${po.p99}`)} | ${sat('bare', String(bo.p95))} | < ${r.goal} ms | ${errors} |`,
      );
    }
    console.log(
      `\ngoals: p95 under 20 ms (searches) / 15 ms (suggestions) at ${RATE}/s, no error: ${met ? 'met' : 'NOT met'}; ` +
        `throughput at least ${GOAL} of the bare server's, less the control's spread: ${overallVerdict(verdicts)}`,
    );
  });
}
