import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ORDER } from '@partsmall/contract';
import { queryRows, type Db } from '../../src/db/client.js';
import { cashLedger, companies } from '../../src/db/schema.js';
import { InsufficientBalance, credit, debit } from '../../src/features/wallet/wallet.js';
import { freshDatabase } from '../helpers.js';

/**
 * The wallet (docs/requirements.md#wallet): balance and ledger row change together on the caller's transaction,
 * the balance never goes below zero, and racing debits cannot overspend. The races come first.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.drop();
});

let n = 0;
async function company(point = 0): Promise<number> {
  n++;
  const [c] = await db
    .insert(companies)
    .values({ name: `지갑상사${n}`, license: String(6_000_000_000 + n), securityNum: '000000' })
    .returning({ id: companies.id });
  if (point > 0)
    await db.transaction((tx) =>
      credit(tx, { companyId: c!.id, amount: point, type: 'adjust', memberId: null, note: '시작 잔액' }),
    );
  return c!.id;
}
const balance = async (id: number) =>
  (await db.select({ point: companies.point }).from(companies).where(eq(companies.id, id)))[0]!.point;
const ledger = (id: number) =>
  db.select().from(cashLedger).where(eq(cashLedger.companyId, id)).orderBy(asc(cashLedger.id));
const ledgerSum = async (id: number) =>
  Number(
    (
      await queryRows<{ s: string }>(
        db,
        sql`select coalesce(sum(amount), 0)::text as s from cash_ledger where company_id = ${id}`,
      )
    )[0]!.s,
  );

describe('races', () => {
  it('50 debits of 1,000 at once on 20,000 won: exactly 20 pass, the balance ends at 0, never below', async () => {
    const id = await company(20_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction((tx) =>
          debit(tx, { companyId: id, amount: 1000, type: 'order', memberId: null, note: `주문 #${i}` }),
        ),
      ),
    );
    const passed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect([passed.length, refused.length]).toEqual([20, 30]);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalance);
    expect(await balance(id)).toBe(0);
    expect(await ledgerSum(id)).toBe(0);
    // Each ledger row states the balance right after it, and they go down by 1,000 one at a time.
    const afters = (await ledger(id))
      .filter((r) => r.type === 'order')
      .map((r) => r.balanceAfter)
      .sort((a, b) => b - a);
    expect(afters).toEqual(Array.from({ length: 20 }, (_, i) => 19_000 - i * 1000));
  });

  it('credits and debits racing leave the ledger summing to the balance', async () => {
    const id = await company(5000);
    const moves = Array.from({ length: 60 }, (_, i) =>
      db.transaction((tx) =>
        i % 3 === 0
          ? credit(tx, { companyId: id, amount: 700, type: 'cancel', memberId: null, note: '환불' })
          : debit(tx, { companyId: id, amount: 900, type: 'order', memberId: null, note: '주문' }),
      ),
    );
    const outcomes = await Promise.allSettled(moves);
    const debited = outcomes.filter((o, i) => i % 3 !== 0 && o.status === 'fulfilled').length;
    expect(outcomes.filter((o, i) => i % 3 === 0 && o.status === 'rejected')).toHaveLength(0);
    expect(await balance(id)).toBe(5000 + 20 * 700 - debited * 900);
    expect(await ledgerSum(id)).toBe(await balance(id));
    expect(await balance(id)).toBeGreaterThanOrEqual(0);
  });
});

describe('credit and debit', () => {
  it('write the balance and one ledger row together, with the balance after the move', async () => {
    const id = await company();
    await db.transaction(async (tx) => {
      expect(
        await credit(tx, { companyId: id, amount: 12_000, type: 'point', memberId: null, note: '캐시 충전 12,000원' }),
      ).toBe(12_000);
      expect(await debit(tx, { companyId: id, amount: 4_500, type: 'order', memberId: null, note: '주문 #1' })).toBe(
        7_500,
      );
    });
    expect(await balance(id)).toBe(7_500);
    expect((await ledger(id)).map((r) => [r.type, r.amount, r.balanceAfter, r.note])).toEqual([
      ['point', 12_000, 12_000, '캐시 충전 12,000원'],
      ['order', -4_500, 7_500, '주문 #1'],
    ]);
  });

  it('a debit of exactly the balance passes; one won more is refused and writes nothing', async () => {
    const id = await company(3000);
    await expect(
      db.transaction((tx) => debit(tx, { companyId: id, amount: 3001, type: 'order', memberId: null, note: 'x' })),
    ).rejects.toMatchObject({
      status: 400,
      message: MSG_ORDER.insufficientBalance,
      field: 'point',
    });
    expect([await balance(id), (await ledger(id)).length]).toEqual([3000, 1]);
    expect(
      await db.transaction((tx) =>
        debit(tx, { companyId: id, amount: 3000, type: 'order', memberId: null, note: 'y' }),
      ),
    ).toBe(0);
    expect(await balance(id)).toBe(0);
  });

  it('a move rolled back with its transaction leaves neither balance nor ledger changed', async () => {
    const id = await company(10_000);
    await expect(
      db.transaction(async (tx) => {
        await debit(tx, { companyId: id, amount: 4000, type: 'order', memberId: null, note: '취소될 주문' });
        throw new Error('the order failed after the debit');
      }),
    ).rejects.toThrow('the order failed');
    expect([await balance(id), (await ledger(id)).length]).toEqual([10_000, 1]);
  });

  it('refuses negative or fractional amounts before touching anything', async () => {
    const id = await company(1000);
    for (const amount of [-1, 0.5, Number.NaN]) {
      await expect(
        db.transaction((tx) => credit(tx, { companyId: id, amount, type: 'adjust', memberId: null, note: 'x' })),
      ).rejects.toThrow(/amount/);
      await expect(
        db.transaction((tx) => debit(tx, { companyId: id, amount, type: 'adjust', memberId: null, note: 'x' })),
      ).rejects.toThrow(/amount/);
    }
    expect([await balance(id), (await ledger(id)).length]).toEqual([1000, 1]);
  });
});
