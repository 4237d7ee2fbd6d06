import { and, count, desc, eq, sql } from 'drizzle-orm';
import { EPC_MSG, isTestVin, MAX_VIN_SEARCHES_PER_DAY, seoulDay } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import type { EventSink } from '../../shared/events.js';
import { companyById } from '../members/repository.js';
import { tooMany } from '../../shared/http.js';
import { licenseDaysLeft } from '../../shared/time.js';
import { latestOpenings } from './repository.js';
import { epcVinSearches } from './schema.js';
import { lockPair } from '../../db/locks.js';

/**
 * The VIN quota (docs/requirements.md#vin-quota): at most 30 distinct VINs per company per Asia/Seoul day;
 * opening a VIN the company already opened that day costs nothing; the three test VINs are free, and
 * still the company's vehicles once opened (docs/requirements.md#my-vehicles).
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

/** `charged`: the VIN was new today and took one of the day's 30; `used`: the day's distinct VINs after it. */
export interface OpenVinResult {
  charged: boolean;
  used: number;
}

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
 * Opens a test VIN for a company ($1 company, $2 VIN, $3 now, $4 member, $5 brand, $6 mcid, $7
 * title, $8 the Seoul day) and counts the day's VINs. Its row is on no day (`day` null), so no
 * count of a day sees it, and there is one per company and test VIN: a reopen touches it as
 * REOPEN does (at most once a second), a first opening adds it (two at once add one).
 */
const OPEN_TEST_VIN: PreparedStatement = {
  name: 'epc_test_vin_open',
  text: `with hit as (
      select id, last_at from epc_vin_searches
      where company_id = $1::int and day is null and vin = $2::char(17)
    ), touched as (
      update epc_vin_searches s set opens = s.opens + 1, last_at = $3::timestamptz
      from hit where s.id = hit.id and hit.last_at <= $3::timestamptz - interval '1 second'
      returning s.id
    ), added as (
      insert into epc_vin_searches (company_id, member_id, day, vin, brand, mcid, title, first_at, last_at)
      select $1::int, $4::int, null, $2::char(17), $5::text, $6::text, $7::text, $3::timestamptz, $3::timestamptz
      where not exists (select 1 from hit)
      on conflict do nothing
      returning id
    )
    select (select count(*)::int from epc_vin_searches where company_id = $1::int and day = $8::date) as used`,
};

/**
 * Opens a VIN for a company. The day's rows are counted and the new one inserted while holding
 * a per-company transaction lock, so concurrent searches of one company queue here and the 31st
 * distinct VIN is refused (429, EPC_MSG.quotaExceeded) however they interleave. Other companies do not wait.
 */
export async function openVin(
  db: Db,
  events: EventSink,
  input: OpenVinInput,
  now: Date = new Date(),
): Promise<OpenVinResult> {
  const day = seoulDay(now);
  if (isTestVin(input.vin)) {
    // Free of licence and quota, and no news to the tabs (the day's count does not change), yet the
    // company's vehicle: 내 차량 and its fit lines work in the demo shop.
    const [row] = await runPrepared<{ used: number }>(db, OPEN_TEST_VIN, [
      input.companyId,
      input.vin,
      now,
      input.memberId,
      input.brand,
      input.mcid,
      input.title,
      day,
    ]);
    return { charged: false, used: row!.used };
  }
  // Reopening a VIN of the day costs nothing and needs no lock: one statement finds it and counts
  // the day (a buyer's searches of one car queue on the company's lock otherwise). A new VIN takes
  // the locked path.
  const [reopened] = await runPrepared<{ reopened: boolean; used: number }>(db, REOPEN, [
    input.companyId,
    day,
    input.vin,
    now,
  ]);
  if (reopened!.reopened) return { charged: false, used: reopened!.used };
  const opened = await db.transaction(async (tx) => {
    await lockPair(tx, QUOTA_LOCK, input.companyId);
    const sameDay = and(eq(epcVinSearches.companyId, input.companyId), eq(epcVinSearches.day, day));
    const [again] = await tx
      .update(epcVinSearches)
      .set({ opens: sql`${epcVinSearches.opens} + 1`, lastAt: now })
      .where(and(sameDay, eq(epcVinSearches.vin, input.vin)))
      .returning({ id: epcVinSearches.id });
    const [{ used }] = (await tx.select({ used: count() }).from(epcVinSearches).where(sameDay)) as [{ used: number }];
    if (again) return { charged: false, used };
    if (used >= MAX_VIN_SEARCHES_PER_DAY) throw tooMany(EPC_MSG.quotaExceeded);
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
    return { charged: true, used: used + 1 };
  });
  // Only a VIN new today changes the day's count (userSearchVinCount); reopening one is no news.
  if (opened.charged)
    await events.publish({ type: 'vinOpened', companyId: input.companyId, memberId: input.memberId, vin: input.vin });
  return opened;
}

