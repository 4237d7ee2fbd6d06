import { and, eq, sql } from 'drizzle-orm';
import { EPC_MSG, EPC_TEST_VINS, MAX_VIN_SEARCHES_PER_DAY } from '@partsmall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { companies, epcVinSearches } from '../../src/db/schema.js';
import { isVinOpenToday, openVin, searchHistory, vinSearchCount } from '../../src/features/epc/quota.js';
import { freshDatabase, settled } from '../helpers.js';
import { NO_SUBSCRIBERS, type DomainEvent } from '../../src/shared/events.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(async () => database.drop());

/** A distinct 17-character VIN per number (the quota does not look them up). */
const vinNo = (n: number) => `WBA5R1C09KA${String(n).padStart(6, '0')}`;
/** 12:00 in Seoul on 2026-03-10. */
const NOON = new Date('2026-03-10T03:00:00Z');

let nextCompany = 1000;
/** Licensed until long after every instant these tests use. */
const LICENSED_UNTIL = new Date('2099-01-01T00:00:00Z');
/**
 * Each test gets companies of its own, so no test depends on another's rows. The company row is
 * made only where the licence is read (isVinOpenToday); the quota itself never reads it.
 */
const newCompany = () => nextCompany++;
const licensed = async (id: number, licenseEnd: Date | null = LICENSED_UNTIL) => {
  await db.insert(companies).values({ id, name: `회사${id}`, securityNum: '123456', licenseEnd });
  return id;
};

/** Opens a VIN; the refusal (an AppError, 429 past the quota) comes back as `{ ok: false, status, message }`. */
const open = (companyId: number, vin: string, now = NOON, memberId = 1) =>
  settled(openVin)(
    db,
    NO_SUBSCRIBERS,
    { companyId, memberId, vin, brand: 'bmw', mcid: 'DEMO-BMW-G20', title: `BMW ${vin}` },
    now,
  );

const rowsOf = (companyId: number) => db.select().from(epcVinSearches).where(eq(epcVinSearches.companyId, companyId));

