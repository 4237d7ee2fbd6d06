import { useEffect, useState } from 'react';
import { CHAT_EVENTS, isStaffRole, type ChatMessage, type ChatReadStatus, type OldChatList } from '@partsmall/contract';
import { session, useSession } from '../../shared/session';
import { openPopup, POPUP } from '../../shared/ui/popup';
import { TC } from './texts';
import type { Socket } from 'socket.io-client';
import './chat.css';

/**
 * Messages from the chat popup (docs/requirements.md#chat-screens): accepted only from this shop's own origin.
 * A login in the popup logs this tab in too, so the shop behind it shows the member.
 */
function useChatPopupMessages() {
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      // The check of the login (a zod schema) loads with the first message, not with every page.
      void import('./login-message').then(({ loginFromMessage }) => {
        const login = loginFromMessage(e);
        if (login && !session.get().token) session.login(login.token, login.userInfo);
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}

/**
 * Unread staff messages for the floating button: a member's desktop pages keep a chat connection
 * to learn of new answers (the count also goes into the tab title).
 */
function useUnreadStaffMessages(token: string | null): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!token) {
      setUnread(0);
      return;
    }
    // The socket client loads only for members: a visitor's pages stay light (docs/performance.md#web-app).
    let s: Socket | null = null;
    let stopped = false;
    void import('./useChat').then(({ openChatSocket }) => {
      if (stopped) return;
      const socket = openChatSocket(token);
      s = socket;
      socket.on('connect', () => {
        void (
          socket.timeout(8000).emitWithAck(CHAT_EVENTS.oldMessageRequest, { page: 1, size: 1 }) as Promise<OldChatList>
        )
          .then((a) => {
            if (a.code === 200 && a.results) setUnread(a.results.unread);
          })
          .catch(() => undefined);
      });
      socket.on(CHAT_EVENTS.messageToUser, (m: ChatMessage) => {
        if (m.sendSide === 'admin') setUnread((n) => n + 1);
      });
      socket.on(CHAT_EVENTS.readStatus, (r: ChatReadStatus) => {
        if (r.side === 'user') setUnread(0);
      });
      socket.on(CHAT_EVENTS.chatError, () => socket.disconnect());
    });
    return () => {
      stopped = true;
      s?.removeAllListeners();
      s?.disconnect();
    };
  }, [token]);
  return unread;
}

/** The floating chat button of desktop pages (docs/requirements.md#shop-screens), with the new-message dot and count. */
export function FloatingChatButton() {
  const { token, userInfo } = useSession();
  useChatPopupMessages();
  const unread = useUnreadStaffMessages(userInfo?.companyId ? token : null);
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\)\s*/, '');
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [unread]);
  // The shop's own accounts answer chats in the console the top bar links to; this chat is the buyers'.
  if (isStaffRole(userInfo?.role)) return null;
  // Logged-in members go straight to the chat; everyone else to the chat entry.
  const open = () => openPopup(token ? '/chat' : '/chatStart', 'chat', POPUP.chat);
  return (
    <button
      type="button"
      className="chat-fab"
      onClick={open}
      aria-label={TC.fab(unread)}
      title={TC.fab(unread)}
      data-testid="chat-fab"
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
      </svg>
      {unread > 0 && (
        <span className="chat-fab-count" data-testid="chat-fab-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
