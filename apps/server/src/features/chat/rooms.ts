import type { ChatMessage } from '@partsmall/contract';
/**
 * The /chat namespace's rooms (staff, every customer, one customer's tabs, one session's sockets), what a
 * socket carries, and what the rest of the server may ask of the channel.
 */
/** Kept on the socket and readable from every process (fetchSockets), so only small plain values. */
export interface ChatSocketData {
  memberId: number;
  side: 'customer' | 'staff';
}

export const chatRooms = {
  staff: 'chat:staff',
  customers: 'chat:customers',
  customer: (id: number) => `chat:customer:${id}`,
  session: (id: number) => `chat:session:${id}`,
};

/** What the rest of the server may ask of the chat channel. */
export interface ChatChannel {
  /** Delivers a message stored outside the socket (an upload) to the customer's tabs and to staff. */
  announce(message: ChatMessage): void;
  /** Ends the chat sockets of revoked sessions. */
  endSessions(sessionIds: number[]): void;
  /** Whether the customer has a chat socket open on any process. */
  customerOnline(customerId: number): Promise<boolean>;
  /** Customers with a live chat connection on any process (several tabs count once). */
  countOnlineCustomers(): Promise<number>;
  /** Stops announcing presence (the server is closing: the sockets' disconnects are not news). */
  close(): void;
}