describe('VIN quota: 30 distinct VINs per company per Seoul day', () => {
  it('40 concurrent searches of different VINs with 30 left open exactly 30', async () => {
    const company = newCompany();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => open(company, vinNo(i))));
    const opened = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(opened).toHaveLength(30);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r).toMatchObject({ ok: false, message: EPC_MSG.quotaExceeded });
    expect(await rowsOf(company)).toHaveLength(30);
    expect(await vinSearchCount(db, company, NOON)).toBe(30);
  });

  it('with 5 left, 40 concurrent searches open exactly 5', async () => {
    const company = newCompany();
    for (let i = 0; i < 25; i++)
      expect(await open(company, vinNo(i))).toMatchObject({ ok: true, charged: true, used: i + 1 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => open(company, vinNo(100 + i))));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await vinSearchCount(db, company, NOON)).toBe(30);
  });

  it('the 30th VIN opens, the 31st is refused, and a VIN of the day opens again for free', async () => {
    const company = newCompany();
    for (let i = 0; i < 29; i++) await open(company, vinNo(i));
    expect(await open(company, vinNo(29))).toEqual({ ok: true, charged: true, used: 30 });
    expect(await open(company, vinNo(30))).toEqual({ ok: false, status: 429, message: EPC_MSG.quotaExceeded });
    expect(await vinSearchCount(db, company, NOON)).toBe(30);
    expect(await open(company, vinNo(5), new Date(NOON.getTime() + 1000))).toEqual({
      ok: true,
      charged: false,
      used: 30,
    });
    expect(await vinSearchCount(db, company, NOON)).toBe(30);
    const [row] = await db
      .select()
      .from(epcVinSearches)
      .where(and(eq(epcVinSearches.companyId, company), eq(epcVinSearches.vin, vinNo(5))));
    expect(row!.opens).toBe(2);
  });

  it('a reopen within a second of the last recorded one writes nothing; one at a second records it', async () => {
    const company = newCompany();
    const vinRow = async () => (await rowsOf(company))[0]!;
    expect(await open(company, vinNo(1))).toEqual({ ok: true, charged: true, used: 1 });
    expect(await open(company, vinNo(1), new Date(NOON.getTime() + 999))).toEqual({
      ok: true,
      charged: false,
      used: 1,
    });
    expect(await vinRow()).toMatchObject({ opens: 1, lastAt: NOON });
    expect(await open(company, vinNo(1), new Date(NOON.getTime() + 1000))).toEqual({
      ok: true,
      charged: false,
      used: 1,
    });
    expect(await vinRow()).toMatchObject({ opens: 2, lastAt: new Date('2026-03-10T03:00:01Z') });
    expect(await open(company, vinNo(1), new Date(NOON.getTime() + 1500))).toEqual({
      ok: true,
      charged: false,
      used: 1,
    });
    expect(await vinRow()).toMatchObject({ opens: 2, lastAt: new Date('2026-03-10T03:00:01Z') });
  });

  it('the same new VIN searched 40 times at once is charged once', async () => {
    const company = newCompany();
    const results = await Promise.all(Array.from({ length: 40 }, () => open(company, vinNo(7))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.charged)).toHaveLength(1);
    // One row; the reopens that found it at the same moment were not recorded (at most one a second).
    expect(await rowsOf(company)).toHaveLength(1);
  });

  it('only a VIN new that day is news to the company’s tabs: opening it in ten tabs at once tells them once; reopening it, or a test VIN, tells nobody', async () => {
    const company = newCompany();
    const told: DomainEvent[] = [];
    const sink = { publish: async (e: DomainEvent) => void told.push(e) };
    const input = (vin: string) => ({
      companyId: company,
      memberId: 3,
      vin,
      brand: 'bmw',
      mcid: 'DEMO-BMW-G20',
      title: vin,
    });
    // Ten tabs at once: the ones that queued behind the first find it in the locked path.
    await Promise.all(Array.from({ length: 10 }, () => openVin(db, sink, input(vinNo(8)), NOON)));
    await openVin(db, sink, input(vinNo(8)), new Date(NOON.getTime() + 5_000));
    await openVin(db, sink, input(EPC_TEST_VINS[0]!.vin), NOON);
    expect(told).toEqual([{ type: 'vinOpened', companyId: company, memberId: 3, vin: vinNo(8) }]);
  });

  it('counts in the Seoul day: 23:59:59 is still the full day, 00:00 starts a new quota', async () => {
    const company = await licensed(newCompany());
    const lastMoment = new Date('2026-03-10T14:59:59.999Z'); // 23:59:59.999 in Seoul
    const midnight = new Date('2026-03-10T15:00:00.000Z'); // 00:00 on 2026-03-11 in Seoul
    for (let i = 0; i < 30; i++) await open(company, vinNo(i), NOON);
    expect(await open(company, vinNo(30), lastMoment)).toMatchObject({ ok: false });
    expect(await isVinOpenToday(db, company, vinNo(3), lastMoment)).toBe(true);
    // A new day: a new VIN opens, and yesterday's VINs count again when reopened.
    expect(await open(company, vinNo(30), midnight)).toEqual({ ok: true, charged: true, used: 1 });
    expect(await isVinOpenToday(db, company, vinNo(3), midnight)).toBe(false);
    expect(await open(company, vinNo(3), midnight)).toEqual({ ok: true, charged: true, used: 2 });
    expect(await vinSearchCount(db, company, midnight)).toBe(2);
    expect(await vinSearchCount(db, company, lastMoment)).toBe(30);
  });

  it("one company's searches do not touch another's quota", async () => {
    const a = newCompany();
    const b = await licensed(newCompany());
    await Promise.all(Array.from({ length: 30 }, (_, i) => open(a, vinNo(i))));
    expect(await open(a, vinNo(99))).toMatchObject({ ok: false });
    expect(await open(b, vinNo(99))).toEqual({ ok: true, charged: true, used: 1 });
    expect(await isVinOpenToday(db, b, vinNo(0), NOON)).toBe(false);
  });

  it('test VINs open without counting, even with the quota used up, and are kept once each as the company’s, on no day', async () => {
    const company = newCompany();
    for (let i = 0; i < MAX_VIN_SEARCHES_PER_DAY; i++) await open(company, vinNo(i));
    for (const t of EPC_TEST_VINS) expect(await open(company, t.vin)).toEqual({ ok: true, charged: false, used: 30 });
    const [e300] = EPC_TEST_VINS.map((t) => t.vin) as [string];
    // Reopened a minute later: touched; again within the second: left as it is.
    const later = new Date(NOON.getTime() + 60_000);
    expect(await open(company, e300, later)).toEqual({ ok: true, charged: false, used: 30 });
    expect(await open(company, e300, new Date(later.getTime() + 500))).toEqual({ ok: true, charged: false, used: 30 });
    expect(await vinSearchCount(db, company, NOON)).toBe(30);
    const rows = await rowsOf(company);
    expect(rows.filter((r) => r.day === '2026-03-10')).toHaveLength(30);
    expect(
      rows
        .filter((r) => r.day === null)
        .map((r) => [r.vin, r.opens, r.lastAt.toISOString()])
        .sort(),
    ).toEqual(
      [
        [e300, 2, later.toISOString()],
        [EPC_TEST_VINS[1]!.vin, 1, NOON.toISOString()],
        [EPC_TEST_VINS[2]!.vin, 1, NOON.toISOString()],
      ].sort(),
    );
    expect(await isVinOpenToday(db, company, e300, NOON)).toBe(true);
    expect((await searchHistory(db, { companyId: company }))[0]).toEqual({
      vin: e300,
      title: `BMW ${e300}`,
      brand: 'bmw',
    });
    // Five tabs opening a test VIN for the first time at once keep one row.
    const other = newCompany();
    await Promise.all(Array.from({ length: 5 }, () => open(other, e300)));
    expect((await rowsOf(other)).map((r) => [r.vin, r.day])).toEqual([[e300, null]]);
    expect(await vinSearchCount(db, other, NOON)).toBe(0);
  });

  it('a VIN opened today stops opening the deeper calls when the licence ends; test VINs stay open', async () => {
    const ends = new Date(NOON.getTime() + 3600_000);
    const company = await licensed(newCompany(), ends);
    expect(await open(company, vinNo(1))).toEqual({ ok: true, charged: true, used: 1 });
    expect(await isVinOpenToday(db, company, vinNo(1), new Date(ends.getTime() - 1))).toBe(true);
    expect(await isVinOpenToday(db, company, vinNo(1), ends)).toBe(false);
    expect(await isVinOpenToday(db, company, EPC_TEST_VINS[0]!.vin, ends)).toBe(true);
    const never = await licensed(newCompany(), null);
    expect(await open(never, vinNo(2))).toMatchObject({ ok: true });
    expect(await isVinOpenToday(db, never, vinNo(2), NOON)).toBe(false);
  });
});

