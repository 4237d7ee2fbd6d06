import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, queryRows, type Db } from '../apps/server/src/db/client.js';
import { importCatalogue } from '../apps/server/src/features/epc/import/index.js';
import { writeCatalogueFolder } from './catalogue-import.js';
import { companies, members, products, sessions } from '../apps/server/src/db/schema.js';
import { hashToken } from '../apps/server/src/features/auth/sessions.js';
import { fillProductNameColumns } from '../apps/server/src/features/products/name-search.js';
import { demoProducts } from '../apps/server/src/seed/products.js';
import {
  adminUrl,
  bareServerEnv,
  CACHE_OFF_ENV,
  cpuMs,
  freshBenchDatabase,
  judgeThroughput,
  load,
  median,
  perCpuSecond,
  pinLoadGenerator,
  serverCpus,
  startCheckoutServer,
  startNodeProcess,
  startServerProcess,
  total,
  turnOrder,
  verdictCell,
  type Measured,
  type Verdict,
} from './lib.js';

/** Products (BENCH_PRODUCTS, the 1,000,000 by default) and shop relations (BENCH_RELATIONS, 100,000). */
export const TOTAL = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
export const RELATIONS = Number(process.env.BENCH_RELATIONS ?? 100_000);
/** Catalogues of the catalogue benchmark imported beside them (BENCH_SEARCH_CATALOGUES, 250: its 1.6 million rows). */
export const CATALOGUES = Number(process.env.BENCH_SEARCH_CATALOGUES ?? 250);

