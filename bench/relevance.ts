import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.js';
import { searchProducts } from '../apps/server/src/features/products/service.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { addSuiteXrefs, formatScores, loadSuite, runSuite } from '../apps/server/test/relevance/suite.js';
import { freshBenchDatabase } from './lib.js';

/**
 * `npm run bench -- relevance`: the relevance suite of the one search box (docs/search.md#relevance-suite)
 * on a fresh demo shop, through the grid's own search (searchProducts, as api/getProductHome runs it):
 * hit@1, hit@5 and the zero-result rate per kind of query, then every query that missed and what
 * came up instead. BENCH_RELEVANCE_TIMES=1 adds each query's time.
 */
export async function run() {
  const url = await freshBenchDatabase('bench_relevance');
  const database = await openDatabase(url, '');
  try {
    const { db } = database;
    await seedDemo(db, { uploadDir: path.join(os.tmpdir(), 'bench-relevance-uploads') });
    const suite = loadSuite();
    await addSuiteXrefs(db, suite);
    const times: number[] = [];
    const { kinds, overall, misses } = await runSuite(suite, async (q) => {
      const started = performance.now();
      const { rows } = await searchProducts(db, {
        searchType: q.mode ?? 'name',
        keyword: q.q,
        page: 1,
        size: 10,
      });
      times.push(performance.now() - started);
      return rows.map((r) => r.pid);
    });
    console.log(`relevance suite: ${suite.queries.length} queries over the demo shop`);
    console.log(formatScores(kinds, overall));
    for (const m of misses)
      console.log(
        `miss ${m.kind} '${m.q}': got ${m.got.join(' ') || '(nothing)'}; want ${m.want === 'none' ? 'nothing' : m.want.join(' ')}`,
      );
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(`time per query (one at a time, demo shop): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  } finally {
    await database.close();
  }
}
