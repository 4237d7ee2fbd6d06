import {
  bad,
  inHalves,
  judgeThroughput,
  latencySummary,
  median,
  openLoop,
  overallVerdict,
  perCpuSecond,
  pooledAndPerStart,
  prepareCheckout,
  total,
  verdict as judge,
  verdictCell,
  type Measured,
  type Verdict,
} from './lib.js';
import {
  DATA_SUMMARY,
  inRounds,
  measure,
  sameBytes,
  THROUGHPUT_COLUMNS,
  throughputCells,
  withSearchServers,
  type BeforeServers,
  type SearchServers,
} from './search-data.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const GOAL = 0.85;
const PORTS = { project: 3910, bare: 3912, control: 3913 };
/**
 * BENCH_BEFORE=<commit>: that commit's shop server and its own bare server (bench/bare-search.ts of
 * its checkout, its own search code; prepareCheckout) run beside the three in the same rounds, closed
 * loops only (docs/performance.md#any-number-and-korean-name-search): compareWithBefore.
 */
const BEFORE = process.env.BENCH_BEFORE || undefined;
const BEFORE_PORTS = { port: 3914, barePort: 3915 };
/** BENCH_SEARCH_ONLY=<regular expression>: the scenarios whose name matches it only. */
const ONLY = process.env.BENCH_SEARCH_ONLY ? new RegExp(process.env.BENCH_SEARCH_ONLY, 'u') : null;

/**
 * Name-mode queries of the kinds the relevance suite holds (apps/server/test/relevance), on the
 * benchmark's names (the demo's, copied): vehicle and part in either order, a model, typos, 초성, an
 * aftermarket number (whole and its start) and an OE number typed in name mode, Korean typed with the keyboard left in
 * English (docs/search.md#korean-typed-in-english), and keywords that match nothing, one of them
 * Latin keys that spell Hangul no name holds (read as Hangul, then its typos, then the Latin typos).
 */
