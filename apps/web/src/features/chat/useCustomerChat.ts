import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_EVENTS,
  MSG_CHAT,
  type ChatAck,
  type ChatMessage,
  type ChatReadStatus,
  type ChatTyping,
} from '@partsmall/contract';
import {
  type ChatSocket,
  openChatSocket,
  newClientId,
  type ChatLine,
  mergeMessages,
  lastSeqOf,
  emitAck,
  useOutbox,
  pendingLine,
  type ChatStatus,
} from './chat-socket';

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
