/** The /chat namespace's rooms (staff, every customer, one customer's tabs, one session's sockets) and what a socket carries. */
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
