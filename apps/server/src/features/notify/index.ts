/**
 * 알림톡 with SMS fallback (docs/requirements.md#notifications): the provider NOTIFY_PROVIDER
 * names, the `notify.send` job that sends one event to the accounts its settings reach, the helpers
 * the changes call on their transactions, and the member area's '알림 설정'.
 */
export { notifyFromConfig, consoleNotify, type NotifyMessage, type NotifyProvider } from './provider.js';
export { solapiNotify, NotifySendError } from './solapi.js';
export { notifySend, licenceScan, noticeReach } from './send.js';
export {
  notifyOrderPaid,
  notifyOrderMoved,
  notifyCashCredited,
  notifyTransferWaiting,
  notifyChatReply,
  notifyStatementAccount,
  CHAT_REPLY_WINDOW_MINUTES,
} from './events.js';
export { chatReplyNotices } from './chat-reply.js';
export { notifyRoutes } from './routes.js';
export { startNotifySchedule } from './schedule.js';
export { phoneBillsKey, phoneTextsKey, sendWithinAllowance } from './limit.js';
