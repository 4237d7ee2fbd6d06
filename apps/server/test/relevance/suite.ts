/**
 * The relevance suite of the one search box (docs/search.md#relevance-suite): queries.json holds
 * queries as buyers type them over the demo shop, each with the products (by OE number) that must
 * come in the top five, or `none`. Scored the same way by the integration test (through the API, at
 * a threshold) and by `npm run bench -- relevance` (which prints every kind).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alphaNumber } from '@partsmall/contract';
import type { Db } from '../../src/db/client.js';
import { partXrefs } from '../../src/features/products/schema.js';

export interface RelevanceQuery {
  /** What kind of query it is (numbers in name mode, typo, vehicle + part …): scores are per kind. */
  kind: string;
  q: string;
  /** The search type the box was set to; name (the default) when absent. */
  mode?: 'pid';
  /**
   * The products that may answer it (OE numbers): up to five must all be in the top five; of more,
   * the top five must all be among them. The first result must be one of them (hit@1).
   */
  only?: string[];
  /** Nothing may come up. */
  none?: true;
}

export interface RelevanceSuite {
  /** Staff cross-references the suite adds to the demo shop: aftermarket numbers interchangeable with OE numbers. */
  xrefs: { pid: string; toPid: string }[];
  queries: RelevanceQuery[];
}

export function loadSuite(): RelevanceSuite {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'queries.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RelevanceSuite;
}

/** Adds the suite's cross-references (the closure is kept by the table's triggers). */
export async function addSuiteXrefs(db: Db, suite: RelevanceSuite): Promise<void> {
  if (suite.xrefs.length === 0) return;
  await db
    .insert(partXrefs)
    .values(
      suite.xrefs.map((x) => ({
        pid: x.pid,
        pidKey: alphaNumber(x.pid),
        toPid: x.toPid,
        toKey: alphaNumber(x.toPid),
        kind: 'interchangeable' as const,
        remark: 'relevance suite',
      })),
    )
    .onConflictDoNothing();
}

export interface Score {
  kind: string;
  queries: number;
  hit1: number;
  hit5: number;
  /** Queries that found nothing, and of them those where the suite expects something. */
  zero: number;
  wrongZero: number;
}

export interface Miss {
  kind: string;
  q: string;
  got: string[];
  want: string[] | 'none';
}

/** Whether a query's answer (OE numbers, best first) hits at 1 and at 5. */
export function judge(query: RelevanceQuery, got: string[]): { hit1: boolean; hit5: boolean } {
  if (query.none) return { hit1: got.length === 0, hit5: got.length === 0 };
  const only = new Set(query.only ?? []);
  const top = got.slice(0, 5);
  const hit1 = got.length > 0 && only.has(got[0]!);
  const hit5 =
    only.size <= 5
      ? [...only].every((pid) => top.includes(pid))
      : top.length === 5 && top.every((pid) => only.has(pid));
  return { hit1, hit5 };
}

/** Runs every query through `search` (the OE numbers of its answer, best first) and scores each kind. */
export async function runSuite(
  suite: RelevanceSuite,
  search: (q: RelevanceQuery) => Promise<string[]>,
): Promise<{ kinds: Score[]; overall: Score; misses: Miss[] }> {
  const byKind = new Map<string, Score>();
  const overall: Score = { kind: 'all', queries: 0, hit1: 0, hit5: 0, zero: 0, wrongZero: 0 };
  const misses: Miss[] = [];
  for (const query of suite.queries) {
    const got = await search(query);
    const { hit1, hit5 } = judge(query, got);
    let score = byKind.get(query.kind);
    if (!score)
      byKind.set(query.kind, (score = { kind: query.kind, queries: 0, hit1: 0, hit5: 0, zero: 0, wrongZero: 0 }));
    for (const s of [score, overall]) {
      s.queries++;
      if (hit1) s.hit1++;
      if (hit5) s.hit5++;
      if (got.length === 0) s.zero++;
      if (got.length === 0 && !query.none) s.wrongZero++;
    }
    if (!hit5 || !hit1)
      misses.push({
        kind: query.kind,
        q: query.q,
        got: got.slice(0, 5),
        want: query.none ? 'none' : (query.only ?? []),
      });
  }
  return { kinds: [...byKind.values()], overall, misses };
}

/** A table of the scores: hit@1, hit@5 and the zero-result rate per kind. */
export function formatScores(kinds: Score[], overall: Score): string {
  const rate = (n: number, of: number) => (of === 0 ? '-' : (n / of).toFixed(3));
  const lines = ['kind                     queries  hit@1  hit@5  zero   zero-unexpected'];
  for (const s of [...kinds, overall])
    lines.push(
      `${s.kind.padEnd(24)} ${String(s.queries).padStart(7)}  ${rate(s.hit1, s.queries)}  ${rate(s.hit5, s.queries)}  ${rate(s.zero, s.queries)}  ${s.wrongZero}`,
    );
  return lines.join('\n');
}
