import { and, count, eq, gt, sql } from 'drizzle-orm';
import { EPC_MSG, isTestVin, MAX_VIN_SEARCHES_PER_DAY, seoulDayKey } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { publish } from '../../shared/events.js';
import { companies } from '../../db/schema.js';
import { epcVinSearches } from './schema.js';

/**
 * The VIN quota (issue 10): at most 30 distinct VINs per company per Asia/Seoul day;
 * opening a VIN the company already opened that day costs nothing; the three test VINs are free.
 */

export interface OpenVinInput {
  companyId: number;
  memberId: number;
  /** The vehicle's full VIN (a short VIN is resolved first, so it counts as its vehicle). */
  vin: string;
  brand: string;
  mcid: string;
  /** History title: model and year. */
  title: string;
}

export type OpenVinResult = { ok: true; charged: boolean; used: number } | { ok: false; used: number; message: string };

/** Lock namespace of the per-company quota (pg_advisory_xact_lock's first key). */
const QUOTA_LOCK = 7_310_002;

/**
 * Reopens a VIN of the day if the company has it ($1 company, $2 day, $3 VIN, $4 now), and counts
 * the day's VINs (the count's snapshot does not see the update, which adds no row anyway).
 * The row's `opens` and `last_at` (which orders the search history) are written at most once a
 * second: a buyer's page reloads and a shop's bursts then read only, with no row lock and no commit
 * to flush. Before, every reopen of the same row queued on its lock and waited for a commit (at
 * the benchmark's ~1,000 reopens a second of one row, single updates took up to 90 ms).
 */
const REOPEN: PreparedStatement = {
  name: 'epc_vin_reopen',
  text: `with hit as (
      select id, last_at from epc_vin_searches
      where company_id = $1::int and day = $2::date and vin = $3::char(17)
    ), touched as (
      update epc_vin_searches s set opens = s.opens + 1, last_at = $4::timestamptz
      from hit where s.id = hit.id and hit.last_at <= $4::timestamptz - interval '1 second'
      returning s.id
    )
    select exists(select 1 from hit) as reopened,
      (select count(*)::int from epc_vin_searches where company_id = $1::int and day = $2::date) as used`,
};

/**
 * Opens a VIN for a company. The day's rows are counted and the new one inserted while holding
 * a per-company transaction lock, so concurrent searches of one company queue here and the 31st
 * distinct VIN is refused however they interleave. Other companies do not wait.
 */
export async function openVin(db: Db, input: OpenVinInput, now: Date = new Date()): Promise<OpenVinResult> {
  if (isTestVin(input.vin)) return { ok: true, charged: false, used: await vinSearchCount(db, input.companyId, now) };
  const day = seoulDayKey(now);
  // Reopening a VIN of the day costs nothing and needs no lock: one statement finds it and counts
  // the day (a buyer's searches of one car queue on the company's lock otherwise). A new VIN takes
  // the locked path.
  const [reopened] = await runPrepared<{ reopened: boolean; used: number }>(db, REOPEN, [input.companyId, day, input.vin, now]);
  if (reopened!.reopened) return { ok: true, charged: false, used: reopened!.used };
  const opened = await db.transaction(async (tx): Promise<OpenVinResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${input.companyId})`);
    const sameDay = and(eq(epcVinSearches.companyId, input.companyId), eq(epcVinSearches.day, day));
    const [again] = await tx
      .update(epcVinSearches)
      .set({ opens: sql`${epcVinSearches.opens} + 1`, lastAt: now })
      .where(and(sameDay, eq(epcVinSearches.vin, input.vin)))
      .returning({ id: epcVinSearches.id });
    const [{ used }] = (await tx.select({ used: count() }).from(epcVinSearches).where(sameDay)) as [{ used: number }];
    if (again) return { ok: true, charged: false, used };
    if (used >= MAX_VIN_SEARCHES_PER_DAY) return { ok: false, used, message: EPC_MSG.quotaExceeded };
    await tx.insert(epcVinSearches).values({
      companyId: input.companyId,
      memberId: input.memberId,
      day,
      vin: input.vin,
      brand: input.brand,
      mcid: input.mcid,
      title: input.title,
      firstAt: now,
      lastAt: now,
    });
    return { ok: true, charged: true, used: used + 1 };
  });
  // Only a VIN new today changes the day's count (userSearchVinCount); reopening one is no news.
  if (opened.ok && opened.charged) await publish({ type: 'vinOpened', companyId: input.companyId, memberId: input.memberId, vin: input.vin });
  return opened;
}

/** Distinct VINs the company opened on the Seoul day of `now` (`userSearchVinCount` of base info). */
export async function vinSearchCount(db: Db, companyId: number, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(epcVinSearches)
    .where(and(eq(epcVinSearches.companyId, companyId), eq(epcVinSearches.day, seoulDayKey(now))));
  return Number(row?.used ?? 0);
}

/**
 * Whether the deeper catalogue calls may answer for this VIN: the company opened it on the Seoul
 * day of `now` and its licence is still running, or it is a test VIN. This keeps the quota from
 * being bypassed by calling them directly, and a VIN opened in the morning from outliving the licence.
 */
export async function isVinOpenToday(db: Db, companyId: number, vin: string, now: Date = new Date()): Promise<boolean> {
  if (isTestVin(vin)) return true;
  const [row] = await db
    .select({ id: epcVinSearches.id })
    .from(epcVinSearches)
    .innerJoin(companies, eq(companies.id, epcVinSearches.companyId))
    .where(
      and(
        eq(epcVinSearches.companyId, companyId),
        eq(epcVinSearches.day, seoulDayKey(now)),
        eq(epcVinSearches.vin, vin),
        gt(companies.licenseEnd, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface HistoryItem {
  vin: string;
  title: string;
  brand: string;
}

export const HISTORY_SIZE = 20;

/**
 * The company's searched VINs, newest first, each once (epc/getUserSearchHistory), for one
 * brand or all. History is the company's: accounts of one company share licence and quota.
 */
export async function searchHistory(db: Db, q: { companyId: number; brand?: string }): Promise<HistoryItem[]> {
  const byBrand = q.brand && q.brand !== 'all' ? sql`and brand = ${q.brand}` : sql``;
  return queryRows<HistoryItem>(
    db,
    sql`select vin, title, brand from (
          select distinct on (vin) vin, title, brand, last_at from ${epcVinSearches}
          where company_id = ${q.companyId} ${byBrand}
          order by vin, last_at desc
        ) latest order by last_at desc limit ${HISTORY_SIZE}`,
  );
}