/** Writes and imports CATALOGUES generated catalogues, two at a time (as the catalogue benchmark does); answers the rows. */
async function importBenchCatalogues(db: Db): Promise<number> {
  if (CATALOGUES <= 0) return 0;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bench-search-epc-'));
  let rows = 0;
  try {
    let next = 0;
    const worker = async () => {
      for (let c = next++; c < CATALOGUES; c = next++) {
        const dir = path.join(root, `c${c}`);
        writeCatalogueFolder(dir, c);
        const report = await importCatalogue(db, dir, { uploadDir: path.join(root, 'uploads') });
        if (!report.ok) throw new Error(`catalogue ${c} refused: ${JSON.stringify(report.problems.slice(0, 3))}`);
        rows += report.rows;
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  return rows;
}
const BASE = 10_000;

export interface SearchData {
  url: string;
  /** A member of a gold (b) company with a live session. */
  token: string;
  /** A base product's OE number as written, and its old number (superseded by it in part_xrefs). */
  ownPid: string;
  oldPid: string;
  /** A copy's number with its dash ('<pid>-<copy>'). */
  dashedPid: string;
  /** The 초성 of a word of a product name. */
  chosung: string;
  /** Part numbers for a quick order: own, old (superseded), dashed and unknown numbers. */
  quickOrderNumbers: string[];
}

/**
 * The products of bench/products.ts (10,000 demo products copied with a numbered suffix up to
 * BENCH_PRODUCTS rows), their search forms (초성, 자모) copied with them, and RELATIONS shop
 * relations in part_xrefs: an old number ('X0000001-OLD') superseded by a product's number, every
 * fourth instead an interchangeable number. Before them, CATALOGUES catalogues of the catalogue
 * benchmark (BENCH_SEARCH_CATALOGUES, its 250 by default: 1.6 million rows, their supersessions in
 * epc_replacements and so in the relation closure) are imported through the shop's importer, so
 * the searches run beside the catalogue the issue names; 0 leaves the catalogue empty.
 */
export async function seedSearchData(name: string): Promise<SearchData> {
  const url = REUSE ? reusedUrl(name) : await freshBenchDatabase(name);
  const database = await openDatabase(url, '');
  const { db } = database;
  const [{ had }] = (await queryRows<{ had: number }>(db, sql`select count(*)::int as had from products`)) as [
    { had: number },
  ];
  if (!REUSE || had < TOTAL) await loadSearchData(db);
  else console.log(`reusing ${name}: ${had.toLocaleString()} products loaded by an earlier run`);
  return describeSearchData(db, url, () => database.close());
}

/** BENCH_SEARCH_REUSE=true: measure on the database an earlier run loaded (when it holds BENCH_PRODUCTS products). */
const REUSE = process.env.BENCH_SEARCH_REUSE === 'true';
function reusedUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function loadSearchData(db: Db): Promise<void> {
  const started = Date.now();
  const base = demoProducts(BASE, 7);
  for (let i = 0; i < base.length; i += 1000) await db.insert(products).values(base.slice(i, i + 1000));
  await fillProductNameColumns(db);
  const copies = Math.ceil(TOTAL / BASE) - 1;
  for (let c = 1; c <= copies; c++) {
    await db.execute(sql`
      insert into products (name, name_compact, name_chosung, name_jamo, pid, pid_key, factory_num, factory_key, type,
        price_a, price_b, price_c, price_d, sale_price, has_amount, stock_name, storage_id, img_files, detail_info,
        description, category, brand, company_id)
      select name, name_compact, name_chosung, name_jamo, pid || '-' || ${c}, pid_key || ${String(c)}, factory_num,
        factory_key, type, price_a, price_b, price_c, price_d, sale_price, has_amount, stock_name, storage_id, img_files,
        detail_info, description, category, brand, company_id
      from products where id <= ${BASE}`);
  }
  const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products`)) as [{ n: number }];
  const catalogueRows = await importBenchCatalogues(db);
  // The insert's trigger rebuilds the relation closure whole (migration 0018): timed apart.
  const relationsStarted = Date.now();
  await db.execute(sql`
    insert into part_xrefs (pid, pid_key, to_pid, to_key, kind, remark)
    select 'X' || lpad(g::text, 7, '0') || '-OLD', 'X' || lpad(g::text, 7, '0') || 'OLD', p.pid, p.pid_key,
      case when g % 4 = 0 then 'interchangeable' else 'supersedes' end, 'bench'
    from generate_series(1, ${RELATIONS}) g
    join products p on p.id = 1 + ((g::bigint * 7919) % ${n})
    where p.pid_key <> ''
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze products`);
  const relationsSeconds = (Date.now() - relationsStarted) / 1000;
  await db.execute(sql`vacuum analyze part_xrefs`);
  await db.execute(sql`vacuum analyze part_relation_closure`);
  const [{ r, c }] = (await queryRows<{ r: number; c: number }>(
    db,
    sql`select (select count(*)::int from part_xrefs) as r, (select count(*)::int from part_relation_closure) as c`,
  )) as [{ r: number; c: number }];
  console.log(
    `loaded ${n.toLocaleString()} products and ${r.toLocaleString()} relations in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(relations with their closure of ${c.toLocaleString()} rows: ${relationsSeconds.toFixed(1)} s), ` +
      `beside ${CATALOGUES} catalogues of ${catalogueRows.toLocaleString()} rows`,
  );
}

/** The member's session and the numbers and words the benchmarks search for, read from the loaded data. */
async function describeSearchData(db: Db, url: string, close: () => Promise<void>): Promise<SearchData> {
  const token = randomBytes(32).toString('base64url');
  // A reused database has the company of the run that loaded it.
  const [company] = [
    ...(await db.select().from(companies).where(eq(companies.license, '1234567891'))),
    ...(await db
      .insert(companies)
      .values({ name: '벤치상사', license: '1234567891', level: 'b', securityNum: '000000' })
      .onConflictDoNothing()
      .returning()),
  ];
  const [member] = [
    ...(await db.select().from(members).where(eq(members.loginId, 'bench@partsmall.kr'))),
    ...(await db
      .insert(members)
      .values({
        loginId: 'bench@partsmall.kr',
        passwordHash: 'x',
        name: '벤치',
        phone: '01090000000',
        companyId: company!.id,
      })
      .onConflictDoNothing()
      .returning()),
  ];
  await db
    .insert(sessions)
    .values({ memberId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  const xrefs = await queryRows<{ pid: string; toPid: string; kind: string }>(
    db,
    sql`select pid, to_pid as "toPid", kind from part_xrefs order by id limit 600`,
  );
  const superseded = xrefs.find((x) => x.kind === 'supersedes')!;
  const own = await queryRows<{ pid: string; name: string; chosung: string }>(
    db,
    sql`select pid, name, name_chosung as chosung from products where id > ${BASE} and pid like '%-%' order by id limit 600`,
  );
  await close();
  const dashed = own[0]!;
  // The first four 초성 of a Korean word of a name ('ㅂㄹㅇㅋ' as 브레이크 typed by its initials).
  const chosung =
    own
      .map((p) => /[ㄱ-ㅎ]{4,}/.exec(p.chosung)?.[0])
      .find(Boolean)
      ?.slice(0, 4) ?? 'ㅂㄹㅇㅋ';
  // 500 lines: 200 own numbers, 150 old ones, 100 dashed ones as typed, 50 unknown.
  const quickOrderNumbers = [
    ...own.slice(0, 200).map((p) => p.pid.replace(/-(\d+)$/, '')),
    ...xrefs.slice(0, 150).map((x) => x.pid),
    ...own.slice(200, 300).map((p) => p.pid),
    ...Array.from({ length: 50 }, (_, i) => `ZZ${String(i).padStart(6, '0')}`),
  ];
  return {
    url,
    token,
    ownPid: superseded.toPid,
    oldPid: superseded.pid,
    dashedPid: dashed.pid,
    chosung,
    quickOrderNumbers,
  };
}

/** A server under test: the project, the bare server or the control; with BENCH_BEFORE also the earlier commit's two. */
export interface Server<Who extends string = 'project' | 'bare' | 'control'> {
  who: Who;
  port: number;
  pid: number | undefined;
}
export type SearchServers = [Server, Server, Server];
/** The earlier commit's shop server and its own bare server (bench/bare-search.ts as that commit had it). */
export type BeforeServers = [Server<'before'>, Server<'before bare'>];

/**
 * Seeds a fresh database `name` (seedSearchData), starts the project, the bare server
 * (bench/bare-search.ts) and the control (a second bare server: its distance from the first is the
 * run's noise) on it, the load generator pinned apart, and runs `measure` with them and the gold
 * member's authorization; the servers stop however it ends. With `ports.before` (a checkout from
 * prepareCheckout and two ports), also that commit's shop server and its own bare server, each
 * built from that checkout's own code, given to `measure` as its fourth argument.
 */
export async function withSearchServers(
  name: string,
  ports: {
    project: number;
    bare: number;
    control: number;
    before?: { dir: string; port: number; barePort: number } | undefined;
  },
  measure: (
    data: SearchData,
    servers: SearchServers,
    headers: Record<string, string>,
    before?: BeforeServers,
  ) => Promise<void>,
): Promise<void> {
  const data = await seedSearchData(name);
  pinLoadGenerator();
  const children: ChildProcess[] = [];
  const bareEnv = (port: number) => bareServerEnv(data.url, port);
  try {
    children.push(await startServerProcess(data.url, ports.project, CACHE_OFF_ENV));
    children.push(await startNodeProcess('bench/bare-search.ts', bareEnv(ports.bare)));
    children.push(await startNodeProcess('bench/bare-search.ts', bareEnv(ports.control)));
    const [project, bare, control] = (['project', 'bare', 'control'] as const).map((who, i): Server => ({
      who,
      port: ports[who],
      pid: children[i]!.pid,
    }));
    let earlier: BeforeServers | undefined;
    const { before } = ports;
    if (before) {
      const shop = await startCheckoutServer(before.dir, data.url, before.port, CACHE_OFF_ENV);
      children.push(shop);
      const own = await startNodeProcess('bench/bare-search.ts', bareEnv(before.barePort), serverCpus(), before.dir);
      children.push(own);
      earlier = [
        { who: 'before', port: before.port, pid: shop.pid },
        { who: 'before bare', port: before.barePort, pid: own.pid },
      ];
    }
    await measure(data, [project!, bare!, control!], { authorization: `Bearer ${data.token}` }, earlier);
  } finally {
    for (const child of children) child.kill('SIGINT');
  }
}

/** The servers must answer the same bytes, or the comparison means nothing. */
export async function sameBytes(
  name: string,
  servers: Server<string>[],
  path: string,
  body: object,
  headers: Record<string, string>,
) {
  const answers = await Promise.all(
    servers.map(async (s) =>
      (
        await fetch(`http://127.0.0.1:${s.port}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
      ).text(),
    ),
  );
  const differs = answers.findIndex((a) => a !== answers[0]);
  if (differs > 0)
    throw new Error(
      `${name}: the project and the ${servers[differs]!.who} server answer different bytes\n${answers[0]!.slice(0, 400)}\n${answers[differs]!.slice(0, 400)}`,
    );
  if (!answers[0]!.startsWith('{"code":200')) throw new Error(`${name}: ${answers[0]!.slice(0, 300)}`);
  return answers[0]!;
}

