import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_EVENTS,
  type ChatAck,
  type ChatMessage,
  type ChatPayload,
  type ChatRequest,
  type ChatResults,
  type ChatReadStatus,
  type ChatTyping,
  type ChatUser,
  type UsersToAdmin,
} from '@partsmall/contract';
import { applyMessage, mergeUsers } from './staff-users';
import { useHistory, type AskHistory } from './chat-history';
import { emitAck, mergeMessages, type ChatLine, type ChatSocket } from './chat-socket';
import { useChatChannel, useChatConnection, type ChatOptions } from './useChatChannel';
import { readerHere } from './useChatWindow';
import { useDraftOf } from './useDrafts';

/**
 * Each customer's conversation lines (a ref to the latest for the socket's handlers): a stored
 * message merged into its customer's lines, a refused send's pending line dropped.
 */
function useConversationLines() {
  const [conversations, setConversations] = useState<Record<number, ChatLine[]>>({});
  const convRef = useRef(conversations);
  convRef.current = conversations;
  const onStored = useCallback(
    (m: ChatMessage) => setConversations((c) => ({ ...c, [m.targetUser]: mergeMessages(c[m.targetUser] ?? [], [m]) })),
    [],
  );
  const dropPending = useCallback(
    (clientId: string) =>
      setConversations((c) =>
        Object.fromEntries(
          Object.entries(c).map(([k, list]) => [k, list.filter((m) => !(m.pending && m.clientMessageId === clientId))]),
        ),
      ),
    [],
  );
  return { conversations, setConversations, convRef, onStored, dropPending };
}

/**
 * Each customer's history (chat-history.ts), and their read mark as its answers tell: `load` brings
 * a customer's conversation up to date.
 */
function useCustomerHistories(
  { socketRef, handlers }: Pick<ReturnType<typeof useChatChannel>, 'socketRef' | 'handlers'>,
  { setConversations, convRef }: Pick<ReturnType<typeof useConversationLines>, 'setConversations' | 'convRef'>,
) {
  const [customerRead, setCustomerRead] = useState<Record<number, number>>({});
  const ask = useCallback<AskHistory>(
    async (targetUser, q) => {
      const s = socketRef.current;
      if (!s?.connected) return null;
      return emitAck(s, CHAT_EVENTS.oldMessageAdminRequest, { targetUser, ...q }).catch(() => null);
    },
    [socketRef],
  );
  const merge = useCallback(
    (targetUser: number, incoming: ChatMessage[]) =>
      setConversations((c) => ({ ...c, [targetUser]: mergeMessages(c[targetUser] ?? [], incoming) })),
    [setConversations],
  );
  const lines = useCallback((targetUser: number) => convRef.current[targetUser] ?? [], [convRef]);
  const told = useCallback((message: string) => handlers.current.onError?.(message), [handlers]);
  const history = useHistory(ask, merge, lines, told);
  const { catchUp } = history;

  const load = useCallback(
    async (targetUser: number) => {
      const answer = await catchUp(targetUser);
      if (answer?.code === 200 && answer.results) {
        const r = answer.results;
        setCustomerRead((v) => ({ ...v, [targetUser]: r.readMarks.userReadSeq }));
      } else if (answer) handlers.current.onError?.(answer.message);
    },
    [catchUp, handlers],
  );

  return { history, load, customerRead, setCustomerRead };
}

/** The staff console's side: every customer, one conversation open at a time. */
export function useStaffChat({ token, name, onIncoming, onError, draftKey }: ChatOptions) {
  const [users, setUsers] = useState<ChatUser[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [typing, setTyping] = useState<Record<number, boolean>>({});
  const lines = useConversationLines();
  const { conversations, setConversations, onStored, dropPending } = lines;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const usersRef = useRef(users);
  usersRef.current = users;

  const channel = useChatChannel({ onIncoming, onError, onStored, dropPending, draftKey });
  const { socketRef, status, handlers, outbox, sendText, typingDue } = channel;

  const { history, load, customerRead, setCustomerRead } = useCustomerHistories(channel, lines);

  const markRead = useCallback(
    (targetUser: number | null = selectedRef.current) => {
      const s = socketRef.current;
      if (!s?.connected || targetUser === null) return;
      s.emit(CHAT_EVENTS.updateReadStatus, { user: targetUser });
    },
    [socketRef],
  );

  const listen = useCallback(
    (s: ChatSocket) => {
      s.on('connect', () => {
        const current = selectedRef.current;
        if (current !== null) void load(current);
        outbox.resendAll();
      });
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
        if (r.side === 'user')
          setCustomerRead((v) => ({ ...v, [r.targetUser]: Math.max(v[r.targetUser] ?? 0, r.seq) }));
      });
      s.on(CHAT_EVENTS.typing, (t: ChatTyping) => {
        if (t.side === 'user') setTyping((v) => ({ ...v, [t.targetUser]: t.typing }));
      });
    },
    [load, outbox, handlers, setConversations, setCustomerRead],
  );
  useChatConnection(channel, token, listen);

  // Choosing a user shows the conversation, and sends a read-status update when the reader is at the
  // window; else regaining focus does (ChatAdminPage). A reconnect only brings the conversation up to
  // date (the 'connect' listener): staff share one read mark per customer (docs/requirements.md#chat-screens).
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (selected === null || status !== 'online' || shown.current === selected) return;
    shown.current = selected;
    void load(selected).then(() => {
      if (readerHere()) markRead(selected);
    });
  }, [selected, status, load, markRead]);

  const send = useCallback(
    (text: string): boolean => {
      const targetUser = selectedRef.current;
      if (targetUser === null) return false;
      return sendText(
        text,
        { event: CHAT_EVENTS.adminMessage, targetUser, side: 'admin', name },
        { targetUser },
        (line) => setConversations((c) => ({ ...c, [targetUser]: [...(c[targetUser] ?? []), line] })),
      );
    },
    [name, sendText, setConversations],
  );

  const sendTyping = useCallback(() => {
    const targetUser = selectedRef.current;
    if (targetUser === null || !typingDue()) return;
    socketRef.current?.volatile.emit(CHAT_EVENTS.typing, { typing: true, targetUser });
  }, [socketRef, typingDue]);

  const request = useCallback(
    async <K extends ChatRequest>(event: K, payload: ChatPayload<K>): Promise<ChatAck<ChatResults<K>>> => {
      const s = socketRef.current;
      if (!s?.connected) return { code: 0, message: '' };
      return emitAck(s, event, payload).catch(() => ({ code: 0, message: '' }));
    },
    [socketRef],
  );

  // Each customer's conversation has its own draft: a reply typed to one never goes to the next chosen.
  const draft = useDraftOf(channel, selected);

  return {
    status,
    users,
    selected,
    select: setSelected,
    conversations,
    /** Per customer: older messages are on the server, before the first shown. */
    older: history.older,
    /** The customer whose earlier messages are being loaded. */
    loadingEarlier: history.loadingEarlier,
    loadEarlier: history.earlier,
    customerRead,
    typing,
    send,
    markRead,
    sendTyping,
    ...draft,
    addStored: onStored,
    request,
  };
}
