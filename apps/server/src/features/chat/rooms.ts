/**
 * The /chat namespace's rooms (staff, every customer, one customer's tabs, one session's sockets), what a
 * socket carries, and what the rest of the server may ask of the channel.
 */
export type { ChatChannel } from './types.js';

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
