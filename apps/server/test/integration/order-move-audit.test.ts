import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ORDER } from '@partsmall/contract';
import { adminAudit, products } from '../../src/db/schema.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';
import type { TestCompany } from '../member-helpers.js';
import { balanceOf, fund, insertOrder, makeProduct, placeOrder } from '../order-helpers.js';

/**
 * The audit row of a staff order move (docs/security.md#back-office-audit): a cancel or an approved
 * return records, beside the statuses, what the move gave back — the refund and whether it went to
 * the cash balance or came off the 외상 receivables — and the stock it put back per product, as the
 * move applied them. A refused move writes no row.
 */
let server: TestServer;
let shop: TestCompany;
let tokens: CreditTokens;

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer: shop, tokens } = await creditBuyers(server, '이동감사'));
  await fund(server, shop.companyId, 100_000);
  await giveCredit(server, tokens.admin, shop.companyId, { limit: 500_000 });
});
afterAll(async () => {
  await server?.close();
});

const move = (seq: number, status: number, token = tokens.staff) =>
  call(server, 'POST', 'api/admin/setOrderStatus', { seq, status }, token);
const auditOf = (seq: number, action = 'setOrderStatus') =>
  server.db
    .select({ before: adminAudit.before, after: adminAudit.after, memberId: adminAudit.memberId })
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), eq(adminAudit.target, `order:${seq}`)))
    .orderBy(asc(adminAudit.id));
const stockOf = async (id: number) =>
  (await server.db.select({ n: products.hasAmount }).from(products).where(eq(products.id, id)))[0]!.n;

describe("a staff move's audit row", () => {
  it('a seller cancel (0 → 8) of 3 × 4,000원 and 2 × 1,500원 paid in cash: 15,000원 back to cash, +3 and +2 stock', async () => {
    const a = await makeProduct(server, { tiers: [4000, 4000, 4000, 4000], salePrice: 4000, stock: 10 });
    const b = await makeProduct(server, { tiers: [1500, 1500, 1500, 1500], salePrice: 1500, stock: 5 });
    const paid = await placeOrder(server, tokens.main, [
      { productId: a.id, qty: 3 },
      { productId: b.id, qty: 2 },
    ]);
    expect(paid.body.code, paid.body.message).toBe(201);
    const seq = (paid.body.results as { orderSeq: number }).orderSeq;
    const cash = await balanceOf(server, shop.companyId);

    const res = await move(seq, 8);
    expect([res.status, res.body.message]).toEqual([200, MSG_ORDER.statusChanged]);
    expect(await balanceOf(server, shop.companyId)).toBe(cash + 15_000);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 5]);

    const rows = await auditOf(seq);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toEqual({ status: 0 });
    expect(rows[0]!.after).toEqual({
      status: 8,
      refund: { amount: 15_000, to: 'cash', point: cash + 15_000 },
      stock: [
        { product: a.id, delta: 3, hasAmount: 10 },
        { product: b.id, delta: 2, hasAmount: 5 },
      ].sort((x, y) => x.product - y.product),
    });
  });

  it('a seller cancel of a 외상 order: 8,000원 off the receivables, no cash moved, +2 stock', async () => {
    const p = await makeProduct(server, { tiers: [4000, 4000, 4000, 4000], salePrice: 4000, stock: 7 });
    const paid = await placeOrder(server, tokens.main, [{ productId: p.id, qty: 2 }], { payWith: 'credit' });
    expect(paid.body.code, paid.body.message).toBe(201);
    const seq = (paid.body.results as { orderSeq: number }).orderSeq;
    const cash = await balanceOf(server, shop.companyId);

    expect((await move(seq, 8)).body.code).toBe(201);
    expect(await balanceOf(server, shop.companyId)).toBe(cash);
    expect((await auditOf(seq)).map((r) => r.after)).toEqual([
      { status: 8, refund: { amount: 8_000, to: 'credit' }, stock: [{ product: p.id, delta: 2, hasAmount: 7 }] },
    ]);
  });

  it('an approved return for change of mind (4 → 5): the goods alone back (10,000원 of 10,000 + 6,000), +2 stock', async () => {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000, stock: 4 });
    const seq = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 4,
      productId: p.id,
      qty: 2,
      totalAmount: 10_000,
      shipping: 6000,
      shippedAt: new Date(),
      returnReason: 1,
    });
    const cash = await balanceOf(server, shop.companyId);
    expect((await move(seq, 5)).body.code).toBe(201);
    expect(await balanceOf(server, shop.companyId)).toBe(cash + 10_000);
    expect((await auditOf(seq)).map((r) => [r.before, r.after])).toEqual([
      [
        { status: 4 },
        {
          status: 5,
          refund: { amount: 10_000, to: 'cash', point: cash + 10_000 },
          stock: [{ product: p.id, delta: 2, hasAmount: 6 }],
        },
      ],
    ]);
  });

  it('a move that gives nothing back (0 → 1) records the statuses alone', async () => {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000, stock: 4 });
    const seq = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 0,
      productId: p.id,
    });
    expect((await move(seq, 1)).body.code).toBe(201);
    expect((await auditOf(seq)).map((r) => r.after)).toEqual([{ status: 1 }]);
  });

  it('a refused move writes no row and moves nothing: the same cancel twice, and 8 → 5', async () => {
    const p = await makeProduct(server, { tiers: [3000, 3000, 3000, 3000], salePrice: 3000, stock: 9 });
    const seq = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 0,
      productId: p.id,
      qty: 3,
      totalAmount: 9000,
      shipping: 0,
    });
    const [first, second] = await Promise.all([move(seq, 8), move(seq, 8)]);
    expect([first.body.code, second.body.code].sort()).toEqual([201, 409]);
    const cash = await balanceOf(server, shop.companyId);
    const refused = await move(seq, 5);
    expect([refused.status, refused.body.message]).toEqual([409, MSG_ORDER.statusMoveRefused]);
    expect(await balanceOf(server, shop.companyId)).toBe(cash);
    expect(await stockOf(p.id)).toBe(12);
    expect((await auditOf(seq)).map((r) => r.after)).toEqual([
      {
        status: 8,
        refund: { amount: 9_000, to: 'cash', point: cash },
        stock: [{ product: p.id, delta: 3, hasAmount: 12 }],
      },
    ]);
  });

  it('bulk shipment confirmation records each order it moved, none it refused', async () => {
    const p = await makeProduct(server, { tiers: [3000, 3000, 3000, 3000], salePrice: 3000, stock: 9 });
    const open = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 0,
      productId: p.id,
    });
    const done = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 8,
      productId: p.id,
    });
    const res = await call(server, 'POST', 'api/admin/bulkShipConfirm', { seqs: [open, done] }, tokens.staff);
    expect(res.body.results).toMatchObject({ moved: [open], refused: [{ seq: done }] });
    expect((await auditOf(open, 'bulkShipConfirm')).map((r) => [r.before, r.after])).toEqual([
      [{ status: 0 }, { status: 1 }],
    ]);
    expect(await auditOf(done, 'bulkShipConfirm')).toEqual([]);
  });
});
