import { z } from 'zod';
import {
  NOTIFY_SETTING_EVENTS,
  setNotifySettingsRequest,
  type NotifySettingEvent,
  type NotifySettings,
  type SetNotifySettingsRequest,
} from '@partsmall/contract';

/**
 * The '알림 설정' form: one checkbox per event (`on.<event>`) and the phone, checked by the
 * contract's own phone rule; `toRequest` turns it into api/setNotifySettings' payload.
 */
export const notifyForm = z.object({
  on: z.object(
    Object.fromEntries(NOTIFY_SETTING_EVENTS.map((e) => [e, z.boolean()])) as Record<NotifySettingEvent, z.ZodBoolean>,
  ),
  phone: z.union([z.literal(''), setNotifySettingsRequest.shape.phone.unwrap().unwrap()]),
});
export type NotifyFormValues = z.output<typeof notifyForm>;

export function formDefaults(s: NotifySettings): NotifyFormValues {
  const on = Object.fromEntries(NOTIFY_SETTING_EVENTS.map((e) => [e, s.events.includes(e)])) as Record<
    NotifySettingEvent,
    boolean
  >;
  return { on, phone: s.phone ?? '' };
}

/** The checked events among those the account may choose, in the page's order, and the phone ('' = the account's own). */
export function toRequest(v: NotifyFormValues, choices: readonly NotifySettingEvent[]): SetNotifySettingsRequest {
  return { events: NOTIFY_SETTING_EVENTS.filter((e) => choices.includes(e) && v.on[e]), phone: v.phone };
}
