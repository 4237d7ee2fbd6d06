/**
 * `npm run bench -- statement`: 거래명세서 PDF timings. A 50-line order (p50/p95 over 40 renders after 5
 * warm-up renders) and a month of 1,000 lines in 100 orders (3 renders), wall and CPU time, the PDFs'
 * sizes and the process's peak RSS. No database: the documents are made from sample data.
 * Writes the PDFs to STATEMENT_OUT (default /tmp/statement-bench) to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  renderMonthlyStatement,
  renderOrderStatement,
  warmUpStatements,
} from '../apps/server/src/features/documents/index.js';
import { sampleMonthlyStatement, sampleOrderStatement } from '../apps/server/src/features/documents/sample.js';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pct = (xs: number[], q: number) => Math.round([...xs].sort((a, b) => a - b)[Math.ceil(xs.length * q) - 1]!);

export async function run(): Promise<void> {
  const out = process.env.STATEMENT_OUT ?? '/tmp/statement-bench';
  mkdirSync(out, { recursive: true });
  const t0 = performance.now();
  await warmUpStatements();
  const first = Math.round(performance.now() - t0);
  const order = sampleOrderStatement(50);
  for (let i = 0; i < 5; i++) await renderOrderStatement(order);
  const wall: number[] = [];
  const cpu: number[] = [];
  let size = 0;
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    const c = cpuMs();
    const pdf = await renderOrderStatement(order);
    wall.push(performance.now() - t);
    cpu.push(cpuMs() - c);
    size = pdf.length;
    if (i === 0) writeFileSync(path.join(out, 'order-50.pdf'), pdf);
  }
  console.log(`statement: first render (fonts, modules) ${first} ms`);
  console.log(
    `statement: 50-line order  wall p50 ${pct(wall, 0.5)} ms p95 ${pct(wall, 0.95)} ms  cpu p50 ${pct(cpu, 0.5)} ms p95 ${pct(cpu, 0.95)} ms  ${Math.round(size / 1024)} KB`,
  );
  const month = sampleMonthlyStatement(1_000, 100);
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const c = cpuMs();
    const pdf = await renderMonthlyStatement(month);
    console.log(
      `statement: month of 1,000 lines  wall ${Math.round(performance.now() - t)} ms  cpu ${Math.round(cpuMs() - c)} ms  ${Math.round(pdf.length / 1024)} KB`,
    );
    if (i === 0) writeFileSync(path.join(out, 'month-1000.pdf'), pdf);
  }
  console.log(`statement: peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; PDFs in ${out}`);
}
