import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '@partsmall/contract';
import { cashLedger, companies, orderLines } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany } from '../member-helpers.js';
import { balanceOf, fund, makeProduct, COURIER } from '../order-helpers.js';

/**
 * Tier prices (docs/requirements.md#prices-and-tiers): four companies of levels a, b, c and d buy the same products, whose four tier
 * prices all differ, so that charging any company the wrong tier changes a figure below. Every
 * expected price and total is written out (a zero tier falls back to the next lower
 * tier, then to the sale price).
 */
type Level = 'a' | 'b' | 'c' | 'd';
const LEVELS: Level[] = ['a', 'b', 'c', 'd'];

let server: TestServer;
const buyers = {} as Record<Level, { token: string; companyId: number }>;
const ids = {} as Record<'allTiers' | 'noAnoC' | 'saleOnly' | 'aAndC', number>;

/**
 *                    A      B      C      D    sale
 * allTiers        4,100  3,200  2,300  1,400  5,000
 * noAnoC              0  3,200      0  1,400  5,000   a→B, c→D
 * saleOnly            0      0      0      0  5,000   everyone the sale price
 * aAndC           4,100      0  2,300      0  5,000   b→C, d→sale price
 */
const PRICE: Record<keyof typeof ids, Record<Level, number>> = {
  allTiers: { a: 4100, b: 3200, c: 2300, d: 1400 },
  noAnoC: { a: 3200, b: 3200, c: 1400, d: 1400 },
  saleOnly: { a: 5000, b: 5000, c: 5000, d: 5000 },
  aAndC: { a: 4100, b: 2300, c: 2300, d: 5000 },
};
/** Quantities bought: 1, 2, 1, 3. Goods per level: a 27,800; b 21,500; c 17,000; d 24,200. */
const QTY = { allTiers: 1, noAnoC: 2, saleOnly: 1, aAndC: 3 };
const GOODS: Record<Level, number> = { a: 27_800, b: 21_500, c: 17_000, d: 24_200 };

const shippingInfo = COURIER;

beforeAll(async () => {
  server = await startTestServer();
  ids.allTiers = (await makeProduct(server, { tiers: [4100, 3200, 2300, 1400], salePrice: 5000 })).id;
  ids.noAnoC = (await makeProduct(server, { tiers: [0, 3200, 0, 1400], salePrice: 5000 })).id;
  ids.saleOnly = (await makeProduct(server, { tiers: [0, 0, 0, 0], salePrice: 5000 })).id;
  ids.aAndC = (await makeProduct(server, { tiers: [4100, 0, 2300, 0], salePrice: 5000 })).id;
  for (const level of LEVELS) {
    const shop = await makeCompany(server, `등급${level}`, 0);
    await server.db.update(companies).set({ level }).where(eq(companies.id, shop.companyId));
    await fund(server, shop.companyId, 100_000);
    buyers[level] = { token: await loginAs(server, shop.main.id, shop.main.pw), companyId: shop.companyId };
  }
});
afterAll(async () => {
  await server?.close();
});

describe('the shop shows each level its own tier', () => {
  for (const level of LEVELS) {
    it(`level ${level}: product page and grid`, async () => {
      for (const [key, id] of Object.entries(ids) as [keyof typeof ids, number][]) {
        const detail = await call(server, 'getProductInfo', { seq: id }, { token: buyers[level].token });
        expect([key, detail.body.results!.price, detail.body.results!.salePrice]).toEqual([
          key,
          PRICE[key][level],
          5000,
        ]);
        const grid = await call(server, 'getProductHome', { seq: id }, { token: buyers[level].token });
        expect([key, grid.body.results![0]!.price]).toEqual([key, PRICE[key][level]]);
      }
    });
  }
});

describe('cart, buy now and paying use the tier price', () => {
  for (const level of LEVELS) {
    it(`level ${level}: the cart shows the tier prices and pays ${GOODS[level].toLocaleString('ko-KR')} won of goods plus 6,000 shipping`, async () => {
      const { token, companyId } = buyers[level];
      for (const [key, id] of Object.entries(ids) as [keyof typeof ids, number][]) {
        const added = await call(server, 'addToCart', { productId: id, hasAmount: QTY[key] }, { token });
        expect(added.body.code).toBe(201);
        const buyNow = await call(server, 'addToBuy', { productId: id, hasAmount: 1 }, { token });
        expect([key, buyNow.body.results![0]!.productInfo.price]).toEqual([key, PRICE[key][level]]);
      }
      const cart = await call(server, 'getMallCartInfo', { page: 1, size: 64 }, { token });
      const prices = Object.fromEntries(
        cart.body.results!.map((l) => [l.productInfo.seq, [l.productInfo.price, l.qty]]),
      );
      for (const [key, id] of Object.entries(ids) as [keyof typeof ids, number][]) {
        expect([key, prices[id]]).toEqual([key, [PRICE[key][level], QTY[key]]]);
      }

      const before = await balanceOf(server, companyId);
      const paid = await call<PaymentResult>(
        server,
        'POST',
        'api/requestPaymentProduct',
        {
          shippingInfo,
          carts: cart.body.results!.map((l) => ({ seq: l.seq, qty: l.qty })),
        },
        token,
      );
      expect([paid.body.code, paid.body.results!.totalAmount, paid.body.results!.shipping]).toEqual([
        201,
        GOODS[level],
        6000,
      ]);
      expect(await balanceOf(server, companyId)).toBe(before - GOODS[level] - 6000);
      const [ledger] = await server.db
        .select()
        .from(cashLedger)
        .where(eq(cashLedger.note, `주문 #${paid.body.results!.orderSeq}`));
      expect([ledger!.type, ledger!.amount]).toEqual(['order', -(GOODS[level] + 6000)]);
      const lines = await server.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, paid.body.results!.orderSeq));
      const linePrices = Object.fromEntries(lines.map((l) => [l.productId, l.price]));
      for (const [key, id] of Object.entries(ids) as [keyof typeof ids, number][])
        expect([key, linePrices[id]]).toEqual([key, PRICE[key][level]]);
    });

    it(`level ${level}: buy now of one 'allTiers' pays ${PRICE.allTiers[level].toLocaleString('ko-KR')} won`, async () => {
      const { token, companyId } = buyers[level];
      const before = await balanceOf(server, companyId);
      const paid = await call<PaymentResult>(
        server,
        'POST',
        'api/requestPaymentProduct',
        { shippingInfo, carts: [{ productId: ids.allTiers, qty: 1 }] },
        token,
      );
      expect(paid.body.results!.totalAmount).toBe(PRICE.allTiers[level]);
      expect(await balanceOf(server, companyId)).toBe(before - PRICE.allTiers[level] - 6000);
    });
  }

  it('the books balance', async () => {
    await expectLedgerMatchesBalances(server);
  });
});
