import { useCallback, useRef, useState } from 'react';
import { CHAT_EVENTS, type ChatMessage, type ChatReadStatus, type ChatTyping } from '@partsmall/contract';
import { useHistory, type AskHistory } from './chat-history';
import { emitAck, mergeMessages, type ChatLine, type ChatSocket } from './chat-socket';
import { useChatChannel, useChatConnection, type ChatOptions } from './useChatChannel';
import { useDraftOf } from './useDrafts';

/** The customer's side: their one conversation with the shop's staff. */
export function useCustomerChat({ token, name, onIncoming, onError, draftKey }: ChatOptions) {
  const [messages, setMessages] = useState<ChatLine[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [staffRead, setStaffRead] = useState(0);
  const [typing, setTyping] = useState<string | null>(null);
  const [unread, setUnread] = useState(0);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const onStored = useCallback((m: ChatMessage) => setMessages((list) => mergeMessages(list, [m])), []);
  const dropPending = useCallback(
    (clientId: string) => setMessages((list) => list.filter((m) => !(m.pending && m.clientMessageId === clientId))),
    [],
  );
  const channel = useChatChannel({ onIncoming, onError, onStored, dropPending, draftKey });
  const { socketRef, status, handlers, outbox, sendText, typingDue } = channel;

  // The one conversation's history (chat-history.ts), as conversation 0.
  const ask = useCallback<AskHistory>(
    async (_key, q) => {
      const s = socketRef.current;
      if (!s?.connected) return null;
      return emitAck(s, CHAT_EVENTS.oldMessageRequest, q).catch(() => null);
    },
    [socketRef],
  );
  const merge = useCallback(
    (_key: number, incoming: ChatMessage[]) => setMessages((list) => mergeMessages(list, incoming)),
    [],
  );
  const lines = useCallback(() => messagesRef.current, []);
  const told = useCallback((message: string) => handlers.current.onError?.(message), [handlers]);
  const history = useHistory(ask, merge, lines, told);
  const { catchUp: historyCatchUp, earlier } = history;

  const listen = useCallback(
    (s: ChatSocket) => {
      const catchUp = async () => {
        // First connect: the newest page; a reconnect: everything since the last stored id.
        const answer = await historyCatchUp(0);
        if (answer?.code === 200 && answer.results) {
          const r = answer.results;
          setStaffRead(r.readMarks.adminReadSeq);
          setUnread(r.unread);
        }
        setLoaded(true);
        outbox.resendAll();
      };
      s.on('connect', () => void catchUp());
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
    },
    [outbox, handlers, historyCatchUp],
  );
  useChatConnection(channel, token, listen);

  const send = useCallback(
    (text: string, productId?: number): boolean =>
      sendText(
        text,
        { event: CHAT_EVENTS.userMessage, targetUser: 0, side: 'user', name },
        productId ? { productId } : {},
        (line) => setMessages((list) => [...list, line]),
      ),
    [name, sendText],
  );

  const markRead = useCallback(() => {
    const s = socketRef.current;
    if (!s?.connected) return;
    setUnread(0);
    s.emit(CHAT_EVENTS.updateReadStatus, {});
  }, [socketRef]);

  const sendTyping = useCallback(() => {
    if (typingDue()) socketRef.current?.volatile.emit(CHAT_EVENTS.typing, { typing: true });
  }, [socketRef, typingDue]);

  // The customer's one conversation is the drafts' 0.
  const draft = useDraftOf(channel, 0);

  const loadEarlier = useCallback(() => earlier(0), [earlier]);

  return {
    messages,
    /** Older messages are on the server, before the first shown. */
    older: history.older[0] ?? false,
    loadingEarlier: history.loadingEarlier === 0,
    loadEarlier,
    status,
    loaded,
    staffRead,
    typing,
    unread,
    send,
    markRead,
    sendTyping,
    ...draft,
    addStored: onStored,
    socket: socketRef,
  };
}
