import { eq } from 'drizzle-orm';
import {
  MEMBER_TYPE_MAIN,
  MSG_NOTIFY,
  notifyEventsFor,
  type NotifySettings,
  type NotifySettingEvent,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { activeMainAccountId, hasVerifiedPhone } from '../members/repository.js';
import { savedNotifyPhone, settingsOfCompany } from './repository.js';
import { badRequest } from '../../shared/http.js';
import { checkPhoneCode } from '../auth/index.js';
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
  // The company's default is its first active main account's row, as the job reads it (recipients.ts).
  const mainAccountId = await activeMainAccountId(db, me.companyId);
  const setsDefault = main && mainAccountId === me.id;
  const rows = await settingsOfCompany(db, me.companyId, setsDefault ? me.id : null);
  const company = rows.find((r) => r.memberId === mainAccountId);
  const own = rows.find((r) => r.memberId === me.id);
  const eff = effectiveSetting({ id: me.id, main, phone: me.phone }, own, company, setsDefault);
  return {
    scope: eff.scope,
    events: eff.events,
    phone: own?.phone ?? null,
    accountPhone: me.phone,
    choices: notifyEventsFor(main),
    companyEvents: companyDefault(company).filter((e) => notifyEventsFor(main).includes(e)),
  };
}

/** Whether the caller's settings are the company's default: it is the first active main account. */
async function setsCompanyDefault(db: Db, me: Caller): Promise<boolean> {
  return me.type === MEMBER_TYPE_MAIN && (await activeMainAccountId(db, me.companyId)) === me.id;
}

/**
 * Whether `phone` may be saved without a code: it is the one the caller's row already names, the
 * account's own, or the verified phone of an active account of the same company (docs/requirements.md#notifications).
 */
async function knownPhone(db: Db, me: Caller, phone: string): Promise<boolean> {
  if (phone === me.phone) return true;
  if ((await savedNotifyPhone(db, me.id)) === phone) return true;
  return hasVerifiedPhone(db, me.companyId, phone);
}

/**
 * Saves the caller's own row: the first main account's is the company's default, any other account's
 * its own. Another account's `followCompany` removes its row. Only the caller's own row is ever written. A
 * phone the account does not already have (knownPhone) is saved only with the code sent to it
 * (api/notifyPhoneCode), which it uses up; without it, or with a wrong one, 400 and nothing changes.
 */
export async function setNotifySettings(
  db: Db,
  me: Caller,
  form: {
    events: NotifySettingEvent[];
    phone?: string | null | undefined;
    followCompany?: boolean | undefined;
    authCode?: string | undefined;
  },
): Promise<NotifySettings> {
  if (form.followCompany && !(await setsCompanyDefault(db, me))) {
    await db.delete(notifySettings).where(eq(notifySettings.memberId, me.id));
  } else {
    const choices = notifyEventsFor(me.type === MEMBER_TYPE_MAIN);
    const row = {
      events: form.events.filter((e) => choices.includes(e)),
      phone: form.phone || null,
      updatedAt: new Date(),
    };
    if (row.phone && !(await knownPhone(db, me, row.phone))) {
      if (!form.authCode) throw badRequest(MSG_NOTIFY.phoneCodeRequired, 'authCode');
      // Not in a transaction with the save: a wrong code must stay counted (five lock the code).
      await checkPhoneCode(db, row.phone, 'notify', form.authCode, 'consume');
    }
    await db
      .insert(notifySettings)
      .values({ memberId: me.id, companyId: me.companyId, ...row })
      .onConflictDoUpdate({ target: notifySettings.memberId, set: row });
  }
  return getNotifySettings(db, me);
}
