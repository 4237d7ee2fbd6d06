/** The sms feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { readOutbox, smsFromConfig } from './provider.js';
export type { SmsProvider } from './provider.js';
export { solapiAuthorization } from './solapi.js';
export type { SolapiSettings } from './solapi.js';
export { GROUP_IN_USE, solapiGroupClient } from './solapi-client.js';
export { smsText } from './sms-text.js';
export type { SolapiOutcome } from './solapi-client.js';