/** A closed-loop slice on one server with the CPU it spent. */
export async function measure(
  name: string,
  server: Server<string>,
  path: string,
  body: object,
  opts: { connections: number; duration: number; headers: Record<string, string> },
): Promise<Measured> {
  const before = cpuMs(server.pid);
  const result = await load(name, `http://127.0.0.1:${server.port}${path}`, body, opts);
  const after = cpuMs(server.pid);
  return { ...result, cpuMs: before === null || after === null ? null : after - before };
}

/** The columns of throughputCells, for a table's header and its alignment row. */
export const THROUGHPUT_COLUMNS = {
  header:
    'project req/s | bare req/s | **project / bare** | control spread: verdict | control / bare | median of rounds (range) | project CPU ms/req | bare CPU ms/req',
  align: '---:|---:|---:|---|---:|---|---:|---:',
};

/**
 * The closed-loop rounds of the project against the bare server's, paired by round (a bare round
 * that served nothing is left out of the rounds' ratios), with the control's (a second bare server,
 * one start: its spread is its pooled ratio's distance from 1): `ratio`, the project's requests over
 * the bare server's, its `verdict` against `goal`, and the table cells of THROUGHPUT_COLUMNS,
 * requests/s and CPU ms per request to `decimals`.
 */
export function throughputCells(
  runs: { project: Measured[]; bare: Measured[]; control: Measured[] },
  seconds: number,
  goal: number,
  decimals: { rps: number; cpu: number },
): { ratio: number; verdict: Verdict; cells: string } {
  const { project: p, bare: b } = runs;
  const judged = judgeThroughput(runs, 1, p.length, goal);
  const ratio = judged.ratio;
  const perRound = p.flatMap((x, i) => (b[i]!.requests > 0 ? [x.requests / b[i]!.requests] : []));
  const rps = (rs: Measured[]) => (total(rs) / (rs.length * seconds)).toFixed(decimals.rps);
  const cpu = (rs: Measured[]) => (1000 / perCpuSecond(rs)).toFixed(decimals.cpu);
  const rounds = `${median(perRound).toFixed(2)} (${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)})`;
  return {
    ratio,
    verdict: judged.verdict,
    cells:
      `${rps(p)} | ${rps(b)} | **${ratio.toFixed(2)}** | ${verdictCell(judged.spread, judged.verdict)} | ` +
      `${judged.control.toFixed(2)} | ${rounds} | ${cpu(p)} | ${cpu(b)}`,
  };
}

/** The data the search benchmarks run on, for their summary lines. */
export const DATA_SUMMARY =
  `${TOTAL.toLocaleString()} products, ${RELATIONS.toLocaleString()} relations in part_xrefs, ` +
  (CATALOGUES > 0 ? `${CATALOGUES} catalogues imported (the catalogue benchmark's)` : 'no catalogue');

/**
 * `rounds` interleaved rounds: `round` is given the servers in each round's turn order (turnOrder),
 * so that the machine's drift is shared. Answers what the machine was: its cores, the servers' CPUs
 * and the load average before and after.
 */
export async function inRounds<S extends Server<string>>(
  rounds: number,
  servers: S[],
  round: (inTurn: S[]) => Promise<void>,
): Promise<string> {
  const before = os.loadavg()[0]!;
  for (let i = 0; i < rounds; i++) {
    await round(turnOrder(servers, i));
    console.log(`round ${i + 1}/${rounds} done`);
  }
  const after = os.loadavg()[0]!;
  return `${os.cpus().length} cores (servers on CPU ${serverCpus() || 'any'}), load average ${before.toFixed(1)} before and ${after.toFixed(1)} after`;
}
