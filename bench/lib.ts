import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';

import { judgeRatio, type Judged } from './verdict.js';

export * from './servers.js';
export * from './verdict.js';

export function adminUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** A fresh database for a benchmark; returns its URL. */
export async function freshBenchDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export interface LoadResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One slice of load on one server, with the CPU time the server spent on it. */
export type Measured = LoadResult & { cpuMs: number | null };

/** Requests answered over the slices. */
export const total = (rs: Measured[]) => rs.reduce((sum, r) => sum + r.requests, 0);
/** Errors, timeouts and answers other than 2xx over the slices. */
export const bad = (rs: Measured[]) => rs.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
/** Requests served per CPU-second of the server: its throughput when it has a core to itself. */
export const perCpuSecond = (rs: Measured[]) =>
  rs.every((r) => r.cpuMs !== null) ? (total(rs) * 1000) / rs.reduce((sum, r) => sum + r.cpuMs!, 0) : NaN;

/**
 * The project's throughput over the bare server's against `goal` (at least), with the control's
 * spread (bench/verdict.ts): requests answered per slice, the slices `starts` starts of `rounds`
 * rounds each, in that order.
 */
export function judgeThroughput(
  r: { project: Measured[]; bare: Measured[]; control: Measured[] },
  starts: number,
  rounds: number,
  goal: number,
): Judged {
  const requests = (rs: Measured[]) => rs.map((x) => x.requests);
  return judgeRatio(
    { project: requests(r.project), bare: requests(r.bare), control: requests(r.control) },
    starts,
    rounds,
    goal,
  );
}

/**
 * How a run whose servers start once is cut for judgeRatio's spread, as [parts, rounds each]: in two
 * halves when its rounds split evenly (at least 4), else whole. On a busy machine one round of a
 * closed loop may serve an eighth of the next, and the pooled control alone then shows less noise
 * than the rounds hold: the spread is also taken over each half, as over each start where the
 * servers start several times (docs/performance.md#how-the-benchmarks-run).
 */
export function inHalves(rounds: number): [parts: number, each: number] {
  return rounds >= 4 && rounds % 2 === 0 ? [2, rounds / 2] : [1, rounds];
}

/**
 * The order in which `servers` take their turn in interleaved round `round`, so that drift in the
 * machine's load falls on all alike: two alternate which goes first; three or more rotate who goes
 * first each round and run backwards every other round (project, bare, control; control, bare,
 * project after a rotation; ...).
 */
export function turnOrder<T>(servers: readonly T[], round: number): T[] {
  if (servers.length <= 2) return round % 2 === 0 ? [...servers] : [...servers].reverse();
  const k = round % servers.length;
  const order = [...servers.slice(k), ...servers.slice(0, k)];
  return round % 2 === 0 ? order : order.reverse();
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Drives one POST body at the server with autocannon and measures every response's latency. */
export async function load(
  name: string,
  url: string,
  body: object,
  /** rate: an offered load in requests per second over all connections (autocannon's overallRate). */
  opts: { connections?: number; duration?: number; headers?: Record<string, string>; rate?: number } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...opts.headers },
        body: JSON.stringify(body),
        connections: opts.connections ?? 32,
        duration: opts.duration ?? 10,
        ...(opts.rate ? { overallRate: opts.rate } : {}),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.total / (opts.duration ?? 10)),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface OpenLoopResult {
  name: string;
  /** Requests offered (scheduled) in the measured period, and answered in it. */
  offered: number;
  answered: number;
  /** Answered requests per second of the measured period. */
  rps: number;
  /** Latency from each request's scheduled send time to the end of its answer's body, ms. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** p95 from the actual send instead (what the server and the network added; the generator's lateness left out). */
  sentP95: number;
  /** How late the generator sent requests (actual minus scheduled), p99 ms: its own stalls. */
  sendLateP99: number;
  /** Most requests in flight at once. */
  maxInFlight: number;
  errors: number;
  non2xx: number;
  /** Every measured latency (as p50-max), sorted: rounds are pooled from these. */
  sorted: number[];
}