/** Distinct VINs the company opened on the Seoul day of `now` (`userSearchVinCount` of base info). */
export async function vinSearchCount(db: Db, companyId: number, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(epcVinSearches)
    .where(and(eq(epcVinSearches.companyId, companyId), eq(epcVinSearches.day, seoulDay(now))));
  return Number(row?.used ?? 0);
}

/** Licence days left of a company (rounded up; 0 when none or expired). */
export async function licenseDaysOf(db: Db, companyId: number): Promise<number> {
  const company = await companyById(db, companyId);
  return licenseDaysLeft(company?.licenseEnd ?? null);
}

/**
 * Who is asking, for the deeper calls: the company must have opened the VIN on this Seoul day and
 * still hold a live licence (or it is a test VIN). Checked inside the call's statement; without it
 * (service tests) the VIN counts as open.
 */
export interface Opener {
  companyId: number;
  now?: Date;
}

/** $2-$5 of OPENED_SQL: test VIN (or no opener), company, Seoul day, the moment the licence must outlive. */
export function openerValues(vin: string, opener: Opener | undefined): [boolean, number, string, Date] {
  if (!opener) return [true, 0, '1970-01-01', new Date(0)];
  const now = opener.now ?? new Date();
  return [isTestVin(vin), opener.companyId, seoulDay(now), now];
}

/**
 * "VIN opened today", the one rule the deeper calls answer by ($1 the VIN, $2-$5 openerValues): a
 * test VIN, or a VIN the company opened on this Seoul day while its licence still runs. A VIN
 * opened earlier in the day stops answering when the licence ends: opening it was paid for by the
 * licence. The calls' own statements select it as their `opened` column (one round trip);
 * isVinOpenToday runs it alone.
 */
export const OPENED_SQL = `($2::boolean or (exists(select 1 from epc_vin_searches s where s.company_id = $3::int and s.day = $4::date and s.vin = $1::char(17))
    and exists(select 1 from companies co where co.id = $3::int and co.license_end > $5::timestamptz))) as opened`;

const VIN_OPENED: PreparedStatement = { name: 'epc_vin_opened', text: `select ${OPENED_SQL}` };

/**
 * Whether the deeper catalogue calls may answer for this VIN (OPENED_SQL). This keeps the quota from
 * being bypassed by calling them directly, and a VIN opened in the morning from outliving the licence.
 */
export async function isVinOpenToday(db: Db, companyId: number, vin: string, now: Date = new Date()): Promise<boolean> {
  const [row] = await runPrepared<{ opened: boolean }>(db, VIN_OPENED, [vin, ...openerValues(vin, { companyId, now })]);
  return row!.opened;
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
  // Each VIN once with its latest title and brand, then the newest of those.
  const latest = latestOpenings(
    db,
    q.companyId,
    q.brand && q.brand !== 'all' ? eq(epcVinSearches.brand, q.brand) : undefined,
  ).as('latest');
  return db
    .select({ vin: latest.vin, title: latest.title, brand: latest.brand })
    .from(latest)
    .orderBy(desc(latest.lastAt))
    .limit(HISTORY_SIZE);
}
