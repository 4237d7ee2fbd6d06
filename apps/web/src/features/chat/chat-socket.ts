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

/**
 * Sending with resends: one queue per socket, kept across reconnects. A refused message is taken
 * off and handed to `onRefused` with the server's message; one refused because the session ended
 * (401) with null, the end being told once by the chat, as is every message still waiting then
 * (`endSession`), so that their texts can go back into the box.
 */
export function useOutbox(
  socketRef: React.RefObject<ChatSocket | null>,
  onStored: (m: ChatMessage) => void,
  onRefused: (o: Outgoing, message: string | null) => void,
) {
  const queue = useRef(new Map<string, Outgoing>());
  const flight = useRef(new Set<string>());
  /** The session ended: a message whose answer then never comes is given back, not kept for a resend. */
  const ended = useRef(false);
  const refuse = useCallback(
    (o: Outgoing, message: string | null) => {
      // Taken once: by its own answer or by the session's end, whichever comes first.
      if (!queue.current.delete(o.payload.clientMessageId)) return;
      onRefused(o, message);
    },
    [onRefused],
  );
  const trySend = useCallback(
    async (o: Outgoing) => {
      const s = socketRef.current;
      const id = o.payload.clientMessageId;
      if (!s?.connected || flight.current.has(id)) return;
      flight.current.add(id);
      try {
        const ack = await emitAck(s, o.event, o.payload as ChatPayload<typeof o.event>);
        if (ack.code === 201) {
          queue.current.delete(id);
          if (ack.results) onStored(ack.results);
        } else refuse(o, ack.code === 401 ? null : ack.message);
      } catch {
        // No acknowledgement in time: kept, and resent with the same id on the next connect.
        if (ended.current) refuse(o, null);
      } finally {
        flight.current.delete(id);
      }
    },
    [socketRef, onStored, refuse],
  );
  const resendAll = useCallback(() => {
    for (const o of queue.current.values()) void trySend(o);
  }, [trySend]);
  const push = useCallback(
    (o: Outgoing) => {
      ended.current = false;
      queue.current.set(o.payload.clientMessageId, o);
      void trySend(o);
    },
    [trySend],
  );
  /** The session ended (the chat's 401): every message waiting is given back; one on its way, when its answer comes. */
  const endSession = useCallback(() => {
    ended.current = true;
    for (const o of [...queue.current.values()]) if (!flight.current.has(o.payload.clientMessageId)) refuse(o, null);
  }, [refuse]);
  return useMemo(() => ({ push, resendAll, endSession }), [push, resendAll, endSession]);
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
