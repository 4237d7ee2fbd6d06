// `node bench/chat-trace.mjs <folder>`: reads a chat benchmark trace (BENCH_CHAT_TRACE=<folder>)
// and prints, per target and per 100 ms of its rounds, the messages sent then and their delivery
// latency (p50, max), beside what the driver and the server(s) did in that 100 ms: the driver's
// event loop delay and lateness, the server's event loop delay, CPU, GC and database statements.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const every = Number(process.argv[3] ?? 1); // print every n-th bucket
const files = fs.readdirSync(dir);
const servers = new Map(
  files
    .filter((f) => f.startsWith('server-'))
    .map((f) => [Number(f.slice(7, -5)), JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))]),
);
const pct = (a, p) => (a.length ? a[Math.min(a.length - 1, Math.ceil((p / 100) * a.length) - 1)] : NaN);
for (const f of files.filter((f) => f.startsWith('driver-'))) {
  const d = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  if (d.receipts.length === 0) continue;
  const start = Math.min(...d.receipts.map((r) => r[0]));
  const end = Math.max(...d.receipts.map((r) => r[0] + r[1]));
  const B = 100;
  const n = Math.ceil((end - start) / B) + 1;
  const rows = Array.from({ length: n }, () => ({
    lat: [],
    drvLoop: 0,
    behind: 0,
    loop: 0,
    cpu: 0,
    gc: 0,
    q: 0,
    qms: 0,
    qmax: 0,
    wait: 0,
  }));
  const at = (t) => Math.floor((t - start) / B);
  for (const [t, l] of d.receipts) rows[at(t)]?.lat.push(l);
  for (const [t, loop, behind] of d.driver) {
    const r = rows[at(t)];
    if (!r) continue;
    r.drvLoop = Math.max(r.drvLoop, loop);
    r.behind = Math.max(r.behind, behind);
  }
  const texts = new Map();
  for (const pid of d.pids) {
    for (const b of servers.get(pid) ?? []) {
      const r = rows[at(b.t)];
      if (!r) continue;
      r.loop = Math.max(r.loop, b.loopMaxMs);
      r.cpu += b.cpuMs;
      r.gc += b.gcMs;
      r.q += b.queries;
      r.qms += b.queryMs;
      r.qmax = Math.max(r.qmax, b.queryMaxMs);
      r.wait = Math.max(r.wait, b.waiting);
      for (const [k, [c, ms]] of Object.entries(b.byText)) {
        const s = texts.get(k) ?? [0, 0];
        s[0] += c;
        s[1] += ms;
        texts.set(k, s);
      }
    }
  }
  const all = d.receipts.map((r) => r[1]).sort((a, b) => a - b);
  console.log(
    `\n== ${d.name}: ${all.length} receipts, p50/p95/p99/max ${[50, 95, 99, 100].map((p) => pct(all, p).toFixed(1)).join(' / ')} ms`,
  );
  console.log('t(s)  rcpt  p50    max   | drvLoop behind | srvLoop cpu  gc  | queries avgms maxms poolWait');
  rows.forEach((r, i) => {
    if (i % every) return;
    r.lat.sort((a, b) => a - b);
    console.log(
      `${((i * B) / 1000).toFixed(1).padStart(5)} ${String(r.lat.length).padStart(5)} ${pct(r.lat, 50).toFixed(1).padStart(6)} ${(r.lat.at(-1) ?? NaN).toFixed(1).padStart(7)} | ` +
        `${r.drvLoop.toFixed(0).padStart(6)} ${r.behind.toFixed(0).padStart(6)} | ${r.loop.toFixed(0).padStart(6)} ${r.cpu.toFixed(0).padStart(4)} ${r.gc.toFixed(0).padStart(3)} | ` +
        `${String(r.q).padStart(6)} ${(r.q ? r.qms / r.q : 0).toFixed(1).padStart(6)} ${r.qmax.toFixed(0).padStart(5)} ${String(r.wait).padStart(5)}`,
    );
  });
  console.log('statements in the rounds (count, total ms):');
  for (const [k, [c, ms]] of [...texts].sort((a, b) => b[1][1] - a[1][1]).slice(0, 12))
    console.log(`  ${String(c).padStart(6)} ${ms.toFixed(0).padStart(7)}  ${k}`);
}
