import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ADMIN } from '@partsmall/contract';
import { orderLines, orders } from '../../src/db/schema.js';
import { QUICK_ORDER_FILE_MSG } from '../../src/features/quick-order/files.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { MSG_CSV_TOO_HEAVY, MSG_PDF } from '../../src/workers/pools.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { denseSheet, latenciesWhile, p95, sparseSheet, wideSheet } from '../hostile.js';
import { makeCompany, staffSession, type TestCompany } from '../member-helpers.js';
import { KOREA, makeProduct, seoulDayOf, seoulMidnight, seoulToday, TEST_ADDRESS } from '../order-helpers.js';

/**
 * Costly requests an attacker or a busy month can send (docs/security.md#costly-work): spreadsheets
 * built to make the reader do millions of cells of work, a back-office CSV of one 8 MB line, and 20
 * monthly statements at once. While
 * they run, another buyer keeps opening their cart; the 95th percentile of that cheap call must stay
 * low, and the request thread may never be held long at once. The target is 50 ms; the bounds
 * asserted (400 ms, and 2 s for the longest stall) are generous for a loaded two-core machine, and
 * still far below what the same requests cost when the work ran on the request thread (the 23 KB wide
 * sheet alone held every request for 13 s, the CSV for 11 s, 20 statements for up to 10 s at once).
 */
const BOUND_MS = 400;
const STALL_MS = 2000;
/** Orders per company in the period: about 120 rows, a second or so of drawing per statement. */
const ORDERS = 60;

let server: TestServer;
let firms: TestCompany[];
const tokens = new Map<number, string>();
let shopper: string;

const cheap = () => call(server, 'getMallCartInfo', {}, { token: shopper });
const baseline = async () => {
  const ms: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await cheap();
    ms.push(performance.now() - t);
  }
  return p95(ms);
};
const round = (n: number) => Math.round(n);

async function upload(token: string, name: string, data: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const res = await fetch(`${server.base}/api/resolveQuickOrder`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string } };
}

