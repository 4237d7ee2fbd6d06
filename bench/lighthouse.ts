import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, devices, type BrowserContext } from 'playwright-core';
import { freshBenchDatabase, median, ROOT } from './lib.js';

/**
 * `npm run bench -- lighthouse`: builds the web app, starts the real server (production mode, demo
 * shop seeded) on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one) or, with
 * LIGHTHOUSE_DB=embedded, on the embedded database, and then
 *  1. runs Lighthouse (mobile profile, simulated slow 4G and 4x CPU) LIGHTHOUSE_RUNS times (3) on
 *     /home, /login and /productDetail/1 in interleaved rounds and reports the median;
 *  2. counts the bytes a first and a repeat visit of /home transfer in Debian's Chromium;
 *  3. reports the JavaScript and CSS of the home route raw, gzip and brotli (the build's own copies).
 * The machine has Noto Sans CJK KR installed (fonts-noto-cjk), as Android phones do, so the font
 * faces' local() sources find it and no font file is downloaded. /home is measured a second time
 * with Chromium's fontconfig blind to Noto Sans CJK: a device without that font (iPhone, most
 * Windows PCs) downloads the unicode-range slices its page shows.
 *
 * Lighthouse 13 needs Node 22+ and is no dependency of the project (CI never installs it): on first
 * use it is installed with Node 24 from the npm registry into bench/.tools/lighthouse (git-ignored).
 * It drives Debian's Chromium (CHROMIUM_PATH); nothing downloads a browser of its own.
 */
const TOOLS = path.join(ROOT, 'bench/.tools/lighthouse');
const TOOL_VERSIONS = { lighthouse: '13.5.0', node: '^24.0.0' };
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** LIGHTHOUSE_ROUTES=/home,/login measures only those (while working on one page). */
const ROUTES = process.env.LIGHTHOUSE_ROUTES
  ? process.env.LIGHTHOUSE_ROUTES.split(',')
  : ['/home', '/login', '/productDetail/1'];
/** LIGHTHOUSE_QUICK=true: only the Lighthouse table (no font-less /home, no visit bytes, no bundle table). */
const QUICK = process.env.LIGHTHOUSE_QUICK === 'true';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3910);
const BASE = `http://127.0.0.1:${PORT}`;

/**
 * A fontconfig that hides Noto Sans CJK from Chromium: a device that has a Korean system font (here
 * Noto Serif CJK KR stands in for Apple SD Gothic Neo or Malgun Gothic) but not the shop's font.
 */
function noCjkFontsEnv(): NodeJS.ProcessEnv {
  const file = path.join(TOOLS, 'no-cjk-fonts.conf');
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <selectfont><rejectfont><glob>*NotoSansCJK*</glob></rejectfont></selectfont>\n</fontconfig>\n`,
  );
  return { ...process.env, FONTCONFIG_FILE: file };
}

export async function run() {
  const tools = ensureTools();
  console.log('building the web app (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bench-lh-'));
  const embedded = process.env.LIGHTHOUSE_DB === 'embedded';
  const databaseUrl = embedded ? '' : await freshBenchDatabase('pm_bench_lighthouse');
  const server = await startShop(databaseUrl, dataDir);
  try {
    console.log(
      `server: ${BASE} on ${embedded ? 'the embedded database' : 'PostgreSQL'}; Lighthouse ${TOOL_VERSIONS.lighthouse}, ${RUNS} run(s) per route\n`,
    );
    const noFont = noCjkFontsEnv();
    const cases = [
      ...ROUTES.map((route) => ({ label: route, route, env: process.env })),
      ...(QUICK ? [] : [{ label: '/home, without Noto Sans KR installed', route: '/home', env: noFont }]),
    ];
    const results = new Map<string, LighthouseRun[]>(cases.map((c) => [c.label, []]));
    for (let round = 0; round < RUNS; round++) {
      // Interleaved: each round visits every route, so a busy moment of the machine hits all of them.
      for (const c of cases)
        results
          .get(c.label)!
          .push(lighthouse(tools, c.route, `${c.label === c.route ? '' : 'nofont-'}${round + 1}`, c.env));
    }
    printLighthouse(results);
    if (!QUICK) await printVisits(noFont);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!QUICK) printHomeBundle();
}

interface Tools {
  node: string;
  cli: string;
}

/** Node 24 and Lighthouse in a folder of their own, installed once from the npm registry. */
function ensureTools(): Tools {
  const tools = {
    node: path.join(TOOLS, 'node_modules/.bin/node'),
    cli: path.join(TOOLS, 'node_modules/lighthouse/cli/index.js'),
  };
  const manifest = JSON.stringify(
    { private: true, description: 'bench/lighthouse.ts tools (git-ignored)', dependencies: TOOL_VERSIONS },
    null,
    2,
  );
  const manifestFile = path.join(TOOLS, 'package.json');
  const current = fs.existsSync(manifestFile) && fs.readFileSync(manifestFile, 'utf8') === manifest;
  if (current && fs.existsSync(tools.node) && fs.existsSync(tools.cli)) return tools;
  console.log(
    `installing Lighthouse ${TOOL_VERSIONS.lighthouse} and Node ${TOOL_VERSIONS.node} into ${path.relative(ROOT, TOOLS)} (once)...`,
  );
  fs.mkdirSync(TOOLS, { recursive: true });
  fs.writeFileSync(path.join(TOOLS, '.gitignore'), '*\n');
  fs.writeFileSync(manifestFile, manifest);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], {
    cwd: TOOLS,
    stdio: 'inherit',
    // puppeteer-core never downloads a browser; the switches make sure nothing else does either.
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: 'true', PUPPETEER_SKIP_CHROMIUM_DOWNLOAD: 'true' },
  });
  if (install.status !== 0 || !fs.existsSync(tools.node) || !fs.existsSync(tools.cli))
    throw new Error('installing Lighthouse failed');
  return tools;
}

/** The real server in its own process, production mode, demo shop seeded. */
async function startShop(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      NODE_ENV: 'production',
      // Production refuses the simulated gateway and SMS unless they are switched on by name.
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_CONSOLE_SMS: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`))),
  );
  const ready = (async () => {
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`${BASE}/robots.txt`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('server did not start in 60 s');
  })();
  await Promise.race([ready, exited]);
  return child;
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  /** Lighthouse's measure of the machine's speed at that moment (lower = busier); the 2-core machine is shared. */
  benchmarkIndex: number;
  failedA11y: string[];
}

