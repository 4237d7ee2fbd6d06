/** The processes a benchmark measures: which CPUs, which flags, which form, which environment. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/** The repository's root (servers start in it, entry points are named from it). */
export const ROOT = path.resolve(import.meta.dirname, '..');

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

/** Lets processes (all their threads) run on any CPU again, e.g. servers pinned for a throughput comparison. */
export function unpin(pids: (number | undefined)[]): void {
  if (!hasTaskset()) return;
  const all = `0-${os.cpus().length - 1}`;
  for (const pid of pids)
    if (pid !== undefined) execFileSync('taskset', ['-a', '-cp', all, String(pid)], { stdio: 'ignore' });
}

/** Stops server processes (SIGINT: they close as in production) and resolves once each has exited. */
export async function stopProcesses(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done(undefined);
          child.once('exit', done);
          child.kill('SIGINT');
        }),
    ),
  );
}

/** Keeps the load generator (this process) off the servers' CPUs. */
export function pinLoadGenerator(): void {
  const cpus = serverCpus();
  if (!cpus) return;
  const others = os
    .cpus()
    .map((_, i) => String(i))
    .filter((i) => !cpus.split(',').includes(i));
  if (others.length > 0) execFileSync('taskset', ['-cp', others.join(','), String(process.pid)], { stdio: 'ignore' });
}

/**
 * The V8 flags the shop's server runs with (package.json serve and start:prod, Dockerfile), given to
 * every server a benchmark starts, baselines included: a young generation of 32 MB (default 16), so
 * that short-lived objects (messages, answers) die there instead of being promoted. Chat benchmark,
 * one process: server CPU per message about a quarter lower, p99 15 ms instead of 20-50 ms.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

const SERVER_ENTRY = 'apps/server/src/main.ts';
/** BENCH_SERVER_FORM=source: every server and baseline runs from its TypeScript source through tsx instead. */
const FROM_SOURCE = process.env.BENCH_SERVER_FORM === 'source';
const built = new Set<string>();

/**
 * What node runs for an entry point. Production runs the server as apps/server/build.mjs bundles it
 * (`npm run start:prod`, the Dockerfile), not its source through tsx, and the two differ: loaded
 * side by side on the product grid, the project's process spent about 3 % less CPU per request
 * built, a baseline about 1 % less (docs/performance.md#how-the-benchmarks-run). So the server and every
 * baseline are built by that one script with the same settings (dist/main.js, dist/bench-<name>.js),
 * once per run, and measured in the form production runs.
 */
function runnable(entry: string): string[] {
  if (FROM_SOURCE) return ['--import', 'tsx', path.join(ROOT, entry)];
  if (entry !== SERVER_ENTRY && !/^bench\/[\w-]+\.ts$/.test(entry)) throw new Error(`${entry}: not a server entry`);
  const name = entry === SERVER_ENTRY ? 'main' : `bench-${path.basename(entry, '.ts')}`;
  if (!built.has(name)) {
    const extra = name === 'main' ? [] : [`${name}=../../${entry}`];
    execFileSync(process.execPath, ['apps/server/build.mjs', ...extra], { cwd: ROOT, stdio: 'inherit' });
    built.add(name);
  }
  return [path.join(ROOT, 'apps/server/dist', `${name}.js`)];
}

/**
 * A server's entry point (the shop's or a baseline's, in bench/) in its own process, built as
 * production runs it (runnable), resolved once it prints its '실행 중' line; pinned to `cpus`
 * (default serverCpus(); '' = anywhere).
 */
export async function startNodeProcess(
  entry: string,
  env: Record<string, string>,
  cpus: string = serverCpus(),
): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: extra node flags for the servers, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_CHAT_TRACE: the server records its event loop, CPU, GC and database time per 100 ms.
  if (process.env.BENCH_CHAT_TRACE) extra.push('--import', path.join(ROOT, 'bench/chat-probe.mjs'));
  const node = [process.execPath, ...SERVER_NODE_FLAGS, ...extra, ...runnable(entry)];
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
export function startServerProcess(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  cpus?: string,
): Promise<ChildProcess> {
  return startNodeProcess(SERVER_ENTRY, { ...serverEnv(databaseUrl, port), ...env }, cpus);
}

/** The environment the real server runs with in a benchmark (and a baseline that builds the app too). */
export function serverEnv(databaseUrl: string, port: number): Record<string, string> {
  return {
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
  };
}
