/**
 * `npm run bench -- bank-file` (docs/performance.md#bank-files): staff import a bank file of
 * BENCH_BANK_LINES (10,000, the most a file may hold) lines (`importDeposits`, the route's own
 * function, in this process, on PostgreSQL). Each round imports three files, each of its own day:
 * different depositors and amounts (the baseline), one depositor and amount on every line (the
 * project: each line's twin check, docs/requirements.md#credit-deposits), and different ones again
 * (the control, whose distance from the baseline is the run's noise). Goal: a file of equal lines
 * imports at least 0.67 as many lines a second as one of different lines (before the twin check
 * counted the typed deposits first: 0.23).
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { members } from '../apps/server/src/db/schema.js';
import { importDeposits, type FileDeposit } from '../apps/server/src/features/deposits/index.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { freshBenchDatabase, judgeRatio, verdictCell } from './lib.js';

const LINES = Number(process.env.BENCH_BANK_LINES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_BANK_ROUNDS ?? 2);
const GOAL = 0.67;

/** A file of `lines` lines on one Seoul day: every line the same, or each its own depositor and amount. */
function bankFile(day: string, lines: number, equal: boolean): FileDeposit[] {
  return Array.from({ length: lines }, (_, i) => ({
    line: i + 2,
    depositedAt: new Date(Date.parse(`${day}T09:00:00+09:00`) + i * 1000).toISOString(),
    depositorName: equal ? '홍길동' : `입금자${i}`,
    amount: equal ? 50_000 : 50_000 + i,
  }));
}

export async function run() {
  const url = await freshBenchDatabase(process.env.BENCH_BANK_DB ?? 'pm_bench_bank_file');
  const { db, close } = await openDatabase(url, '');
  await seedDemo(db);
  const [staff] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, 'staff@partsmall.kr'));
  const figures = { bare: [] as number[], project: [] as number[], control: [] as number[] };
  let day = 0;
  const linesPerSecond = async (equal: boolean) => {
    day += 1;
    const file = bankFile(`2026-10-${String(day).padStart(2, '0')}`, LINES, equal);
    const t0 = performance.now();
    const counts = await importDeposits(db, file, staff!.id);
    const seconds = (performance.now() - t0) / 1000;
    if (counts.applied + counts.review !== LINES) throw new Error(`imported ${JSON.stringify(counts)} of ${LINES}`);
    return LINES / seconds;
  };
  for (let round = 0; round < ROUNDS; round++) {
    figures.bare.push(await linesPerSecond(false));
    figures.project.push(await linesPerSecond(true));
    figures.control.push(await linesPerSecond(false));
    console.log(
      `round ${round + 1}: different ${figures.bare.at(-1)!.toFixed(0)}, equal ${figures.project.at(-1)!.toFixed(0)}, different again ${figures.control.at(-1)!.toFixed(0)} lines/s`,
    );
  }
  const judged = judgeRatio(figures, 1, ROUNDS, GOAL);
  console.log(
    `\nbank file of ${LINES} lines: equal / different lines ${judged.ratio.toFixed(2)} (control ${judged.control.toFixed(2)}), goal ≥ ${GOAL}: ${verdictCell(judged.spread, judged.verdict)}`,
  );
  if (!judged.verdict.met) process.exitCode = 1;
  await close();
}
