import { z } from 'zod';
import { MSG } from './messages.js';
import { authCodeField, mobilePhoneField } from './auth.js';
import { answerOf } from './envelope.js';
import type { NotifyEvent } from './notify-templates.js';

/**
 * 알림톡 with SMS fallback (docs/requirements.md#notifications): which events the shop sends, the
 * job that sends one, and the member area's '알림 설정'. Verification codes stay plain SMS and are
 * not listed; restock messages are sent by their own job (the buyer's restock request) and are not
 * listed either.
 */

/** The events a member chooses in '알림 설정', in the order the page shows them. */
export const NOTIFY_SETTING_EVENTS = [
  'orderPaid',
  'shipmentConfirmed',
  'shipped',
  'pickedUp',
  'sellerCancelled',
  'returnApproved',
  'returnOnHold',
  'cashCredited',
  'bankTransferWaiting',
  'licenceEnding',
  'chatReply',
  'creditStatement',
  'creditReminder',
  'statementAccount',
] as const satisfies readonly NotifyEvent[];
export type NotifySettingEvent = (typeof NOTIFY_SETTING_EVENTS)[number];

/**
 * Events about the company's money and licence: a sub-account cannot see payments (those calls are
 * the main account's), so these reach main accounts only and a sub-account's page does not list them.
 */
export const NOTIFY_MAIN_ONLY_EVENTS: readonly NotifySettingEvent[] = [
  'cashCredited',
  'bankTransferWaiting',
  'licenceEnding',
  'creditStatement',
  'creditReminder',
  'statementAccount',
];

/** The events an account may choose: all for a main account, those about orders and chat for a sub-account. */
export const notifyEventsFor = (main: boolean): NotifySettingEvent[] =>
  main ? [...NOTIFY_SETTING_EVENTS] : NOTIFY_SETTING_EVENTS.filter((e) => !NOTIFY_MAIN_ONLY_EVENTS.includes(e));