function lighthouse(tools: Tools, route: string, tag: string, env: NodeJS.ProcessEnv): LighthouseRun {
  try {
    return lighthouseOnce(tools, route, tag, env);
  } catch (e) {
    // On the busy shared machine Lighthouse now and then loses the page's trace (NO_NAVSTART): one more try.
    console.error(`${(e as Error).message}; trying once more`);
    return lighthouseOnce(tools, route, tag, env);
  }
}

function lighthouseOnce(tools: Tools, route: string, tag: string, env: NodeJS.ProcessEnv): LighthouseRun {
  const reports = path.join(TOOLS, 'reports');
  fs.mkdirSync(reports, { recursive: true });
  const out = path.join(reports, `${route.replace(/\W+/g, '_').replace(/^_/, '')}-${tag}.json`);
  const res = spawnSync(
    tools.node,
    [
      tools.cli,
      BASE + route,
      '--quiet',
      '--no-enable-error-reporting',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${out}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { env: { ...env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
  );
  if (res.status !== 0) throw new Error(`Lighthouse failed on ${route} (exit ${res.status})`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport;
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const a11y = report.categories.accessibility!;
  return {
    performance: Math.round(report.categories.performance!.score * 100),
    accessibility: Math.round(a11y.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    bytes: audit('total-byte-weight'),
    benchmarkIndex: report.environment.benchmarkIndex,
    failedA11y: a11y.auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

interface LighthouseReport {
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number }>;
}

function printLighthouse(results: Map<string, LighthouseRun[]>) {
  console.log(
    `Lighthouse ${TOOL_VERSIONS.lighthouse}, mobile, median of ${RUNS} run(s) (performance min-max in brackets)\n`,
  );
  console.log(
    '| route | performance | accessibility | FCP s | LCP s | TBT ms | CLS | Speed Index s | KB transferred | benchmark index |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [route, runs] of results) {
    const m = (pick: (r: LighthouseRun) => number) => median(runs.map(pick));
    const perf = runs.map((r) => r.performance);
    console.log(
      `| ${route} | ${m((r) => r.performance)} [${Math.min(...perf)}-${Math.max(...perf)}] | ${m((r) => r.accessibility)} | ${(m((r) => r.fcp) / 1000).toFixed(1)} | ${(m((r) => r.lcp) / 1000).toFixed(1)} | ${Math.round(m((r) => r.tbt))} | ${m((r) => r.cls).toFixed(3)} | ${(m((r) => r.si) / 1000).toFixed(1)} | ${(m((r) => r.bytes) / 1024).toFixed(1)} | ${Math.round(m((r) => r.benchmarkIndex))} |`,
    );
  }
  const failed = [...new Set([...results.values()].flat().flatMap((r) => r.failedA11y))];
  console.log(`\naccessibility audits failed: ${failed.length ? failed.join(', ') : 'none'}`);
}

interface Visit {
  bytes: number;
  requests: number;
  fromCache: number;
  byType: Map<string, number>;
}

/** Bytes on the wire (headers and bodies, as Chromium counts them) of one navigation to /home. */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  const result: Visit = { bytes: 0, requests: 0, fromCache: 0, byType: new Map() };
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) result.fromCache++;
  });
  cdp.on('Network.requestServedFromCache', () => result.fromCache++);
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId) ?? 'Other';
    result.requests++;
    result.bytes += e.encodedDataLength;
    result.byType.set(type, (result.byType.get(type) ?? 0) + e.encodedDataLength);
  });
  // The product list is asked for only once the app runs: wait for it, then for its pictures.
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/getProductHome')), page.goto(url)]);
  await page.waitForLoadState('networkidle');
  await page.close();
  return result;
}

