import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { won } from '../../shared/format';
import { messageOf } from '../../shared/api';
import { isPhoneBrowser, isPopup } from '../../shared/device';
import { session, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { POPUP } from '../../shared/ui/popup';
import { ConnectionLine, LevelIcon } from './components/ChatHeader';
import { Composer } from './components/Composer';
import { MessageList } from './components/MessageList';
import { inquiryProduct, useChatFiles } from './api';
import { TC } from './texts';
import { takeInquiry } from './inquiry';
import { useCustomerChat } from './useChat';
import { chatDraftKey } from './useDrafts';
import { notifyUnfocused, readerHere, useChatWindow, useReaderBack, useUnreadTitle } from './useChatWindow';

/** How long the chat waits for user info before it sends the visitor to the chat entry (docs/requirements.md#limits). */
const USER_INFO_WAIT_MS = 500;

/** Tells the window that opened the chat whether it is open (docs/requirements.md#chat), same origin only. */
function tellOpener(type: 'chatOpen' | 'chatClosed') {
  try {
    const opener = window.opener as Window | null;
    opener?.postMessage({ type }, window.location.origin);
  } catch {
    /* opener gone */
  }
}

/**
 * The customer's chat: the /chat popup (forced to 400x800), /chatMobile and the chat slide of
 * /mobile (`embedded`).
 */
export function ChatPage({ mobile = false, embedded = false }: { mobile?: boolean; embedded?: boolean }) {
  const { token, userInfo } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const popup = !mobile && !embedded && isPopup();

  const chat = useCustomerChat({
    token: userInfo?.companyId ? token : null,
    name: userInfo?.name ?? '',
    draftKey: userInfo ? chatDraftKey(userInfo.seq) : null,
    onIncoming: (m) => notifyUnfocused(TC.newMessage, m.type === 'file' ? TC.imageMessage : m.sendMessage),
    onError: (message) => void notify.alert(message),
  });

  // No user info within 0.5 s: to the chat entry.
  useEffect(() => {
    if (userInfo || embedded) return;
    const t = setTimeout(
      () => navigate(mobile ? '/chatStart?m=1' : '/chatStart', { replace: true }),
      USER_INFO_WAIT_MS,
    );
    return () => clearTimeout(t);
  }, [userInfo, navigate, mobile, embedded]);

  // A dead session (401 from the chat socket) is cleared; the chat entry follows (docs/requirements.md#chat-screens).
  useEffect(() => {
    if (chat.status !== 'unauthorized') return;
    session.clear();
    notify.toast(T.common.tokenExpired, 'error');
  }, [chat.status, notify]);

  const alert = useChatWindow(Boolean(userInfo?.companyId));
  useUnreadTitle(chat.unread);

  // The popup is 400x800 whatever opened it, and tells its opener it is open or closed.
  useEffect(() => {
    if (!popup) return;
    try {
      window.resizeTo(POPUP.chatForced.width, POPUP.chatForced.height);
    } catch {
      /* the browser may refuse */
    }
    try {
      sessionStorage.setItem('chatOpen', '1');
    } catch {
      /* storage blocked */
    }
    tellOpener('chatOpen');
    const closed = () => tellOpener('chatClosed');
    window.addEventListener('beforeunload', closed);
    return () => window.removeEventListener('beforeunload', closed);
  }, [popup]);

  // Reading: staff answers unread while the reader is at the window (on open, after a reconnect, as
  // they arrive), and when the reader comes back to it; never in a window left in the background.
  const { markRead, unread } = chat;
  useReaderBack(markRead, mobile);
  useEffect(() => {
    if (unread > 0 && readerHere(mobile)) markRead();
  }, [unread, markRead, mobile]);

  useWaitingInquiry(chat.loaded, chat.send, alert);

  const files = useChatFiles(chat.addStored, alert);

  const company = userInfo?.companyInfo;
  const staffAccount = userInfo && userInfo.companyId === null;
  return (
    <section className={mobile ? 'chat-window chat-mobile' : 'chat-window'} data-testid="chat-window">
      <header className="chat-header">
        <div>
          <b data-testid="chat-user-name">{userInfo?.name ?? ''}</b> <LevelIcon level={company?.level} />
          <small>{userInfo?.companyName ?? ''}</small>
        </div>
        <span className="chat-title">{TC.title}</span>
      </header>
      {staffAccount ? (
        <p className="chat-empty">
          {TC.staffUseConsole} <a href="/chatAdmin">{TC.consoleTitle}</a>
        </p>
      ) : (
        <>
          <ConnectionLine status={chat.status} />
          <MessageList
            messages={chat.messages}
            mine="user"
            otherRead={chat.staffRead}
            typing={chat.typing}
            empty={TC.empty}
            earlier={{ more: chat.older, loading: chat.loadingEarlier, load: chat.loadEarlier }}
          />
          <Composer
            chat={chat}
            files={files}
            onProblem={alert}
            disabled={chat.status === 'unauthorized'}
            phone={mobile || embedded || isPhoneBrowser()}
          />
        </>
      )}
    </section>
  );
}

/** A waiting product or part inquiry (leave-inquiry.ts) is sent once, after the history has arrived. */
function useWaitingInquiry(
  loaded: boolean,
  send: (text: string, productId?: number) => boolean,
  alert: (message: string) => void,
) {
  const inquirySent = useRef(false);
  useEffect(() => {
    if (!loaded || inquirySent.current) return;
    inquirySent.current = true;
    const inquiry = takeInquiry();
    if (!inquiry) return;
    if (inquiry.kind === 'part') {
      send(TC.partInquiry(inquiry));
      return;
    }
    if (inquiry.kind === 'number') {
      send(TC.numberInquiry(inquiry));
      return;
    }
    void inquiryProduct(inquiry.productId)
      .then((p) =>
        send(
          TC.productInquiry({
            name: p.name,
            pid: p.pid,
            price: p.price === undefined ? '-' : won(p.price),
            qty: inquiry.qty,
            warehouse: p.stockName.slice(0, 2),
          }),
          p.seq,
        ),
      )
      .catch((e: unknown) => alert(messageOf(e)));
  }, [loaded, send, alert]);
}
