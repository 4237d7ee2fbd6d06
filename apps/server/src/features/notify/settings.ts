import { and, eq } from 'drizzle-orm';
import { MEMBER_TYPE_MAIN, notifyEventsFor, type NotifySettings, type NotifySettingEvent } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { members } from '../../db/schema.js';
import { effectiveSetting, companyDefault } from './recipients.js';
import { notifySettings } from './schema.js';

interface Caller {
  id: number;
  type: number;
  phone: string;
  companyId: number;
}

/** The caller's '알림 설정' as it applies now (docs/requirements.md#notifications). */
export async function getNotifySettings(db: Db, me: Caller): Promise<NotifySettings> {
  const main = me.type === MEMBER_TYPE_MAIN;
  // The company's default is the main account's row (for a main account, its own).
  const rows = await db
    .select({ memberId: notifySettings.memberId, events: notifySettings.events, phone: notifySettings.phone })
    .from(notifySettings)
    .innerJoin(members, eq(members.id, notifySettings.memberId))
    .where(
      and(
        eq(notifySettings.companyId, me.companyId),
        eq(members.companyId, me.companyId),
        main ? eq(members.id, me.id) : undefined,
      ),
    );
  const [mainAccount] = main
    ? [{ id: me.id }]
    : await db
        .select({ id: members.id })
        .from(members)
        .where(
          and(eq(members.companyId, me.companyId), eq(members.type, MEMBER_TYPE_MAIN), eq(members.status, 'active')),
        )
        .limit(1);
  const company = rows.find((r) => r.memberId === mainAccount?.id);
  const own = rows.find((r) => r.memberId === me.id);
  const eff = effectiveSetting({ id: me.id, main, phone: me.phone }, own, company);
  return {
    scope: eff.scope,
    events: eff.events,
    phone: own?.phone ?? null,
    accountPhone: me.phone,
    choices: notifyEventsFor(main),
    companyEvents: companyDefault(company).filter((e) => notifyEventsFor(main).includes(e)),
  };
}

/**
 * Saves the caller's own row: a main account's is the company's default, a sub-account's its own.
 * A sub-account's `followCompany` removes its row. Only the caller's own row is ever written.
 */
export async function setNotifySettings(
  db: Db,
  me: Caller,
  form: { events: NotifySettingEvent[]; phone?: string | null | undefined; followCompany?: boolean | undefined },
): Promise<NotifySettings> {
  if (form.followCompany && me.type !== MEMBER_TYPE_MAIN) {
    await db.delete(notifySettings).where(eq(notifySettings.memberId, me.id));
  } else {
    const choices = notifyEventsFor(me.type === MEMBER_TYPE_MAIN);
    const row = {
      events: form.events.filter((e) => choices.includes(e)),
      phone: form.phone || null,
      updatedAt: new Date(),
    };
    await db
      .insert(notifySettings)
      .values({ memberId: me.id, companyId: me.companyId, ...row })
      .onConflictDoUpdate({ target: notifySettings.memberId, set: row });
  }
  return getNotifySettings(db, me);
}
