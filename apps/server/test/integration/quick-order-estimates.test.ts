import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * api/resolveQuickOrder reads an estimate by its columns (docs/search.md#paste-anything), says which
 * columns it read, and takes the buyer's correction.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const PDF = [
  '1  42215489599  BMW 엔진오일 필터  2  21,700  43,400',
  '2  A2295938783  벤츠 엔진오일 필터  2  19,800  39,600',
].join('\n');

describe('quick order of an estimate', () => {
  it('reads a PDF estimate line by its columns: the part number, not the line number, and the quantity', async () => {
    const res = await call(server, 'resolveQuickOrder', { text: PDF }, { token });
    expect(res.status).toBe(200);
    const rows = res.body.results as { line: number; partNumber: string; qty: number; status: string }[];
    expect(rows.map((r) => [r.line, r.partNumber, r.qty, r.status])).toEqual([
      [1, '42215489599', 2, 'exact'],
      [2, 'A2295938783', 2, 'exact'],
    ]);
    expect((res.body as { columns?: unknown }).columns).toEqual({
      roles: ['line', 'part', 'name', 'qty', 'price', 'amount'],
      header: false,
    });
  });

  it('takes the buyer’s correction of the columns', async () => {
    const res = await call(
      server,
      'resolveQuickOrder',
      { text: PDF, columns: ['qty', 'part', 'name', 'other', 'other', 'other'] },
      { token },
    );
    expect(res.status).toBe(200);
    const rows = res.body.results as { partNumber: string; qty: number }[];
    expect(rows.map((r) => [r.partNumber, r.qty])).toEqual([
      ['42215489599', 1],
      ['A2295938783', 2],
    ]);
  });

  it('refuses a column role it does not know with a Korean message, changing nothing', async () => {
    const res = await call(server, 'resolveQuickOrder', { text: PDF, columns: ['part', 'bogus'] as never }, { token });
    expect(res.status).toBe(400);
  });
});