/** A first visit of /home with an empty cache, then a repeat visit (a new navigation) in the same browser. */
async function printVisits(noFont: NodeJS.ProcessEnv) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  const noFontBrowser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS,
    env: noFont as Record<string, string>,
  });
  try {
    console.log('\n/home in Chromium: bytes on the wire (headers included)\n');
    console.log(
      '| visitor | visit | KB | requests | from cache | document | script | stylesheet | font | fetch | image |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const profiles = [
      { name: 'desktop 1280x800', options: { viewport: { width: 1280, height: 800 } }, browser },
      { name: 'phone (Pixel 7)', options: devices['Pixel 7'], browser },
      {
        name: 'desktop, without Noto Sans KR installed',
        options: { viewport: { width: 1280, height: 800 } },
        browser: noFontBrowser,
      },
    ];
    for (const profile of profiles) {
      const context = await profile.browser.newContext({
        ...profile.options,
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      });
      for (const label of ['first', 'repeat']) {
        const v = await visit(context, `${BASE}/home`);
        const kb = (type: string) => ((v.byType.get(type) ?? 0) / 1024).toFixed(1);
        console.log(
          `| ${profile.name} | ${label} | ${(v.bytes / 1024).toFixed(1)} | ${v.requests} | ${v.fromCache} | ${kb('Document')} | ${kb('Script')} | ${kb('Stylesheet')} | ${kb('Font')} | ${kb('Fetch')} | ${kb('Image')} |`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await noFontBrowser.close();
  }
}

/** What index.html makes the home route load, from the build: raw, and the build's gzip and brotli copies. */
function printHomeBundle() {
  const dist = path.join(ROOT, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const fontFaces = fs
    .readdirSync(path.join(dist, 'assets'))
    .find((f) => /\.css$/.test(f) && fs.readFileSync(path.join(dist, 'assets', f), 'utf8').includes('@font-face'));
  const size = (file: string) => {
    const raw = fs.readFileSync(path.join(dist, file));
    const copy = (suffix: string, make: (b: Buffer) => Buffer) =>
      fs.existsSync(path.join(dist, file + suffix))
        ? fs.statSync(path.join(dist, file + suffix)).size
        : make(raw).length;
    return {
      raw: raw.length,
      gzip: copy('.gz', (b) => zlib.gzipSync(b, { level: 9 })),
      br: copy('.br', (b) => zlib.brotliCompressSync(b)),
    };
  };
  const sum = (list: string[]) =>
    list
      .map(size)
      .reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br }), { raw: 0, gzip: 0, br: 0 });
  const rows: [string, string[]][] = [
    ['JavaScript (entry and module preloads)', files.filter((f) => f.endsWith('.js'))],
    ['CSS that blocks the first paint', files.filter((f) => f.endsWith('.css'))],
    ['CSS of the font faces (after start)', fontFaces ? [`/assets/${fontFaces}`] : []],
  ];
  console.log('\nhome route from the build\n');
  console.log('| what | files | raw KB | gzip KB | brotli KB |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [what, list] of rows) {
    const s = sum(list);
    console.log(
      `| ${what} | ${list.length} | ${(s.raw / 1024).toFixed(1)} | ${(s.gzip / 1024).toFixed(1)} | ${(s.br / 1024).toFixed(1)} |`,
    );
  }
}