/** p50 / p95 / p99 / max of sorted latencies, ms with one decimal. */
export function latencySummary(sorted: number[]): { p50: number; p95: number; p99: number; max: number } {
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted[sorted.length - 1] ?? NaN),
  };
}

/**
 * An open-loop load: POSTs of one body sent on a fixed schedule (one every 1/rate s, whatever the
 * answers do), over keep-alive connections enough that no request waits behind another on one
 * (`connections`, default 64; no pipelining). Each request's latency is measured from the time it
 * was SCHEDULED to be sent to the end of its answer's body, so a request delayed by a slow answer
 * or by the generator's own stalls counts as late (no coordinated omission). The first
 * `warmupSeconds` (connections opened, code paths warmed) are sent on the same schedule but not
 * counted. Unlike autocannon's overallRate, which gives each connection a quota per second that it
 * spends back to back at the start of each second (a burst of the whole second's requests at full
 * concurrency, then silence), the requests here are spread evenly.
 */
export async function openLoop(
  name: string,
  url: string,
  body: object,
  opts: {
    rate: number;
    seconds: number;
    warmupSeconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    /** The body of the i-th request (warm-up ones included) when each differs, e.g. one order each. */
    bodyOf?: (i: number) => object;
    /** Headers of the i-th request beside `headers`, e.g. the session of one of several buyers. */
    headersOf?: (i: number) => Record<string, string>;
  },
): Promise<OpenLoopResult> {
  const target = new URL(url);
  const payload = Buffer.from(JSON.stringify(body));
  const payloadOf = opts.bodyOf ? (i: number) => Buffer.from(JSON.stringify(opts.bodyOf!(i))) : () => payload;
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: opts.connections ?? 64,
    maxFreeSockets: opts.connections ?? 64,
  });
  const headers = { 'content-type': 'application/json', ...opts.headers };
  const period = 1000 / opts.rate;
  const warmup = Math.round((opts.warmupSeconds ?? 1) * opts.rate);
  const total = warmup + Math.round(opts.seconds * opts.rate);
  const latencies = new Float64Array(total - warmup);
  const fromSend = new Float64Array(total - warmup);
  const late: number[] = [];
  let answered = 0;
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let settled = 0;

  await new Promise<void>((resolve) => {
    const done = () => {
      inFlight--;
      if (++settled === total) resolve();
    };
    const send = (i: number, scheduled: number) => {
      const measured = i >= warmup;
      const sent = performance.now();
      if (measured) late.push(sent - scheduled);
      inFlight++;
      if (measured && inFlight > maxInFlight) maxInFlight = inFlight;
      const bytes = payloadOf(i);
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { ...headers, ...opts.headersOf?.(i), 'content-length': String(bytes.length) },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (measured) {
              const end = performance.now();
              fromSend[answered] = end - sent;
              latencies[answered++] = end - scheduled;
              if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
            }
            done();
          });
        },
      );
      req.on('error', () => {
        if (measured) errors++;
        done();
      });
      req.end(bytes);
    };
    const start = performance.now() + 20;
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * period <= now) {
        send(next, start + next * period);
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * period - performance.now()));
    };
    setTimeout(tick, 20);
  });
  agent.destroy();
  const sorted = Array.from(latencies.subarray(0, answered)).sort((a, b) => a - b);
  const sortedSent = Array.from(fromSend.subarray(0, answered)).sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    offered: total - warmup,
    answered,
    rps: Math.round(answered / opts.seconds),
    ...latencySummary(sorted),
    sentP95: round1(percentile(sortedSent, 95)),
    sendLateP99: round1(percentile(late, 99)),
    maxInFlight,
    errors,
    non2xx,
    sorted,
  };
}

export function printTable(rows: LoadResult[]) {
  console.log('\n| scenario | requests/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} |`,
    );
  }
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere.
 * Assumes the usual 100 clock ticks a second.
 */
export function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
