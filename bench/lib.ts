import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..');

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

/**
 * The CPUs the servers under test run on (BENCH_SERVER_CPUS, default: the last CPU; '' = anywhere).
 * Servers compared with each other run pinned to the same CPUs and the load generator to another
 * (pinLoadGenerator), so that where the scheduler happens to place each process favours none of
 * them: unpinned, two identical servers measured 0.8-1.3 of each other on the 2-core machine.
 */
export function serverCpus(): string {
  if (process.env.BENCH_SERVER_CPUS !== undefined) return process.env.BENCH_SERVER_CPUS;
  const n = os.cpus().length;
  return n >= 2 && hasTaskset() ? String(n - 1) : '';
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Keeps the load generator (this process) off the servers' CPUs. */
export function pinLoadGenerator(): void {
  const cpus = serverCpus();
  if (!cpus) return;
  const others = os.cpus().map((_, i) => String(i)).filter((i) => !cpus.split(',').includes(i));
  if (others.length > 0) execFileSync('taskset', ['-cp', others.join(','), String(process.pid)], { stdio: 'ignore' });
}

/** A TypeScript entry point in its own process, resolved once it prints its '실행 중' line. */
export async function startNodeProcess(entry: string, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: extra node flags for the servers, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_CHAT_TRACE: the server records its event loop, CPU, GC and database time per 100 ms.
  if (process.env.BENCH_CHAT_TRACE) extra.push('--import', path.join(ROOT, 'bench/chat-probe.mjs'));
  const node = [process.execPath, ...extra, '--import', 'tsx', path.join(ROOT, entry)];
  const cpus = serverCpus();
  const pinned = cpus ? ['taskset', '-c', cpus, ...node] : node;
  const child = spawn(pinned[0]!, pinned.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start in 60 s`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('실행 중')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return child;
}

/**
 * The real server in its own process (so the load generator does not share its event loop), in
 * production mode (no dev outbox, no docs); its simulated gateway and SMS are switched on by name.
 */
export function startServerProcess(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  return startNodeProcess('apps/server/src/main.ts', {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Production mode (no dev outbox, no docs); its simulated gateway and SMS are switched on by name.
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    // Several processes on one Redis sign sandbox links with one shared key (production refuses without it).
    PAYMENT_SANDBOX_SECRET: 'bench-sandbox-secret',
    ALLOW_CONSOLE_SMS: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DB_POOL_MAX: '16',
    ...env,
  });
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

function percentile(sorted: number[], p: number): number {
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

export function printTable(rows: LoadResult[]) {
  console.log('\n| scenario | requests/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.rps} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} |`);
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