async function statement(token: string) {
  const start = seoulDayOf(seoulMidnight(5));
  const res = await fetch(
    `${server.base}/api/monthlyStatement?${new URLSearchParams({ startDate: start, endDate: seoulToday() })}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const body = Buffer.from(await res.arrayBuffer());
  return res.status === 200
    ? { status: 200, pdf: body.subarray(0, 5).toString('latin1') }
    : { status: res.status, message: (JSON.parse(body.toString('utf8')) as { message: string }).message };
}

beforeAll(async () => {
  server = await startTestServer();
  firms = [];
  for (let i = 0; i < 5; i++) firms.push(await makeCompany(server, `부하${i}`, 1));
  const product = await makeProduct(server, { tiers: [11_000, 0, 0, 0], salePrice: 11_000, name: '브레이크 패드' });
  for (const firm of firms) {
    for (const account of [firm.main, ...firm.subs])
      tokens.set(account.seq, (await createSession(server.db, account.seq)).token);
    const rows = await server.db
      .insert(orders)
      .values(
        Array.from({ length: ORDERS }, (_, i) => ({
          companyId: firm.companyId,
          memberId: firm.main.seq,
          clientRequestId: crypto.randomUUID(),
          ...KOREA,
          status: 2,
          totalAmount: 11_000 * (1 + (i % 3)),
          shipping: 6_600,
          shippingValue: 1,
          shippingPayType: 0,
          ...TEST_ADDRESS,
          createdAt: seoulMidnight(1),
        })),
      )
      .returning({ id: orders.id, totalAmount: orders.totalAmount });
    await server.db.insert(orderLines).values(
      rows.map((o) => ({
        orderId: o.id,
        productId: product.id,
        name: '브레이크 패드',
        pid: 'TST',
        qty: o.totalAmount / 11_000,
        price: 11_000,
      })),
    );
  }
  const buyer = await makeCompany(server, '손님', 0);
  shopper = (await createSession(server.db, buyer.main.seq)).token;
}, 120_000);
afterAll(() => server?.close());

const token = (account: { seq: number }) => tokens.get(account.seq)!;

describe('hostile spreadsheets', () => {
  it('a wide, a sparse and a dense sheet at once: each refused in Korean, the rest of the shop answers as before', async () => {
    const before = await baseline();
    const t = performance.now();
    const { ms, stallMs, work } = await latenciesWhile(
      cheap,
      Promise.all([
        upload(token(firms[0]!.main), 'wide.xlsx', wideSheet()),
        upload(token(firms[1]!.main), 'sparse.xlsx', sparseSheet()),
        upload(token(firms[2]!.main), 'dense.xlsx', denseSheet()),
        upload(token(firms[3]!.main), 'wide.xlsx', wideSheet()),
      ]),
    );
    const [wide, sparse, dense, wide2] = work;
    console.log(
      `hostile sheets: cheap call p95 ${round(before)} ms before, ${round(p95(ms))} ms during (max ${round(Math.max(...ms))} ms, longest stall ${round(stallMs)} ms, ${ms.length} calls, ${round(performance.now() - t)} ms)`,
    );
    expect(wide).toEqual({ status: 400, body: expect.objectContaining({ message: QUICK_ORDER_FILE_MSG.tooWide }) });
    expect(wide2).toEqual(wide);
    expect(sparse).toEqual({ status: 400, body: expect.objectContaining({ message: QUICK_ORDER_FILE_MSG.tooFar }) });
    // 8 MB of cells without references: exceljs refuses them, or the worker's limits stop it first.
    expect(dense.status).toBe(400);
    expect([QUICK_ORDER_FILE_MSG.broken, QUICK_ORDER_FILE_MSG.tooHeavy]).toContain(dense.body.message);
    expect(p95(ms)).toBeLessThan(BOUND_MS);
    expect(stallMs).toBeLessThan(STALL_MS);
  }, 120_000);

  it('an account uploads 30 files in 10 minutes; the 31st is refused in Korean before it is read', async () => {
    const sub = token(firms[4]!.subs[0]!);
    const csv = new TextEncoder().encode('품번,수량\nA0004201220,1\n');
    for (let i = 0; i < 30; i++) expect((await upload(sub, 'a.csv', csv)).status).toBe(200);
    expect(await upload(sub, 'a.csv', csv)).toEqual({
      status: 429,
      body: { code: 429, message: QUICK_ORDER_FILE_MSG.tooOften },
    });
    // Another account of the same company is counted on its own; typed text is never counted.
    expect((await upload(token(firms[4]!.main), 'a.csv', csv)).status).toBe(200);
    expect((await call(server, 'resolveQuickOrder', { text: 'A0004201220 1' }, { token: sub })).status).toBe(200);
  }, 60_000);
});

describe('hostile CSV imports of the back office', () => {
  it('a product CSV whose header is one line of 7.9 million commas is parsed off the request thread', async () => {
    const staffToken = (await staffSession(server)).token;
    const before = await baseline();
    const t = performance.now();
    const { ms, stallMs, work } = await latenciesWhile(
      cheap,
      call(server, 'POST', 'api/admin/importProducts', { csv: ','.repeat(7_900_000) }, staffToken),
    );
    console.log(
      `wide product CSV: cheap call p95 ${round(before)} ms before, ${round(p95(ms))} ms during (max ${round(Math.max(...ms))} ms, longest stall ${round(stallMs)} ms, ${ms.length} calls, ${round(performance.now() - t)} ms)`,
    );
    // Parsed (one header line and no product) or, on a slow machine, stopped by the worker's time limit.
    expect(work).toMatchObject({ status: 400, body: { code: 400, field: 'csv' } });
    expect([MSG_ADMIN.csvEmpty, MSG_CSV_TOO_HEAVY]).toContain(work.body.message);
    expect(p95(ms)).toBeLessThan(BOUND_MS);
    expect(stallMs).toBeLessThan(STALL_MS);
  }, 120_000);
});

describe('PDFs', () => {
  it('20 monthly statements at once are all drawn, a fifth at once for one company is refused, and the shop stays quick', async () => {
    const before = await baseline();
    const t = performance.now();
    const asks = firms.flatMap((firm, i) => Array.from({ length: i === 0 ? 5 : 4 }, () => statement(token(firm.main))));
    const { ms, stallMs, work } = await latenciesWhile(cheap, Promise.all(asks));
    console.log(
      `20 statements: cheap call p95 ${round(before)} ms before, ${round(p95(ms))} ms during (max ${round(Math.max(...ms))} ms, longest stall ${round(stallMs)} ms, ${ms.length} calls, all drawn in ${round(performance.now() - t)} ms)`,
    );
    expect(work.filter((w) => w.status === 200)).toEqual(
      Array.from({ length: 20 }, () => ({ status: 200, pdf: '%PDF-' })),
    );
    expect(work.filter((w) => w.status !== 200)).toEqual([{ status: 429, message: MSG_PDF.busyForYou }]);
    expect(p95(ms)).toBeLessThan(BOUND_MS);
    expect(stallMs).toBeLessThan(STALL_MS);
  }, 240_000);
});
