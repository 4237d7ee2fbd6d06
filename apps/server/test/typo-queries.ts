import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { products } from '../src/db/schema.js';
import { call, type TestServer } from './helpers.js';

/**
 * Queries made of typo words (docs/search.md#typos), for the tests of what they cost the shop: each
 * Hangul word of three syllables or more of the shop's names with the vowel of one syllable moved
 * on by one, then by two (기블리 → 긔블리, 기뷸리, …), each of which the search reads as the word it
 * misspells.
 */
export async function typosOfNames(server: TestServer): Promise<string[]> {
  const names = (await server.db.select({ name: products.name }).from(products).orderBy(asc(products.id))).map(
    (r) => r.name,
  );
  const words = [...new Set(names.flatMap((n) => n.split(/[\s()]+/u)).filter((w) => /^[가-힣]{3,}$/u.test(w)))].sort();
  return [1, 2].flatMap((shift) =>
    words.flatMap((w) =>
      [...w].map((_, i) => {
        const code = w.charCodeAt(i) - 0xac00;
        const vowel = Math.floor(code / 28) % 21;
        const moved = 0xac00 + code + (((vowel + shift) % 21) - vowel) * 28;
        return w.slice(0, i) + String.fromCharCode(moved) + w.slice(i + 1);
      }),
    ),
  );
}

export type NameAnswer = { results: unknown[]; unmatchedWord?: string; searchedAs?: string };

/** Page 1 (20 rows) of a name search, as the home grid asks for it. */
export const nameSearch = async (server: TestServer, keyword: string) =>
  (await call(server, 'getProductHome', { searchType: 'name', searchKeyword: keyword, page: 1, size: 20 }))
    .body as unknown as NameAnswer;

/**
 * How long a plain search ('패드', 20 rows) takes alone (the median of five), and the longest it took
 * while twenty queries of fifteen typo words each, none read before, ran at once (from `first` on).
 */
export async function plainSearchUnderTypos(server: TestServer, typos: string[], first: number) {
  const plain = async () => {
    const t = performance.now();
    const answer = await nameSearch(server, '패드');
    expect(answer.results).toHaveLength(20);
    return performance.now() - t;
  };
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) alone.push(await plain());
  const pool = typos.length - first;
  const odd = Array.from({ length: 20 }, (_, i) =>
    Array.from({ length: 15 }, (_, j) => typos[first + (((i * 15 + j) * 7) % pool)]).join(' '),
  );
  let running = true;
  const loaded = (async () => {
    await new Promise((r) => setTimeout(r, 300));
    const ms: number[] = [];
    do ms.push(await plain());
    while (running);
    return ms;
  })();
  const answers = await Promise.all(odd.map((q) => nameSearch(server, q)));
  running = false;
  const during = await loaded;
  expect(answers.every((a) => a.results.length === 0)).toBe(true);
  return { control: alone.sort((a, b) => a - b)[2]!, longest: Math.max(...during) };
}
