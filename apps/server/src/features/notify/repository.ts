import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { MEMBER_TYPE_MAIN } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { activeAccountsSubquery, companyMemberIds } from '../members/repository.js';
import { notifySettings } from './schema.js';

/** The '알림 설정' rows read with the accounts they belong to (docs/architecture.md#the-database). */

/** The company's active accounts, main accounts first, each with its saved setting (null events: none). */
export function accountsWithSettings(db: Db | Tx, companyId: number) {
  const account = activeAccountsSubquery(db, companyId);
  return db
    .select({
      id: account.id,
      type: account.type,
      phone: account.phone,
      events: notifySettings.events,
      settingPhone: notifySettings.phone,
    })
    .from(account)
    .leftJoin(notifySettings, and(eq(notifySettings.memberId, account.id), eq(notifySettings.companyId, companyId)))
    .orderBy(sql`${account.type} <> ${MEMBER_TYPE_MAIN}`, asc(account.id));
}

/** The saved settings of a company's accounts (only `memberId`'s when given): the company default is the main account's. */
export function settingsOfCompany(db: Db, companyId: number, memberId: number | null) {
  return db
    .select({ memberId: notifySettings.memberId, events: notifySettings.events, phone: notifySettings.phone })
    .from(notifySettings)
    .where(
      and(
        eq(notifySettings.companyId, companyId),
        inArray(notifySettings.memberId, companyMemberIds(db, companyId)),
        memberId !== null ? eq(notifySettings.memberId, memberId) : undefined,
      ),
    );
}

/** The phone a member saved for their notices, or undefined. */
export async function savedNotifyPhone(db: Db, memberId: number): Promise<string | null | undefined> {
  const [saved] = await db
    .select({ phone: notifySettings.phone })
    .from(notifySettings)
    .where(eq(notifySettings.memberId, memberId));
  return saved?.phone;
}

/** The phones these members chose for their notices (their own phones are the member rows'). */
export async function notifyPhonesOf(tx: Tx, memberIds: number[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await tx
    .select({ phone: notifySettings.phone })
    .from(notifySettings)
    .where(inArray(notifySettings.memberId, memberIds));
  return rows.flatMap((r) => (r.phone ? [r.phone] : []));
}

/** Forgets the '알림 설정' of these members, or of a whole company (a withdrawal, docs/requirements.md#retention). */
export async function forgetNotifySettings(tx: Tx, of: { memberIds: number[] } | { companyId: number }): Promise<void> {
  await tx
    .delete(notifySettings)
    .where(
      'memberIds' in of ? inArray(notifySettings.memberId, of.memberIds) : eq(notifySettings.companyId, of.companyId),
    );
}

/**
 * Of these phones, those an account that stays still holds: its own phone (an active account of the
 * company that `leaving` leaves) or the one any account not leaving chose for its notices. A withdrawal
 * forgets only the others (docs/requirements.md#retention): a sub-account's notices sent to its main
 * account's phone must not take that phone's codes and day counts with it.
 */
export async function phonesStillHeld(
  tx: Tx,
  companyId: number,
  phones: string[],
  leaving: number[],
): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const account = activeAccountsSubquery(tx, companyId);
  const own = await tx
    .select({ phone: account.phone })
    .from(account)
    .where(and(inArray(account.phone, phones), notInArray(account.id, leaving)));
  const chosen = await tx
    .select({ phone: notifySettings.phone })
    .from(notifySettings)
    .where(and(inArray(notifySettings.phone, phones), notInArray(notifySettings.memberId, leaving)));
  return new Set([...own, ...chosen].flatMap((r) => (r.phone ? [r.phone] : [])));
}
