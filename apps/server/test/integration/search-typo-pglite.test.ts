import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers.js';
import { plainSearchUnderTypos, typosOfNames } from '../typo-queries.js';

/**
 * Twenty queries of fifteen typo words each on the embedded PGlite, the database `npm start` runs on
 * (docs/search.md#typos): it runs a statement in the server's own thread and answers without I/O, so
 * the typo readings' statements were one chain of promises during which the server read no other
 * request. A plain search sent meanwhile waited 50 to 110 s, until every typo query had answered.
 * Run on PGlite whatever TEST_DATABASE_URL says.
 */
let server: TestServer;
let typos: string[];

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  try {
    server = await startTestServer();
  } finally {
    if (url !== undefined) process.env.TEST_DATABASE_URL = url;
  }
  typos = await typosOfNames(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('typo queries on the embedded PGlite', () => {
  it("leave another buyer's search fast while they run", async () => {
    const { control, longest } = await plainSearchUnderTypos(server, typos, 0);
    // Generous (a loaded machine): a few hundred ms, 4 s at the most on two busy cores, against
    // 50 to 140 s before.
    expect(longest).toBeLessThan(Math.max(10_000, 40 * control));
  }, 300_000);
});