/** How a message went out: 알림톡, or the SMS/LMS fallback (over 90 bytes in EUC-KR is an LMS). */
export const NOTIFY_CHANNELS = ['alimtalk', 'sms', 'lms'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** Bytes of a text as a Korean handset counts them (EUC-KR: Hangul and other non-ASCII 2, ASCII 1). */
export function eucKrBytes(text: string): number {
  let n = 0;
  for (const ch of text) n += ch.charCodeAt(0) < 0x80 ? 1 : 2;
  return n;
}

/** The SMS limit: a longer text goes as an LMS. */
export const SMS_MAX_BYTES = 90;

/** The fallback channel of a text: SMS up to 90 bytes (EUC-KR), LMS beyond. */
export const fallbackChannel = (text: string): 'sms' | 'lms' => (eucKrBytes(text) > SMS_MAX_BYTES ? 'lms' : 'sms');

const settingEvent = z.enum(NOTIFY_SETTING_EVENTS, { error: MSG.badRequest });

/**
 * One notification to send (job kind `notify.send`): the event, the company whose members get it
 * (or only `memberId`, for a member's own chat or transfer), and the template's values. Money is a
 * whole won number; instants are ISO strings. Recipients and phones are read when the job runs.
 * `after` names the keys of the earlier notifications about the same thing (an order's payment and
 * status events): it is sent once none of them is still waiting or running, so an order's messages
 * reach each phone in the order their events happened (docs/requirements.md#notifications). A job
 * written without it is sent at once.
 */
export const notifySendJobData = z.object({
  event: settingEvent,
  companyId: z.number().int().min(1),
  memberId: z.number().int().min(1).optional(),
  values: z.record(z.string().max(40), z.union([z.string().max(2000), z.number().int()])),
  after: z.array(z.string().min(1).max(200)).max(100).optional(),
});
export type NotifySendJobData = z.infer<typeof notifySendJobData>;

/** The daily look for licences ending in 3 days (Asia/Seoul day 'YYYY-MM-DD'). */
export const notifyLicenceScanJobData = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

export const MSG_NOTIFY = {
  saved: '알림 설정을 저장했습니다.',
  /** An event the list does not have, or events that are no list (docs/requirements.md#validation). */
  eventInvalid: '알림 종류를 다시 선택하세요.',
  phoneShape: MSG.phoneShape,
  /** `followCompany` sent as other than true/false; named by its label on '알림 설정'. */
  followCompanyType: "'회사 기본값 따르기'는 예 또는 아니오로 선택하세요.",
  /** A phone that is neither the saved one nor the account's own, sent without its code. */
  phoneCodeRequired: '새 휴대폰 번호로 알림을 받으려면 인증번호를 받아 입력하세요.',
  /** A bill's job whose phone had its day of bills (staff read it on the jobs screen). */
  billsDayFull: (cap: number) =>
    `이 번호는 오늘 받을 수 있는 청구 알림톡(${cap}건)을 모두 받았습니다. 내일 발송 작업에서 다시 시도하세요.`,
} as const;

/**
 * What one phone may receive (docs/requirements.md#notifications), a Seoul day, whichever accounts
 * name it: at most `textsPerPhonePerDay` 알림톡 and restock texts about orders, payments, chat and
 * stock, the rest of the day's not sent (and logged with the phone masked); and, counted apart so
 * that a busy day of orders never crowds them out, at most `billsPerPhonePerDay` 외상 bills
 * (NOTIFY_BILL_EVENTS), one past it failing its job for staff to see. Verification codes have their
 * own caps (PHONE_CODE).
 */
export const NOTIFY_LIMIT = { textsPerPhonePerDay: 50, billsPerPhonePerDay: 10 } as const;

/**
 * The 외상 bills: what the company owes and where to pay it (the month's statement and its 다시
 * 보내기, the reminders, the statement's virtual account). They have their own day per phone
 * (NOTIFY_LIMIT.billsPerPhonePerDay).
 */
export const NOTIFY_BILL_EVENTS: readonly NotifySettingEvent[] = [
  'creditStatement',
  'creditReminder',
  'statementAccount',
];

/** Whether a notification (an event, or 'restock') is a 외상 bill, counted on the bills' day. */
export const isNotifyBill = (what: string): boolean => (NOTIFY_BILL_EVENTS as readonly string[]).includes(what);

/** api/getNotifySettings: the caller's settings as they apply now. */
export const notifySettings = z.object({
  /** 'company': the main account's settings, the company's default; 'own': a sub-account's own; 'default': a sub-account following the company's. */
  scope: z.enum(['company', 'own', 'default']),
  /** The events that reach the phone. */
  events: z.array(settingEvent),
  /** The phone they reach; null = the account's own phone (`accountPhone`). */
  phone: z.string().nullable(),
  accountPhone: z.string(),
  /** The events this account may choose (a sub-account: those about orders and chat). */
  choices: z.array(settingEvent),
  /** The company's default events (what a sub-account without its own settings gets). */
  companyEvents: z.array(settingEvent),
});
export type NotifySettings = z.infer<typeof notifySettings>;
export const notifySettingsAnswer = answerOf(notifySettings);

/**
 * api/setNotifySettings: the events and the phone (empty = the account's own). A sub-account may
 * send `followCompany: true` to drop its own settings and follow the company's default again. A phone
 * other than the one saved and the account's own needs `authCode`, the code api/notifyPhoneCode sent
 * to it (a field of ours; the original payload still saves what it saved before).
 */
export const setNotifySettingsRequest = z.object({
  events: z
    .array(z.enum(NOTIFY_SETTING_EVENTS, { error: MSG_NOTIFY.eventInvalid }), { error: MSG_NOTIFY.eventInvalid })
    .max(NOTIFY_SETTING_EVENTS.length * 2, MSG_NOTIFY.eventInvalid)
    .transform((list) => NOTIFY_SETTING_EVENTS.filter((e) => list.includes(e))),
  phone: z.union([z.literal(''), mobilePhoneField]).nullish(),
  followCompany: z.boolean({ error: MSG_NOTIFY.followCompanyType }).optional(),
  authCode: authCodeField.optional(),
});
export type SetNotifySettingsRequest = z.input<typeof setNotifySettingsRequest>;

/** api/notifyPhoneCode: sends a code to the phone the account wants its notifications at. */
export const notifyPhoneCodeRequest = z.object({ phone: mobilePhoneField });
