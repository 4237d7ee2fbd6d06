import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_EVENTS, MSG_CHAT, type ChatAck, type ChatMessage } from '@partsmall/contract';
import { useDrafts } from './useDrafts';
import {
  newClientId,
  openChatSocket,
  pendingLine,
  useOutbox,
  type ChatLine,
  type ChatSocket,
  type ChatStatus,
  type Outgoing,
} from './chat-socket';

export interface ChatHandlers {
  onIncoming?: (m: ChatMessage) => void;
  onError?: (message: string) => void;
}

/** What a side of the chat is opened with: the session's token, the name its lines show and its handlers. */
export interface ChatOptions extends ChatHandlers {
  token: string | null;
  name: string;
  /** Where the tab keeps what this member typed and has not sent (useDrafts); null: kept by the page only. */
  draftKey?: string | null;
}

interface ChannelOptions extends ChatHandlers {
  /** A message the server stored (the acknowledgement of one sent). Stable (useCallback). */
  onStored: (m: ChatMessage) => void;
  /** Takes a refused message's pending line off the screen. Stable (useCallback). */
  dropPending: (clientMessageId: string) => void;
  draftKey?: string | null | undefined;
}

/**
 * What the customer's side and the staff's side share (docs/requirements.md#chat): the socket's
 * ref and status, the latest handlers, the texts typed per conversation (useDrafts), the outbox of
 * sent messages (a refused one is taken off, its text given back to its conversation's box and its
 * message told), the non-empty text rule and the typing signal at most every 1.5 s. The socket
 * itself is opened by useChatConnection with the side's listeners.
 */
export function useChatChannel({ onIncoming, onError, onStored, dropPending, draftKey = null }: ChannelOptions) {
  const socketRef = useRef<ChatSocket | null>(null);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const handlers = useRef<ChatHandlers>({ onIncoming, onError });
  handlers.current = { onIncoming, onError };

  const { drafts, setDraft, giveBack } = useDrafts(draftKey);
  const onRefused = useCallback(
    (o: Outgoing, message: string | null) => {
      dropPending(o.payload.clientMessageId);
      const text = o.payload.sendMessage;
      if (typeof text === 'string') giveBack(o.targetUser, text);
      if (message !== null) handlers.current.onError?.(message);
    },
    [dropPending, giveBack],
  );
  const outbox = useOutbox(socketRef, onStored, onRefused);

  /** The text to send, trimmed; null (and the error told) when nothing is left. */
  const textToSend = useCallback((text: string): string | null => {
    const trimmed = text.trim();
    if (trimmed !== '') return trimmed;
    handlers.current.onError?.(MSG_CHAT.messageRequired);
    return null;
  }, []);

  const lastTyping = useRef(0);
  /** Whether a typing signal may go now (one every 1.5 s at most); counted as sent when it may. */
  const typingDue = useCallback((): boolean => {
    const now = Date.now();
    if (now - lastTyping.current < 1500) return false;
    lastTyping.current = now;
    return true;
  }, []);

  /**
   * Sends a text to targetUser (0: the shop's staff): trimmed (false, and the error told, when
   * nothing is left), shown at once as a pending line (show) and queued in the outbox.
   */
  const sendText = useCallback(
    (
      text: string,
      to: { event: Outgoing['event']; targetUser: number; side: 'user' | 'admin'; name: string },
      extra: Record<string, unknown>,
      show: (line: ChatLine) => void,
    ): boolean => {
      const trimmed = textToSend(text);
      if (trimmed === null) return false;
      const clientMessageId = newClientId();
      show(pendingLine(trimmed, clientMessageId, to.targetUser, to.side, to.name));
      outbox.push({
        event: to.event,
        payload: { sendMessage: trimmed, clientMessageId, ...extra },
        targetUser: to.targetUser,
      });
      return true;
    },
    [outbox, textToSend],
  );

  return { socketRef, status, setStatus, handlers, outbox, sendText, typingDue, drafts, setDraft };
}

type Channel = ReturnType<typeof useChatChannel>;

/**
 * Opens the socket while there is a token and closes it when the token goes: 'online' on each
 * connect (before the side's own 'connect' listener runs), 'offline' on a disconnect, and after a
 * 401 or 403 'unauthorized', which stays; other chat errors go to onError. `listen` adds the side's
 * listeners (stable: useCallback).
 */
export function useChatConnection(channel: Channel, token: string | null, listen: (s: ChatSocket) => void) {
  const { socketRef, setStatus, handlers, outbox } = channel;
  useEffect(() => {
    if (!token) return;
    const s = openChatSocket(token);
    socketRef.current = s;
    s.on('connect', () => setStatus('online'));
    s.on('disconnect', () => setStatus((st) => (st === 'unauthorized' ? st : 'offline')));
    s.on(CHAT_EVENTS.chatError, (e: ChatAck) => {
      if (e.code === 401 || e.code === 403) {
        setStatus('unauthorized');
        s.disconnect();
        // What was sent and not stored goes back into the box, kept for a login again (useDrafts).
        outbox.endSession();
      } else handlers.current.onError?.(e.message);
    });
    listen(s);
    return () => {
      s.removeAllListeners();
      s.disconnect();
      socketRef.current = null;
    };
  }, [token, listen, socketRef, setStatus, handlers, outbox]);
}
