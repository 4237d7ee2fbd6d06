import { NOTIFY_SETTING_EVENTS, type NotifySettingEvent } from '@partsmall/contract';
import { envMs, requireKeys } from '../../shared/env.js';
import { SOLAPI_KEYS, solapiSettings } from '../sms/config.js';
import type { SolapiSettings } from '../sms/types.js';

/** Solapi's keys (shared with SMS_PROVIDER=solapi), the shop's Kakao channel and its template ids per event. */
export interface NotifySolapiSettings extends SolapiSettings {
  pfId: string;
  /** The template id Kakao approved for each event; an event without one goes as SMS/LMS. */
  templates: Partial<Record<NotifySettingEvent, string>>;
}

export interface NotifyConfig {
  /** 'off': production without a real provider nor ALLOW_CONSOLE_NOTIFY; every notify job parks with the reason. */
  provider: 'console' | 'solapi' | 'off';
  solapi: NotifySolapiSettings | null;
}

/** The variable of an event's template id: orderPaid → NOTIFY_TEMPLATE_ORDER_PAID. */
export const templateVariable = (event: NotifySettingEvent) =>
  `NOTIFY_TEMPLATE_${event.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * NOTIFY_PROVIDER (console by default) and its keys (docs/operations.md#providers). A refusal is
 * added to `refusals` (the server then does not start); production never runs the console one
 * unless ALLOW_CONSOLE_NOTIFY=true names it, as with the other providers: without it nothing is
 * sent and each notify job is parked with the reason, for staff to see.
 */
export function notifyConfig(env: NodeJS.ProcessEnv, production: boolean, refusals: string[]): NotifyConfig {
  const name = env.NOTIFY_PROVIDER ?? 'console';
  if (name !== 'console' && name !== 'solapi') {
    refusals.push(`NOTIFY_PROVIDER=${name} 은(는) 지원하지 않습니다 (console 또는 solapi)`);
    return { provider: 'off', solapi: null };
  }
  if (name === 'console')
    return { provider: production && env.ALLOW_CONSOLE_NOTIFY !== 'true' ? 'off' : 'console', solapi: null };
  if (!requireKeys(env, refusals, 'NOTIFY_PROVIDER=solapi', [...SOLAPI_KEYS, 'NOTIFY_SOLAPI_PFID']))
    return { provider: 'off', solapi: null };
  const templates: Partial<Record<NotifySettingEvent, string>> = {};
  for (const event of NOTIFY_SETTING_EVENTS) {
    const id = env[templateVariable(event)]?.trim();
    if (id) templates[event] = id;
  }
  return {
    provider: 'solapi',
    solapi: {
      // Below the job stop's 5 s (docs/architecture.md#jobs), so a stop never cuts a send short.
      ...solapiSettings(env, envMs(env, 'NOTIFY_TIMEOUT_MS', 4000)),
      pfId: env.NOTIFY_SOLAPI_PFID!,
      templates,
    },
  };
}
