/** The processes a benchmark measures: which CPUs, which flags, which form, which environment. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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
 * What node runs for an entry point of the checkout at `root` (default this one). Production runs the
 * server as apps/server/build.mjs bundles it (`npm run start:prod`, the Dockerfile), not its source
 * through tsx, and the two differ: loaded side by side on the product grid, the project's process
 * spent about 3 % less CPU per request built, a baseline about 1 % less
 * (docs/performance.md#how-the-benchmarks-run). So the server and every baseline are built by that
 * checkout's own script with the same settings (dist/main.js, dist/bench-<name>.js), once per run,
 * and measured in the form production runs.
 */
function runnable(entry: string, root: string = ROOT): string[] {
  if (FROM_SOURCE) return ['--import', 'tsx', path.join(root, entry)];
  if (entry !== SERVER_ENTRY && !/^bench\/[\w-]+\.ts$/.test(entry)) throw new Error(`${entry}: not a server entry`);
  const name = entry === SERVER_ENTRY ? 'main' : `bench-${path.basename(entry, '.ts')}`;
  if (!built.has(path.join(root, name))) {
    const extra = name === 'main' ? [] : [`${name}=../../${entry}`];
    execFileSync(process.execPath, ['apps/server/build.mjs', ...extra], { cwd: root, stdio: 'inherit' });
    built.add(path.join(root, name));
  }
  return [path.join(root, 'apps/server/dist', `${name}.js`)];
}

/**
 * A server's entry point (the shop's or a baseline's, in bench/) in its own process, built as
 * production runs it (runnable), resolved once it prints its '실행 중' line; pinned to `cpus`
 * (default serverCpus(); '' = anywhere). `root`: the checkout it is run from (default this one; an
 * earlier commit's from prepareCheckout: its own entry, its own build, its own code).
 */
export async function startNodeProcess(
  entry: string,
  env: Record<string, string>,
  cpus: string = serverCpus(),
  root: string = ROOT,
): Promise<ChildProcess> {
  return spawnServer(root === ROOT ? entry : `${entry} of ${root}`, runnable(entry, root), root, env, cpus);
}

/** Node with the servers' flags on `args` in `cwd`, resolved once it prints its '실행 중' line. */
async function spawnServer(
  label: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  cpus: string,
): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: extra node flags for the servers, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_CHAT_TRACE: the server records its event loop, CPU, GC and database time per 100 ms.
  if (process.env.BENCH_CHAT_TRACE) extra.push('--import', path.join(ROOT, 'bench/chat-probe.mjs'));
  const node = [process.execPath, ...SERVER_NODE_FLAGS, ...extra, ...args];
  const pinned = cpus ? ['taskset', '-c', cpus, ...node] : node;
  const child = spawn(pinned[0]!, pinned.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start in 60 s`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('실행 중')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
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

/**
 * Every server's pool in a comparison with bare servers (BENCH_DB_POOL_MAX, default the shop's 16):
 * four or five servers hold 64-80 connections for a whole run, so a run beside other users of one
 * PostgreSQL may size them all down alike.
 */
export const BENCH_POOL_MAX = process.env.BENCH_DB_POOL_MAX || '16';
/** A bare server's environment: the database and the shop's pool size, nothing else. */
export const bareServerEnv = (url: string, port: number) => ({
  DATABASE_URL: url,
  PORT: String(port),
  DB_POOL_MAX: BENCH_POOL_MAX,
});
/** What the shop's server (this commit's or an earlier one's) runs with beside serverEnv against a bare server: no answer cache. */
export const CACHE_OFF_ENV = { PRODUCT_LIST_CACHE_MS: '0', DB_POOL_MAX: BENCH_POOL_MAX };

/**
 * The shop as another commit had it (BENCH_BEFORE, docs/performance.md#product-grid), ready to be
 * started by startCheckoutServer: its files from `git archive` in a folder of their own in the
 * system's temporary folder (kept: a later run reuses it), its packages, and its server built by its
 * own apps/server/build.mjs. Its packages are this checkout's, linked, when every package its
 * lockfile installs is locked here at the same version and integrity (a later commit that only added
 * packages); else `npm ci` installs its own. Returns the folder.
 */
export function prepareCheckout(commit: string): string {
  const hash = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
  const dir = path.join(os.tmpdir(), `partsmall-checkout-${hash.trim()}`);
  if (fs.existsSync(path.join(dir, 'apps/server/dist/main.js'))) {
    built.add(path.join(dir, 'main'));
    return dir;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', 'git archive "$1" | tar -x -C "$2"', 'sh', hash.trim(), dir], { cwd: ROOT });
  if (samePackages(dir)) linkPackages(dir);
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: dir, stdio: 'inherit' });
  built.add(path.join(dir, 'main'));
  return dir;
}

type Locked = Record<string, { version?: string; integrity?: string; link?: boolean }>;
const lockedIn = (dir: string): Locked =>
  (JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Locked }).packages;

/** Whether every package `dir`'s lockfile installs (workspace links aside) is locked here the same. */
function samePackages(dir: string): boolean {
  const here = lockedIn(ROOT);
  return Object.entries(lockedIn(dir)).every(
    ([where, p]) =>
      !where.includes('node_modules/') ||
      p.link === true ||
      (here[where]?.version === p.version && here[where]?.integrity === p.integrity),
  );
}

/**
 * `dir`'s node_modules of links to this checkout's packages, the workspaces' own folders excepted: a
 * workspace link (relative, e.g. @partsmall/contract -> ../../packages/contract) is made again as it
 * is, so that it names the checkout's own workspace. A workspace's own node_modules is linked whole.
 */
function linkPackages(dir: string): void {
  const link = (name: string) => {
    const source = path.join(ROOT, 'node_modules', name);
    const relative = fs.lstatSync(source).isSymbolicLink() && !path.isAbsolute(fs.readlinkSync(source));
    fs.symlinkSync(relative ? fs.readlinkSync(source) : source, path.join(dir, 'node_modules', name));
  };
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (!name.startsWith('@')) link(name);
    else {
      fs.mkdirSync(path.join(dir, 'node_modules', name));
      for (const inner of fs.readdirSync(path.join(ROOT, 'node_modules', name))) link(`${name}/${inner}`);
    }
  }
  const { workspaces = [] } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    workspaces?: string[];
  };
  for (const ws of workspaces)
    if (fs.existsSync(path.join(ROOT, ws, 'node_modules')) && fs.existsSync(path.join(dir, ws)))
      fs.symlinkSync(path.join(ROOT, ws, 'node_modules'), path.join(dir, ws, 'node_modules'));
}

/**
 * The shop's server of a checkout made by prepareCheckout, started as startServerProcess starts this
 * one (same flags, environment and pinning; BENCH_SERVER_FORM=source: from its TypeScript).
 */
export function startCheckoutServer(
  dir: string,
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  cpus: string = serverCpus(),
): Promise<ChildProcess> {
  return startNodeProcess(SERVER_ENTRY, { ...serverEnv(databaseUrl, port), ...env }, cpus, dir);
}
