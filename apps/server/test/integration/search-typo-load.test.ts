import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synonymIndex } from '../../src/features/products/name-search.js';
import { planWord } from '../../src/features/products/word-plan.js';
import { knownReading } from '../../src/features/products/word-typos.js';
import { startTestServer, type TestServer } from '../helpers.js';
import { nameSearch, plainSearchUnderTypos, typosOfNames } from '../typo-queries.js';

/**
 * Queries made of typo words (docs/search.md#typos): each word no product has starts a typo reading
 * of several lookups, and a query of 200 characters holds dozens of such words. Twenty such queries
 * at once held every other buyer's search for up to 81 s on the embedded database (its own test:
 * search-typo-pglite.test.ts), 15 s here. A search starts four readings at most, the process runs
 * two at once, and the query asking whether any name has every word runs a bounded number of index scans.
 */
let server: TestServer;
/** One-vowel typos of the demo shop's names, each read alone as the word it misspells. */
let typos: string[];

/** A name search's statements sent to PostgreSQL (every connection; not the job queue's polling). */
let statements = 0;
const query = pg.Client.prototype.query;
const textOf = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? ''));

beforeAll(async () => {
  server = await startTestServer();
  typos = await typosOfNames(server);
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (/name_(jamo|loose|chosung)|set_config/u.test(textOf(args[0]))) statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}, 120_000);
afterAll(async () => {
  pg.Client.prototype.query = query;
  await server?.close();
});

describe('a query of typo words', () => {
  it('reads four of its words anew; the fifth, in no name as typed, ends it and is named', async () => {
    const words = typos.slice(0, 15);
    const before = statements;
    const answer = await nameSearch(server, words.join(' '));
    const spent = statements - before;
    expect(answer.results).toEqual([]);
    expect(answer.unmatchedWord).toBe(words[4]);
    const index = await synonymIndex(server.db);
    const read = words.map((w) => knownReading(server.db, planWord(w, index)!, 'all') !== undefined);
    expect(read).toEqual([true, true, true, true, ...Array<boolean>(11).fill(false)]);
    // Its fifteen readings sent 157 search statements; four and a lookup of the fifth as typed, 42.
    expect(spent).toBeLessThan(60);
  });

  it('one of the words not read there is read alone, as the word it misspells', async () => {
    const answer = await nameSearch(server, typos[5]!);
    expect(answer.searchedAs).toBe('similar');
    expect(answer.results.length).toBeGreaterThan(0);
  });

  it("twenty such queries at once leave another buyer's search fast", async () => {
    const { control, longest } = await plainSearchUnderTypos(server, typos, 20);
    // Generous (a loaded machine): it took 15 s held behind the typo readings, under a second now.
    expect(longest).toBeLessThan(Math.max(5000, 30 * control));
  }, 180_000);
});
