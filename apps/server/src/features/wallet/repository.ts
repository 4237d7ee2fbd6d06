import { desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members } from '../members/schema.js';
import { cashLedger } from './schema.js';

/** The wallet aggregate's reads for staff: ledger rows with who made them (docs/architecture.md#the-database). */

export type LedgerEntry = typeof cashLedger.$inferSelect;

/** Ledger rows matching `where`, newest first, with the member's name ('' for none). */
export async function ledgerWithNames(
  db: Db,
  where: SQL | undefined,
  limit: number,
): Promise<(LedgerEntry & { memberName: string })[]> {
  const rows = await db
    .select({ entry: cashLedger, memberName: members.name })
    .from(cashLedger)
    .leftJoin(members, eq(members.id, cashLedger.memberId))
    .where(where)
    .orderBy(desc(cashLedger.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.entry, memberName: r.memberName ?? '' }));
}
