import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';
import { pdfText } from '../pdf-text.js';

/**
 * A quick order line's memo (docs/requirements.md#job-reference) is shown where the line goes: the
 * cart answers it, and the 거래명세서 prints it under the line's name.
 */
let server: TestServer;
let buyer: TestCompany;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  buyer = await makeCompany(server, '메모', 0);
  token = await loginAs(server, buyer.main.id, buyer.main.pw);
});
afterAll(async () => {
  await server?.close();
});

describe('quick order memos', () => {
  it('the cart answers each line with its memo', async () => {
    const p = await makeProduct(server, { tiers: [7000, 7000, 7000, 7000], salePrice: 7000, stock: 9 });
    const added = await call(
      server,
      'addQuickOrderToCart',
      { lines: [{ productId: p.id, qty: 2, memo: '조수석 쪽 먼저', jobRef: 'RO-5521' }] },
      { token },
    );
    expect(added.body.code).toBe(201);
    const cart = await call<CartLine[]>(server, 'POST', 'api/getMallCartInfo', {}, token);
    const line = cart.body.results!.find((l) => l.productInfo.seq === p.id);
    expect([line?.memo, line?.jobRef]).toEqual(['조수석 쪽 먼저', 'RO-5521']);
  });

  it("the order's 거래명세서 prints a line's memo under its name", async () => {
    const p = await makeProduct(server, { tiers: [8000, 8000, 8000, 8000], salePrice: 8000 });
    const seq = await insertOrder(server, {
      companyId: buyer.companyId,
      memberId: buyer.main.seq,
      status: 2,
      productId: p.id,
    });
    await server.db.execute(sql`update order_lines set memo = '운전석 쪽 먼저' where order_id = ${seq}`);
    const res = await fetch(`${server.base}/api/orderStatement?seq=${seq}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain('메모: 운전석 쪽 먼저');
  });
});
