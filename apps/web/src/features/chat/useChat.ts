import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_EVENTS,
  CHAT_NAMESPACE,
  MSG_CHAT,
  type ChatAck,
  type ChatMessage,
  type ChatPayload,
  type ChatRequest,
  type ChatResults,
  type ChatToClient,
  type ChatToServer,
  type ChatReadStatus,
  type ChatTyping,
  type ChatUser,
  type UsersToAdmin,
} from '@partsmall/contract';
import { applyMessage, mergeUsers } from './staff-users';

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

export const newClientId = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;

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

const lastSeqOf = (list: ChatLine[]) => list.reduce((max, m) => (!m.pending && m.seq > max ? m.seq : max), 0);

const ACK_TIMEOUT_MS = 8000;

/** A chat request of the event table with its payload, resolved with its acknowledgement. */
function emitAck<K extends ChatRequest>(
  socket: ChatSocket,
  event: K,
  payload: ChatPayload<K>,
): Promise<ChatAck<ChatResults<K>>> {
  // socket.io's own typing of acknowledgements with a timeout is not worth its generics here: the table gives the types.
  return (socket as unknown as Socket).timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload) as Promise<
    ChatAck<ChatResults<K>>
  >;
}

interface Outgoing {
  event: typeof CHAT_EVENTS.userMessage | typeof CHAT_EVENTS.adminMessage;
  payload: Record<string, unknown> & { clientMessageId: string };
  targetUser: number;
}

/** Sending with resends: one queue per socket, kept across reconnects. */
function useOutbox(
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

function pendingLine(
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

export interface CustomerChatOptions {
  token: string | null;
  name: string;
  onIncoming?: (m: ChatMessage) => void;
  onError?: (message: string) => void;
}

/** The customer's side: their one conversation with the shop's staff. */
export function useCustomerChat({ token, name, onIncoming, onError }: CustomerChatOptions) {
  const socketRef = useRef<ChatSocket | null>(null);
  const [messages, setMessages] = useState<ChatLine[]>([]);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [loaded, setLoaded] = useState(false);
  const [staffRead, setStaffRead] = useState(0);
  const [typing, setTyping] = useState<string | null>(null);
  const [unread, setUnread] = useState(0);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const handlers = useRef({ onIncoming, onError });
  handlers.current = { onIncoming, onError };

  const onStored = useCallback((m: ChatMessage) => setMessages((list) => mergeMessages(list, [m])), []);
  const onRefused = useCallback((message: string, clientId: string) => {
    setMessages((list) => list.filter((m) => !(m.pending && m.clientMessageId === clientId)));
    handlers.current.onError?.(message);
  }, []);
  const outbox = useOutbox(socketRef, onStored, onRefused);

  useEffect(() => {
    if (!token) return;
    const s = openChatSocket(token);
    socketRef.current = s;
    const catchUp = async () => {
      setStatus('online');
      const after = lastSeqOf(messagesRef.current);
      // First connect: the newest page; a reconnect: everything since the last stored id.
      const answer = await emitAck(
        s,
        CHAT_EVENTS.oldMessageRequest,
        after > 0 ? { afterSeq: after } : { page: 1, size: 50 },
      ).catch(() => null);
      if (answer?.code === 200 && answer.results) {
        const r = answer.results;
        setMessages((list) => mergeMessages(list, r.messages));
        setStaffRead(r.readMarks.adminReadSeq);
        setUnread(r.unread);
      }
      setLoaded(true);
      outbox.resendAll();
    };
    s.on('connect', () => void catchUp());
    s.on('disconnect', () => setStatus((st) => (st === 'unauthorized' ? st : 'offline')));
    s.on(CHAT_EVENTS.messageToUser, (m: ChatMessage) => {
      setMessages((list) => mergeMessages(list, [m]));
      if (m.sendSide === 'admin') {
        setUnread((n) => n + 1);
        setTyping(null);
        handlers.current.onIncoming?.(m);
      }
    });
    s.on(CHAT_EVENTS.readStatus, (r: ChatReadStatus) => {
      if (r.side === 'admin') setStaffRead((v) => Math.max(v, r.seq));
      else setUnread(0);
    });
    s.on(CHAT_EVENTS.typing, (t: ChatTyping) => setTyping(t.typing ? t.name : null));
    s.on(CHAT_EVENTS.chatError, (e: ChatAck) => {
      if (e.code === 401 || e.code === 403) {
        setStatus('unauthorized');
        s.disconnect();
      } else handlers.current.onError?.(e.message);
    });
    return () => {
      s.removeAllListeners();
      s.disconnect();
      socketRef.current = null;
    };
  }, [token, outbox]);

  const send = useCallback(
    (text: string, productId?: number): boolean => {
      const trimmed = text.trim();
      if (trimmed === '') {
        handlers.current.onError?.(MSG_CHAT.messageRequired);
        return false;
      }
      const clientMessageId = newClientId();
      setMessages((list) => [...list, pendingLine(trimmed, clientMessageId, 0, 'user', name)]);
      outbox.push({
        event: CHAT_EVENTS.userMessage,
        payload: { sendMessage: trimmed, clientMessageId, ...(productId ? { productId } : {}) },
        targetUser: 0,
      });
      return true;
    },
    [name, outbox],
  );

  const markRead = useCallback(() => {
    const s = socketRef.current;
    if (!s?.connected) return;
    setUnread(0);
    s.emit(CHAT_EVENTS.updateReadStatus, {});
  }, []);

  const lastTyping = useRef(0);
  const sendTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < 1500) return;
    lastTyping.current = now;
    socketRef.current?.volatile.emit(CHAT_EVENTS.typing, { typing: true });
  }, []);

  return {
    messages,
    status,
    loaded,
    staffRead,
    typing,
    unread,
    send,
    markRead,
    sendTyping,
    addStored: onStored,
    socket: socketRef,
  };
}

