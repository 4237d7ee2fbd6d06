import { NOTIFY_SETTING_EVENTS, notifyEventsFor, type NotifySettingEvent } from '@partsmall/contract';

/** An active account of the company, main accounts first. */
export interface NotifyAccount {
  id: number;
  main: boolean;
  phone: string;
}

/** A saved '알림 설정' row. */
export interface NotifySetting {
  events: readonly string[];
  phone: string | null;
}

export interface EffectiveSetting {
  scope: 'company' | 'own' | 'default';
  events: NotifySettingEvent[];
  /** The phone the events reach (the account's own when the setting names none). */
  phone: string;
}

const known = (events: readonly string[]) => NOTIFY_SETTING_EVENTS.filter((e) => events.includes(e));

/** The company's default: the first main account's saved events, or every event when it saved none. */
export function companyDefault(companySetting: NotifySetting | undefined): NotifySettingEvent[] {
  return companySetting ? known(companySetting.events) : [...NOTIFY_SETTING_EVENTS];
}

/**
 * The main account whose settings are the company's default: the first of its active main accounts
 * (the lowest id), however the accounts are listed (docs/requirements.md#notifications).
 */
export function defaultSetter<T extends { id: number; main: boolean }>(accounts: readonly T[]): T | undefined {
  let first: T | undefined;
  for (const a of accounts) if (a.main && (!first || a.id < first.id)) first = a;
  return first;
}

/**
 * What applies to one account (docs/requirements.md#notifications): the first main account's own
 * settings are the company's default (`setsDefault`); any other account's own settings override it, and
 * without them it gets the company's default events on its own phone (the first main account's other
 * phone is never inherited). A sub-account never gets the money and licence events (NOTIFY_MAIN_ONLY_EVENTS);
 * another main account may.
 */
export function effectiveSetting(
  account: NotifyAccount,
  own: NotifySetting | undefined,
  companySetting: NotifySetting | undefined,
  setsDefault: boolean = account.main,
): EffectiveSetting {
  if (account.main && setsDefault)
    return { scope: 'company', events: companyDefault(own), phone: own?.phone || account.phone };
  // Money and licence events are the main accounts' (NOTIFY_MAIN_ONLY_EVENTS), whatever is saved.
  const allowed = notifyEventsFor(account.main);
  const sub = (events: readonly NotifySettingEvent[]) => events.filter((e) => allowed.includes(e));
  if (own) return { scope: 'own', events: sub(known(own.events)), phone: own.phone || account.phone };
  return { scope: 'default', events: sub(companyDefault(companySetting)), phone: account.phone };
}

/**
 * Who gets `event`: each account (or only `onlyMember`) whose effective setting lists it, at its
 * phone; one message per phone (two accounts naming the same phone get it once, the first listed).
 */
export function recipientsFor(
  event: NotifySettingEvent,
  accounts: readonly NotifyAccount[],
  settings: ReadonlyMap<number, NotifySetting>,
  onlyMember?: number,
): { memberId: number; phone: string }[] {
  const main = defaultSetter(accounts);
  const companySetting = main ? settings.get(main.id) : undefined;
  const out: { memberId: number; phone: string }[] = [];
  const phones = new Set<string>();
  for (const account of accounts) {
    if (onlyMember !== undefined && account.id !== onlyMember) continue;
    const eff = effectiveSetting(account, settings.get(account.id), companySetting, account === main);
    if (!eff.events.includes(event) || !eff.phone || phones.has(eff.phone)) continue;
    phones.add(eff.phone);
    out.push({ memberId: account.id, phone: eff.phone });
  }
  return out;
}
