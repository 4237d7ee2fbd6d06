// Preloaded into a server under the chat benchmark when BENCH_CHAT_TRACE names a folder
// (`node --import ./bench/chat-probe.mjs ...`): per 100 ms of wall time it records the event loop's
// delay (max and p99), CPU time, garbage collection pauses, and the database statements that
// finished (count, time from the call to the answer, the slowest, and the pool's waiting queue).
// Written as JSON to <folder>/server-<pid>.json when the process exits. Plain JavaScript so that it
// loads before tsx; it changes nothing the server does.
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';

const dir = process.env.BENCH_CHAT_TRACE;
if (dir) {
  const BUCKET_MS = 100;
  const buckets = [];
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let cpu = process.cpuUsage();
  let current = fresh();
  function fresh() {
    return { t: Date.now(), queries: 0, queryMs: 0, queryMaxMs: 0, waiting: 0, gcMs: 0, byText: {} };
  }
  const pools = new Set();
  setInterval(() => {
    const c = process.cpuUsage();
    current.end = Date.now();
    current.cpuMs = (c.user - cpu.user + c.system - cpu.system) / 1000;
    cpu = c;
    current.loopMaxMs = delay.max / 1e6;
    current.loopP99Ms = delay.percentile(99) / 1e6;
    delay.reset();
    for (const p of pools) current.waiting = Math.max(current.waiting, p.waitingCount);
    buckets.push(current);
    current = fresh();
  }, BUCKET_MS).unref();

  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) current.gcMs += e.duration;
  }).observe({ entryTypes: ['gc'] });

  // Time from the pool's query call to its answer (waiting for a connection included).
  const poolQuery = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (config, values, cb) {
    pools.add(this);
    const text = typeof config === 'string' ? config : (config?.name ?? config?.text ?? '?');
    const label = String(text).replace(/\s+/g, ' ').slice(0, 60);
    const t0 = performance.now();
    const done = () => {
      const ms = performance.now() - t0;
      current.queries++;
      current.queryMs += ms;
      current.queryMaxMs = Math.max(current.queryMaxMs, ms);
      const s = (current.byText[label] ??= [0, 0]);
      s[0]++;
      s[1] += ms;
    };
    const r = poolQuery.call(this, config, values, cb);
    if (r && typeof r.then === 'function') r.then(done, done);
    return r;
  };
  // Transactions take a client of their own: count their statements too.
  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (...args) {
    pools.add(this);
    return connect.apply(this, args);
  };

  process.on('exit', () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `server-${process.pid}.json`), JSON.stringify(buckets));
  });
}
