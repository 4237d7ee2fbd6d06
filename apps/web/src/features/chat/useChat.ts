/**
 * The chat channel as the screens use it: the socket and its resend rules (chat-socket.ts), the
 * customer's side (useCustomerChat.ts) and the staff's (useStaffChat.ts).
 */
export {
  mergeMessages,
  newClientId,
  openChatSocket,
  type ChatLine,
  type ChatSocket,
  type ChatStatus,
} from './chat-socket';
export { useCustomerChat } from './useCustomerChat';
export { useStaffChat } from './useStaffChat';
export type { ChatOptions } from './useChatChannel';