const WORD_QUERIES: [kind: string, keyword: string][] = [
  ['make + part', 'BMW 패드'],
  ['part + make', '패드 BMW'],
  ['model + part', 'G20 필터'],
  ['ㅐ/ㅔ typo', '헤드렘프'],
  ['one-jamo typo', '써머스탯'],
  ['aftermarket number', 'HU816X'],
  ['aftermarket number start', 'HU816'],
  ['OE number in name mode', '42215489599'],
  ['한/영 not pressed', 'qmfpdlzm voem'],
  ['no match, a word', '김치찌개'],
  ['no match, two common words', '패드 필터'],
  ['no match, a number', 'ZZ99999999'],
  ['no match, Hangul typed in English', 'rlaclwlro'],
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
  const before = BEFORE ? { dir: prepareCheckout(BEFORE), ...BEFORE_PORTS } : undefined;
  await withSearchServers('pm_bench_search', { ...PORTS, before }, async (data, servers, headers, earlier) => {
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
      { name: `suggest number start 'HU816'`, path: suggest, goal: 15, body: { keyword: 'HU816' } },
      // Read as a number, found as none: only the suggestion's own name search follows.
      {
        name: `suggest no number 'ZZ99999999'`,
        path: suggest,
        goal: 15,
        body: { keyword: 'ZZ99999999' },
        nothing: true,
      },
      { name: `suggest words 'BMW 브레이크'`, path: suggest, goal: 15, body: { keyword: 'BMW 브레이크' } },
      { name: `suggest ㅐ/ㅔ '헤드렘프'`, path: suggest, goal: 15, body: { keyword: '헤드렘프' } },
      { name: `suggest 한/영 'qmfpdlzm'`, path: suggest, goal: 15, body: { keyword: 'qmfpdlzm' } },
    ].filter((s) => !ONLY || ONLY.test(s.name));
    const answers: string[] = [];
    for (const s of scenarios) {
      const answer = await sameBytes(s.name, servers, s.path, s.body, headers);
      answers.push(answer);
      if (s.name.startsWith('number, old') && !answer.includes(data.ownPid))
        throw new Error(`${s.name}: the answer does not hold the current number ${data.ownPid}`);
      const empty = answer.includes('"results":[]') || answer.includes('"products":[]');
      if (empty !== Boolean('nothing' in s && s.nothing))
        throw new Error(`${s.name}: ${empty ? 'found nothing' : 'found something'}`);
    }
    console.log(`same bytes from the three servers in all ${scenarios.length} scenarios`);
    if (earlier) return compareWithBefore(scenarios, answers, servers, earlier, headers);
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
          const closed = await measure(r.name, server, r.path, r.body, {
            connections: 32,
            duration: SECONDS,
            headers,
          });
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

/**
 * The project's overhead around the search code against an earlier commit's (BENCH_BEFORE): the
 * search itself may have been rebuilt since (other SQL, other answers), so the figure that judges
 * the server around it is each commit's own project / bare (its shop server over a bare server
 * running that commit's own search code, checked to answer its bytes), and the quotient of the two,
 * after over before, judged against 1.00 with the control's spread. After / before direct is
 * printed beside, with whether the two commits answer the same bytes: where they do not, it holds
 * the search's own change too (bare after / before shows that part alone). A ratio also moves with
 * the search's own cost (the same extra work is a larger part of a cheaper search), so the extra CPU
 * per request itself is printed beside: project less bare, in µs of the server's CPU (/proc), each
 * commit's, with the control less the bare server for the noise. Closed loops only, at 32
 * connections, in ROUNDS interleaved rounds of the five servers after a warm-up.
 */
async function compareWithBefore(
  scenarios: { name: string; path: string; body: object }[],
  answers: string[],
  servers: SearchServers,
  earlier: BeforeServers,
  headers: Record<string, string>,
) {
  const same: boolean[] = [];
  for (const [i, s] of scenarios.entries())
    same.push((await sameBytes(s.name, earlier, s.path, s.body, headers)) === answers[i]);
  console.log(`${BEFORE}: same bytes from its server and its bare server in all ${scenarios.length} scenarios`);
  const all = [...servers, ...earlier];
  for (const server of all)
    for (const s of scenarios)
      await measure('warm-up', server, s.path, s.body, { connections: 32, duration: 1, headers });
  const results = scenarios.map((s) => ({
    ...s,
    closed: { project: [], bare: [], control: [], before: [], 'before bare': [] } as Record<
      (typeof all)[number]['who'],
      Measured[]
    >,
  }));
  const machine = await inRounds(ROUNDS, all, async (inTurn) => {
    for (const r of results)
      for (const server of inTurn)
        r.closed[server.who].push(
          await measure(r.name, server, r.path, r.body, { connections: 32, duration: SECONDS, headers }),
        );
  });
  console.log(
    `\nsearch benchmark against ${BEFORE}: ${DATA_SUMMARY}, gold member, PRODUCT_LIST_CACHE_MS=0; ${ROUNDS} interleaved rounds of ${SECONDS} s ` +
      `per server (project, bare, control: bare B; before, before bare: ${BEFORE}'s own) and scenario at 32 connections; ${machine}`,
  );
  console.log(
    '| scenario | before: project / bare | after: project / bare | **overhead after / before** | median of rounds (range) | control spread: verdict (goal 1.00) | ' +
      'after / before direct (req/s) | bare after / before | same bytes | **extra CPU µs/req, before → after** (control − bare) | errors |',
  );
  console.log('|---|---:|---:|---:|---|---|---|---:|---|---|---:|');
  const verdicts: Verdict[] = [];
  const requests = (rs: Measured[]) => rs.map((x) => x.requests);
  const ratio = (top: Measured[], bottom: Measured[]) =>
    pooledAndPerStart(requests(top), requests(bottom), 1, ROUNDS).pooled;
  const rps = (rs: Measured[]) => (total(rs) / (rs.length * SECONDS)).toFixed(0);
  const cpuUs = (rs: Measured[]) => 1e6 / perCpuSecond(rs);
  for (const [i, r] of results.entries()) {
    const c = r.closed;
    const before = ratio(c.before, c['before bare']);
    // One start: the spread is also taken over each half of the rounds (inHalves).
    const after = judgeThroughput(c, ...inHalves(ROUNDS), GOAL);
    const quotient = after.ratio / before;
    const rounds = c.project.map(
      (p, k) => p.requests / c.bare[k]!.requests / (c.before[k]!.requests / c['before bare'][k]!.requests),
    );
    const v = judge(quotient, 1, after.spread);
    verdicts.push(v);
    const errors = Object.values(c).reduce((n, rs) => n + bad(rs), 0);
    console.log(
      `| ${r.name} | ${before.toFixed(2)} | ${after.ratio.toFixed(2)} | **${quotient.toFixed(2)}** | ${median(rounds).toFixed(2)} ` +
        `(${Math.min(...rounds).toFixed(2)}-${Math.max(...rounds).toFixed(2)}) | ${verdictCell(after.spread, v)} | ` +
        `${ratio(c.project, c.before).toFixed(2)} (${rps(c.project)} / ${rps(c.before)}) | ${ratio(c.bare, c['before bare']).toFixed(2)} | ` +
        `${same[i] ? 'yes' : "no: includes the search's change"} | ` +
        `${(cpuUs(c.before) - cpuUs(c['before bare'])).toFixed(0)} → **${(cpuUs(c.project) - cpuUs(c.bare)).toFixed(0)}** ` +
        `(${(cpuUs(c.control) - cpuUs(c.bare)).toFixed(0)}) | ${errors} |`,
    );
  }
  console.log(
    `\ngoal: the project's overhead around the search (project / bare) at most ${BEFORE}'s in every scenario, less the control's spread: ${overallVerdict(verdicts)}`,
  );
}