export interface StaffChatOptions {
  token: string | null;
  name: string;
  onIncoming?: (m: ChatMessage) => void;
  onError?: (message: string) => void;
}

/** The staff console's side: every customer, one conversation open at a time. */
export function useStaffChat({ token, name, onIncoming, onError }: StaffChatOptions) {
  const socketRef = useRef<ChatSocket | null>(null);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [users, setUsers] = useState<ChatUser[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [conversations, setConversations] = useState<Record<number, ChatLine[]>>({});
  const [customerRead, setCustomerRead] = useState<Record<number, number>>({});
  const [typing, setTyping] = useState<Record<number, boolean>>({});
  const convRef = useRef(conversations);
  convRef.current = conversations;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const usersRef = useRef(users);
  usersRef.current = users;
  const handlers = useRef({ onIncoming, onError });
  handlers.current = { onIncoming, onError };

  const onStored = useCallback(
    (m: ChatMessage) => setConversations((c) => ({ ...c, [m.targetUser]: mergeMessages(c[m.targetUser] ?? [], [m]) })),
    [],
  );
  const onRefused = useCallback((message: string, clientId: string) => {
    setConversations((c) =>
      Object.fromEntries(
        Object.entries(c).map(([k, list]) => [k, list.filter((m) => !(m.pending && m.clientMessageId === clientId))]),
      ),
    );
    handlers.current.onError?.(message);
  }, []);
  const outbox = useOutbox(socketRef, onStored, onRefused);

  const load = useCallback(async (targetUser: number) => {
    const s = socketRef.current;
    if (!s?.connected) return;
    const after = lastSeqOf(convRef.current[targetUser] ?? []);
    const answer = await emitAck(
      s,
      CHAT_EVENTS.oldMessageAdminRequest,
      after > 0 ? { targetUser, afterSeq: after } : { targetUser, page: 1, size: 50 },
    ).catch(() => null);
    if (answer?.code === 200 && answer.results) {
      const r = answer.results;
      setConversations((c) => ({ ...c, [targetUser]: mergeMessages(c[targetUser] ?? [], r.messages) }));
      setCustomerRead((v) => ({ ...v, [targetUser]: r.readMarks.userReadSeq }));
    } else if (answer) handlers.current.onError?.(answer.message);
  }, []);

  const markRead = useCallback((targetUser: number | null = selectedRef.current) => {
    const s = socketRef.current;
    if (!s?.connected || targetUser === null) return;
    s.emit(CHAT_EVENTS.updateReadStatus, { user: targetUser });
  }, []);

  useEffect(() => {
    if (!token) return;
    const s = openChatSocket(token);
    socketRef.current = s;
    s.on('connect', () => {
      setStatus('online');
      const current = selectedRef.current;
      if (current !== null) void load(current);
      outbox.resendAll();
    });
    s.on('disconnect', () => setStatus((st) => (st === 'unauthorized' ? st : 'offline')));
    s.on(CHAT_EVENTS.usersToAdmin, (body: UsersToAdmin) => {
      setUsers((list) => mergeUsers(list, body.users, body.full));
      // The first user is selected by default (docs/requirements.md#chat-screens).
      setSelected((cur) => cur ?? body.users[0]?.seq ?? null);
    });
    s.on(CHAT_EVENTS.messageToAdmin, (m: ChatMessage) => {
      setConversations((c) => (c[m.targetUser] ? { ...c, [m.targetUser]: mergeMessages(c[m.targetUser]!, [m]) } : c));
      // The sender's row: preview, time, unread and highlight, moved to the top. A customer not
      // listed yet brings the whole list from the server (company, phone, their read state).
      const viewing = selectedRef.current === m.targetUser && document.hasFocus();
      if (m.sendSide === 'user' && !usersRef.current.some((u) => u.seq === m.targetUser))
        s.emit(CHAT_EVENTS.usersRequest, {});
      setUsers((list) => applyMessage(list, m, viewing));
      if (m.sendSide === 'user') {
        setTyping((t) => ({ ...t, [m.targetUser]: false }));
        handlers.current.onIncoming?.(m);
      }
    });
    s.on(CHAT_EVENTS.readStatus, (r: ChatReadStatus) => {
      if (r.side === 'user') setCustomerRead((v) => ({ ...v, [r.targetUser]: Math.max(v[r.targetUser] ?? 0, r.seq) }));
    });
    s.on(CHAT_EVENTS.typing, (t: ChatTyping) => {
      if (t.side === 'user') setTyping((v) => ({ ...v, [t.targetUser]: t.typing }));
    });
    s.on(CHAT_EVENTS.chatError, (e: ChatAck) => {
      if (e.code === 401 || e.code === 403) {
        setStatus('unauthorized');
        s.disconnect();
      } else handlers.current.onError?.(e.message);
    });
    return () => {
      s.removeAllListeners();
      s.disconnect();
      socketRef.current = null;
    };
  }, [token, load, outbox]);

  // Choosing a user shows the conversation and sends a read-status update (docs/requirements.md#chat).
  useEffect(() => {
    if (selected === null || status !== 'online') return;
    void load(selected).then(() => markRead(selected));
  }, [selected, status, load, markRead]);

  const send = useCallback(
    (text: string): boolean => {
      const targetUser = selectedRef.current;
      const trimmed = text.trim();
      if (targetUser === null) return false;
      if (trimmed === '') {
        handlers.current.onError?.(MSG_CHAT.messageRequired);
        return false;
      }
      const clientMessageId = newClientId();
      setConversations((c) => ({
        ...c,
        [targetUser]: [...(c[targetUser] ?? []), pendingLine(trimmed, clientMessageId, targetUser, 'admin', name)],
      }));
      outbox.push({
        event: CHAT_EVENTS.adminMessage,
        payload: { sendMessage: trimmed, clientMessageId, targetUser },
        targetUser,
      });
      return true;
    },
    [name, outbox],
  );

  const lastTyping = useRef(0);
  const sendTyping = useCallback(() => {
    const now = Date.now();
    const targetUser = selectedRef.current;
    if (targetUser === null || now - lastTyping.current < 1500) return;
    lastTyping.current = now;
    socketRef.current?.volatile.emit(CHAT_EVENTS.typing, { typing: true, targetUser });
  }, []);

  const request = useCallback(
    async <K extends ChatRequest>(event: K, payload: ChatPayload<K>): Promise<ChatAck<ChatResults<K>>> => {
      const s = socketRef.current;
      if (!s?.connected) return { code: 0, message: '' };
      return emitAck(s, event, payload).catch(() => ({ code: 0, message: '' }));
    },
    [],
  );

  return {
    status,
    users,
    selected,
    select: setSelected,
    conversations,
    customerRead,
    typing,
    send,
    markRead,
    sendTyping,
    addStored: onStored,
    request,
  };
}
