import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MEMBER_TYPE_MAIN } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { members } from '../members/schema.js';
import { notifySettings } from './schema.js';

/** The '알림 설정' rows read with the accounts they belong to (docs/architecture.md#the-database). */

/** The company's active accounts, main accounts first, each with its saved setting (null events: none). */
export function accountsWithSettings(db: Db | Tx, companyId: number) {
  return db
    .select({
      id: members.id,
      type: members.type,
      phone: members.phone,
      events: notifySettings.events,
      settingPhone: notifySettings.phone,
    })
    .from(members)
    .leftJoin(
      notifySettings,
      and(eq(notifySettings.memberId, members.id), eq(notifySettings.companyId, members.companyId)),
    )
    .where(and(eq(members.companyId, companyId), eq(members.status, 'active')))
    .orderBy(sql`${members.type} <> ${MEMBER_TYPE_MAIN}`, asc(members.id));
}

/** The saved settings of a company's accounts (only `memberId`'s when given): the company default is the main account's. */
export function settingsOfCompany(db: Db, companyId: number, memberId: number | null) {
  return db
    .select({ memberId: notifySettings.memberId, events: notifySettings.events, phone: notifySettings.phone })
    .from(notifySettings)
    .innerJoin(members, eq(members.id, notifySettings.memberId))
    .where(
      and(
        eq(notifySettings.companyId, companyId),
        eq(members.companyId, companyId),
        memberId !== null ? eq(members.id, memberId) : undefined,
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

/** Forgets the '알림 설정' of these members, or of a whole company (a withdrawal, docs/requirements.md#retention). */
export async function forgetNotifySettings(tx: Tx, of: { memberIds: number[] } | { companyId: number }): Promise<void> {
  await tx
    .delete(notifySettings)
    .where(
      'memberIds' in of ? inArray(notifySettings.memberId, of.memberIds) : eq(notifySettings.companyId, of.companyId),
    );
}
