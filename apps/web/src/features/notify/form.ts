import { z } from 'zod';
import {
  NOTIFY_SETTING_EVENTS,
  authCodeField,
  setNotifySettingsRequest,
  type NotifySettingEvent,
  type NotifySettings,
  type SetNotifySettingsRequest,
} from '@partsmall/contract';

/**
 * The '알림 설정' form: one checkbox per event (`on.<event>`), the phone, checked by the
 * contract's own phone rule, and the code sent to a new phone; `toRequest` turns it into
 * api/setNotifySettings' payload.
 */
export const notifyForm = z.object({
  on: z.object(
    Object.fromEntries(NOTIFY_SETTING_EVENTS.map((e) => [e, z.boolean()])) as Record<NotifySettingEvent, z.ZodBoolean>,
  ),
  phone: z.union([z.literal(''), setNotifySettingsRequest.shape.phone.unwrap().unwrap()]),
  authCode: z.union([z.literal(''), authCodeField]),
});
export type NotifyFormValues = z.output<typeof notifyForm>;

export function formDefaults(s: NotifySettings): NotifyFormValues {
  const on = Object.fromEntries(NOTIFY_SETTING_EVENTS.map((e) => [e, s.events.includes(e)])) as Record<
    NotifySettingEvent,
    boolean
  >;
  return { on, phone: s.phone ?? '', authCode: '' };
}

/**
 * Whether the typed phone is one the account does not have yet (neither the saved one nor the
 * account's own): it is saved only with the code sent to it (docs/requirements.md#notifications).
 */
export function isNewPhone(phone: string, s: NotifySettings): boolean {
  return phone !== '' && phone !== (s.phone ?? '') && phone !== s.accountPhone;
}

/**
 * The checked events among those the account may choose, in the page's order, the phone ('' = the
 * account's own) and, for a new phone, the code sent to it.
 */
export function toRequest(v: NotifyFormValues, choices: readonly NotifySettingEvent[]): SetNotifySettingsRequest {
  const events = NOTIFY_SETTING_EVENTS.filter((e) => choices.includes(e) && v.on[e]);
  return v.authCode ? { events, phone: v.phone, authCode: v.authCode } : { events, phone: v.phone };
}
