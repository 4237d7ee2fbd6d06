import type { SolapiSettings } from './types.js';

/** The Solapi keys every Solapi provider needs (SMS_PROVIDER=solapi, NOTIFY_PROVIDER=solapi). */
export const SOLAPI_KEYS = ['SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SOLAPI_SENDER'];

/**
 * Solapi's keys, sender number (digits only) and address, shared by the verification texts and the
 * 알림톡 (docs/operations.md#providers); each names its own time limit. The keys are checked before.
 */
export const solapiSettings = (env: NodeJS.ProcessEnv, timeoutMs: number): SolapiSettings => ({
  apiKey: env.SOLAPI_API_KEY!,
  apiSecret: env.SOLAPI_API_SECRET!,
  sender: env.SOLAPI_SENDER!.replace(/\D/g, ''),
  apiUrl: env.SOLAPI_API_URL || 'https://api.solapi.com',
  timeoutMs,
});