describe('search history', () => {
  it("lists the company's VINs newest first, once each, filtered by brand; never another company's", async () => {
    const company = newCompany();
    const other = newCompany();
    const at = (h: number) => new Date(Date.UTC(2026, 2, 10, h));
    await openVin(
      db,
      NO_SUBSCRIBERS,
      { companyId: company, memberId: 1, vin: vinNo(1), brand: 'bmw', mcid: 'M1', title: 'BMW 330i' },
      at(1),
    );
    await openVin(
      db,
      NO_SUBSCRIBERS,
      { companyId: company, memberId: 2, vin: vinNo(2), brand: 'benz', mcid: 'M2', title: 'E 300' },
      at(2),
    );
    await openVin(
      db,
      NO_SUBSCRIBERS,
      { companyId: company, memberId: 1, vin: vinNo(1), brand: 'bmw', mcid: 'M1', title: 'BMW 330i' },
      at(3),
    );
    // The same VIN on another day: still one entry, with its latest time.
    await openVin(
      db,
      NO_SUBSCRIBERS,
      { companyId: company, memberId: 1, vin: vinNo(2), brand: 'benz', mcid: 'M2', title: 'E 300' },
      new Date(Date.UTC(2026, 2, 12, 1)),
    );
    await openVin(
      db,
      NO_SUBSCRIBERS,
      { companyId: other, memberId: 9, vin: vinNo(3), brand: 'bmw', mcid: 'M1', title: 'BMW 320d' },
      at(4),
    );

    expect(await searchHistory(db, { companyId: company })).toEqual([
      { vin: vinNo(2), title: 'E 300', brand: 'benz' },
      { vin: vinNo(1), title: 'BMW 330i', brand: 'bmw' },
    ]);
    expect(await searchHistory(db, { companyId: company, brand: 'bmw' })).toEqual([
      { vin: vinNo(1), title: 'BMW 330i', brand: 'bmw' },
    ]);
    expect(await searchHistory(db, { companyId: company, brand: 'all' })).toHaveLength(2);
    expect(await searchHistory(db, { companyId: other })).toEqual([{ vin: vinNo(3), title: 'BMW 320d', brand: 'bmw' }]);
    expect(await searchHistory(db, { companyId: newCompany() })).toEqual([]);
  });

  it('keeps the 20 latest', async () => {
    const company = newCompany();
    for (let i = 0; i < 25; i++) await open(company, vinNo(i), new Date(NOON.getTime() + i * 1000));
    const history = await searchHistory(db, { companyId: company });
    expect(history).toHaveLength(20);
    expect(history[0]!.vin).toBe(vinNo(24));
    expect(history[19]!.vin).toBe(vinNo(5));
  });
});

it('stores the Seoul day, not the UTC one', async () => {
  const company = newCompany();
  await open(company, vinNo(1), new Date('2026-03-10T16:00:00Z')); // 01:00 on 2026-03-11 in Seoul
  const [row] = await db
    .execute(sql`select day::text as day from epc_vin_searches where company_id = ${company}`)
    .then((r) => (r as unknown as { rows: { day: string }[] }).rows);
  expect(row!.day).toBe('2026-03-11');
});
