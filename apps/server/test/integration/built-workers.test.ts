import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/features/auth/sessions.js';
import { QUICK_ORDER_FILE_MSG } from '../../src/features/quick-order/files.js';
import { BUILT_MAIN, startBuiltServer } from '../built-server.js';
import { freshDatabase, type TestServer } from '../helpers.js';
import { wideSheet } from '../hostile.js';
import { makeCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * The worker threads in the built server (`npm run build`, then plain `node apps/server/dist/main.js`):
 * the pools find dist/file-worker.js and dist/pdf-worker.js beside main.js, with no TypeScript loader.
 * A quick-order spreadsheet is read (and a wide one refused) and a 거래명세서 is drawn there.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
beforeAll(async () => {
  database = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-built-workers-'));
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startBuiltServer(dataDir, database.url);

describe('the built server', () => {
  it('reads spreadsheets and draws PDFs in its worker threads, from dist', async () => {
    expect(fs.existsSync(BUILT_MAIN), 'npm run build builds apps/server/dist/main.js').toBe(true);
    for (const worker of ['file-worker.js', 'pdf-worker.js'])
      expect(fs.existsSync(path.join(path.dirname(BUILT_MAIN), worker)), worker).toBe(true);
    // The database is the built server's; rows are written into it directly, as the other tests' helpers do.
    const db = { db: database.db } as unknown as TestServer;
    const firm = await makeCompany(db, '빌드');
    const product = await makeProduct(db, { tiers: [11_000, 0, 0, 0], salePrice: 11_000, pid: 'BW-100' });
    const orderId = await insertOrder(db, {
      companyId: firm.companyId,
      memberId: firm.main.seq,
      status: 2,
      productId: product.id,
    });
    const { token } = await createSession(database.db, firm.main.seq);
    const auth = { authorization: `Bearer ${token}` };

    const server = await start();
    try {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('견적').addRows([
        ['품번', '수량'],
        ['BW-100', 3],
      ]);
      const upload = async (data: Uint8Array) => {
        const form = new FormData();
        form.append('file', new Blob([data]), '견적.xlsx');
        const res = await fetch(`${server.base}/api/resolveQuickOrder`, { method: 'POST', headers: auth, body: form });
        return {
          status: res.status,
          body: (await res.json()) as { message: string; results?: { productId: number | null; qty: number }[] },
        };
      };
      const read = await upload(new Uint8Array(await workbook.xlsx.writeBuffer()));
      expect(read.status).toBe(200);
      expect(read.body.results!.map((r) => [r.productId, r.qty])).toEqual([[product.id, 3]]);
      expect(await upload(wideSheet())).toEqual({
        status: 400,
        body: expect.objectContaining({ message: QUICK_ORDER_FILE_MSG.tooWide }),
      });

      const pdf = await fetch(`${server.base}/api/orderStatement?seq=${orderId}`, { headers: auth });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 90_000);
});
