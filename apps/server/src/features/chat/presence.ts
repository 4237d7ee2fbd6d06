import type { FastifyBaseLogger } from 'fastify';
import type { Namespace } from 'socket.io';
import { CHAT_EVENTS, type UsersToAdmin } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { listChatUsers } from './messages.js';
import { chatRooms, type ChatSocketData } from './rooms.js';

/** Customers announced in one presence update at most (keeps a connection storm's updates small). */
const PRESENCE_BATCH_MAX = 500;
/**
 * A presence update follows the previous one after at least this long: comings and goings meanwhile
 * go out together (a connection storm, or a busy shop's steady churn, costs staff a few updates a
 * second and the server a few list queries, not one per socket). The first after a quiet spell goes at once.
 */
const PRESENCE_MIN_INTERVAL_MS = 250;

/**
 * Who is online in the chat and how staff hear of it. Online state is read from the adapter
 * (fetchSockets), never from this process's memory, so it holds with several processes.
 */
export function chatPresence(nsp: Namespace, db: Db, log: FastifyBaseLogger) {
  let closed = false;

  async function onlineCustomers(): Promise<Set<number>> {
    const sockets = await nsp.in(chatRooms.customers).fetchSockets();
    return new Set(sockets.map((s) => (s.data as ChatSocketData).memberId));
  }

  /** Of these customers, the ones with a live chat socket on any process (one adapter round trip). */
  async function onlineAmong(memberIds: number[]): Promise<Set<number>> {
    const sockets = await nsp.in(memberIds.map(chatRooms.customer)).fetchSockets();
    return new Set(sockets.map((s) => (s.data as ChatSocketData).memberId));
  }

  /** Sends staff the current entries of some customers (online state, unread, state). */
  async function pushUsers(memberIds: number[]): Promise<void> {
    const users = await listChatUsers(db, { online: await onlineAmong(memberIds), ids: memberIds });
    const body: UsersToAdmin = { full: false, users };
    if (users.length > 0 && !closed) nsp.to(chatRooms.staff).emit(CHAT_EVENTS.usersToAdmin, body);
  }

  /**
   * Presence changes (connects and disconnects) and staff reads are announced one batch at a time
   * (usersToAdmin): the customers whose sockets came or went while a batch was being read go out
   * together in the next one, so a storm of connections costs a few adapter round trips and list
   * queries, not one of each per socket. Batches never overlap, and each reads the state when it
   * starts, so a late 'online' never overtakes an 'offline'.
   */
  const presencePending = new Set<number>();
  let presenceRunning = false;
  function queueUserUpdate(memberId: number) {
    if (closed) return;
    presencePending.add(memberId);
    if (presenceRunning) return;
    presenceRunning = true;
    void (async () => {
      while (presencePending.size > 0 && !closed) {
        const started = Date.now();
        const batch = [...presencePending].slice(0, PRESENCE_BATCH_MAX);
        for (const id of batch) presencePending.delete(id);
        await pushUsers(batch).catch((err) => log.error({ err }, 'chat presence push failed'));
        const rest = PRESENCE_MIN_INTERVAL_MS - (Date.now() - started);
        if (rest > 0 && presencePending.size > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
      presenceRunning = false;
    })();
  }

  return {
    onlineCustomers,
    onlineAmong,
    pushUser: (memberId: number) => pushUsers([memberId]),
    queueUserUpdate,
    /** Stops announcing presence (the server is closing: the sockets' disconnects are not news). */
    close() {
      closed = true;
    },
  };
}
