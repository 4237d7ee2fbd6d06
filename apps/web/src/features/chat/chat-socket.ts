import { useCallback, useMemo, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_EVENTS,
  CHAT_NAMESPACE,
  type ChatAck,
  type ChatMessage,
  type ChatPayload,
  type ChatRequest,
  type ChatResults,
  type ChatToClient,
  type ChatToServer,
} from '@partsmall/contract';

/**
 * The chat channel as the screens use it (docs/requirements.md#chat, docs/requirements.md#realtime-channels). Messages carry a
 * client id and are resent with the same id until the server acknowledges them, so a send that
 * timed out while a phone changed network is stored once; after a reconnect each side asks for
 * everything after the last stored id it has, so nothing is lost.
 */

/** The chat socket, typed by the contract's event table (socket-events.ts). */
export type ChatSocket = Socket<ChatToClient, ChatToServer>;

export function openChatSocket(token: string): ChatSocket {
  return io(CHAT_NAMESPACE, { auth: { token }, transports: ['websocket', 'polling'] });
}

/** A message's own id (clientMessageId): sent again, the server keeps the message once. */
export { newRequestId as newClientId } from '../../shared/request-id';

/** A message on screen: stored (seq > 0) or still on its way (pending). */
export interface ChatLine extends ChatMessage {
  pending?: boolean;
}

/** Merges messages by stored id (and replaces the pending copy of a client id), in stored order. */
export function mergeMessages(list: ChatLine[], incoming: ChatMessage[]): ChatLine[] {
  if (incoming.length === 0) return list;
  const byClient = new Set(incoming.map((m) => m.clientMessageId));
  const bySeq = new Map<number, ChatLine>();
  const pending: ChatLine[] = [];
  for (const m of list) {
    if (m.pending) {
      if (!byClient.has(m.clientMessageId)) pending.push(m);
    } else bySeq.set(m.seq, m);
  }
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...[...bySeq.values()].sort((a, b) => a.seq - b.seq), ...pending];
}

export const lastSeqOf = (list: ChatLine[]) => list.reduce((max, m) => (!m.pending && m.seq > max ? m.seq : max), 0);

export const ACK_TIMEOUT_MS = 8000;

/** A chat request of the event table with its payload, resolved with its acknowledgement. */
export function emitAck<K extends ChatRequest>(
  socket: ChatSocket,
  event: K,
  payload: ChatPayload<K>,
): Promise<ChatAck<ChatResults<K>>> {
  // socket.io's own typing of acknowledgements with a timeout is not worth its generics here: the table gives the types.
  return (socket as unknown as Socket).timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload) as Promise<
    ChatAck<ChatResults<K>>
  >;
}

export interface Outgoing {
  event: typeof CHAT_EVENTS.userMessage | typeof CHAT_EVENTS.adminMessage;
  payload: Record<string, unknown> & { clientMessageId: string };
  targetUser: number;
}

/** Sending with resends: one queue per socket, kept across reconnects. */
export function useOutbox(
  socketRef: React.RefObject<ChatSocket | null>,
  onStored: (m: ChatMessage) => void,
  onRefused: (message: string, clientId: string) => void,
) {
  const queue = useRef(new Map<string, Outgoing>());
  const flight = useRef(new Set<string>());
  const trySend = useCallback(
    async (o: Outgoing) => {
      const s = socketRef.current;
      if (!s?.connected || flight.current.has(o.payload.clientMessageId)) return;
      flight.current.add(o.payload.clientMessageId);
      try {
        const ack = await emitAck(s, o.event, o.payload as ChatPayload<typeof o.event>);
        queue.current.delete(o.payload.clientMessageId);
        if (ack.code === 201 && ack.results) onStored(ack.results);
        else if (ack.code === 401) return;
        else onRefused(ack.message, o.payload.clientMessageId);
      } catch {
        // No acknowledgement in time: kept, and resent with the same id on the next connect.
      } finally {
        flight.current.delete(o.payload.clientMessageId);
      }
    },
    [socketRef, onStored, onRefused],
  );
  const resendAll = useCallback(() => {
    for (const o of queue.current.values()) void trySend(o);
  }, [trySend]);
  const push = useCallback(
    (o: Outgoing) => {
      queue.current.set(o.payload.clientMessageId, o);
      void trySend(o);
    },
    [trySend],
  );
  return useMemo(() => ({ push, resendAll }), [push, resendAll]);
}

export function pendingLine(
  text: string,
  clientMessageId: string,
  targetUser: number,
  side: 'user' | 'admin',
  name: string,
): ChatLine {
  return {
    seq: 0,
    clientMessageId,
    sendMessage: text,
    sendMessageType: 'string',
    type: 'text',
    fileList: [],
    sendUserId: 0,
    sendUserAccount: '',
    sendUserName: name,
    sendSide: side,
    created: new Date().toISOString(),
    room: '',
    targetUser,
    product: null,
    pending: true,
  };
}

export type ChatStatus = 'connecting' | 'online' | 'offline' | 'unauthorized';
