import { useEffect, useMemo, useState } from 'react';
import { CHAT_EVENTS, isStaffRole, type ChatUser } from '@partsmall/contract';
import { isPhoneBrowser } from '../../shared/device';
import { phone } from '../../shared/format';
import { LoginForm } from '../../shared/login';
import { session, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { POPUP } from '../../shared/ui/popup';
import { ConnectionLine } from './components/ChatHeader';
import { Composer } from './components/Composer';
import { ConsoleHeader, type ConsolePanel } from './components/ConsoleHeader';
import { CannedPanel, CustomerPanel } from './components/ConsolePanels';
import { MessageList } from './components/MessageList';
import { useChatFiles } from './api';
import { TC } from './texts';
import { useStaffChat } from './useChat';
import { chatDraftKey } from './useDrafts';
import { notifyUnfocused, readerHere, useChatWindow, useReaderBack, useUnreadTitle } from './useChatWindow';

type Filter = 'all' | 'open' | 'resolved';

/** The console is for staff: anyone else logs in here first (the link opens it in a tab of its own). */
function StaffLogin() {
  return (
    <section className="chat-window chat-admin-login">
      <h1>{TC.staffLogin}</h1>
      <LoginForm />
    </section>
  );
}

export function ChatAdminPage() {
  const { token, userInfo } = useSession();
  const staff = isStaffRole(userInfo?.role);
  useEffect(() => {
    document.title = TC.consoleTitle;
    try {
      if (window.opener) window.resizeTo(POPUP.staffConsole.width, POPUP.staffConsole.height);
    } catch {
      /* the browser may refuse */
    }
  }, []);
  if (!token || !userInfo) return <StaffLogin />;
  if (!staff) {
    return (
      <section className="chat-window">
        <p className="chat-empty">{TC.staffOnly}</p>
        <button type="button" className="btn" onClick={() => session.clear()}>
          {T.topBar.logout}
        </button>
      </section>
    );
  }
  return <Console token={token} name={userInfo.name} seq={userInfo.seq} />;
}

/**
 * The console: the customer list beside the conversation; on a phone one of the two at a time, the
 * conversation first and the list a tap away in its header (docs/requirements.md#chat-screens).
 */
function Console({ token, name, seq }: { token: string; name: string; seq: number }) {
  const alert = useChatWindow();
  const [filter, setFilter] = useState<Filter>('all');
  const [panel, setPanel] = useState<ConsolePanel>(null);
  const [insert, setInsert] = useState<{ text: string; at: number } | null>(null);
  // On a phone: the customer list shown in the conversation's place.
  const [listOpen, setListOpen] = useState(false);

  const chat = useStaffChat({
    token,
    name,
    draftKey: chatDraftKey(seq),
    // Clicking the notification selects the sender (docs/requirements.md#chat-screens).
    onIncoming: (m) =>
      notifyUnfocused(TC.newMessageFrom(m.sendUserName), m.type === 'file' ? TC.imageMessage : m.sendMessage, () =>
        choose(m.targetUser),
      ),
    onError: alert,
  });
  const choose = (seq: number) => {
    chat.select(seq);
    setListOpen(false);
  };
  const totalUnread = chat.users.reduce((n, u) => n + u.unread, 0);
  useUnreadTitle(totalUnread);

  const { markRead, selected, conversations } = chat;
  const current = selected === null ? [] : (conversations[selected] ?? []);
  useReadOnFocus(markRead, current.at(-1)?.seq ?? 0);

  const users = useMemo(() => chat.users.filter((u) => filter === 'all' || u.state === filter), [chat.users, filter]);
  const user = chat.users.find((u) => u.seq === selected) ?? null;

  const files = useChatFiles(chat.addStored, alert, selected);
  const setState = async (state: 'open' | 'resolved') => {
    if (selected === null) return;
    const answer = await chat.request(CHAT_EVENTS.conversationState, { targetUser: selected, state });
    if (answer.code !== 200 && answer.message) alert(answer.message);
  };

  return (
    <section className={listOpen ? 'chat-console list-open' : 'chat-console'} data-testid="chat-console">
      {/* The window's title for a screen reader's list of headings; the header shows the customer instead. */}
      <h1 className="sr-only">{TC.consoleTitle}</h1>
      <aside className="chat-users">
        <div className="chat-filter" role="tablist">
          {(['all', 'open', 'resolved'] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={filter === f}
              className={filter === f ? 'on' : ''}
              onClick={() => setFilter(f)}
            >
              {TC[f]}
            </button>
          ))}
        </div>
        <ul>
          {users.length === 0 && <li className="chat-empty">{TC.noUsers}</li>}
          {users.map((u) => (
            <UserRow key={u.seq} user={u} active={u.seq === selected} onSelect={() => choose(u.seq)} />
          ))}
        </ul>
      </aside>
      <div className="chat-window chat-console-main">
        <ConsoleHeader
          user={user}
          panel={panel}
          onPanel={setPanel}
          onState={(state) => void setState(state)}
          unread={totalUnread}
          onList={() => setListOpen(true)}
        />
        <ConnectionLine status={chat.status} />
        {panel === 'info' && user && !user.stopped && <CustomerPanel seq={user.seq} request={chat.request} />}
        {panel === 'canned' && (
          <CannedPanel request={chat.request} onUse={(text) => setInsert({ text, at: Date.now() })} alert={alert} />
        )}
        <MessageList
          messages={current}
          mine="admin"
          otherRead={selected === null ? 0 : (chat.customerRead[selected] ?? 0)}
          typing={selected !== null && chat.typing[selected] ? (user?.name ?? '') : null}
          empty={selected === null ? TC.emptyConsole : TC.emptyStaff}
          earlier={
            selected === null
              ? undefined
              : {
                  more: chat.older[selected] ?? false,
                  loading: chat.loadingEarlier === selected,
                  load: () => void chat.loadEarlier(selected),
                }
          }
        />
        {user?.stopped && (
          <p className="chat-stopped-note" role="status">
            {TC.stoppedNote}
          </p>
        )}
        <Composer
          chat={chat}
          files={files}
          onProblem={alert}
          disabled={selected === null || user?.stopped === true}
          staff
          insert={insert}
          phone={isPhoneBrowser()}
        />
      </div>
    </section>
  );
}

function UserRow({ user, active, onSelect }: { user: ChatUser; active: boolean; onSelect: () => void }) {
  const cls = ['chat-user', active ? 'active' : '', user.newChat ? 'new' : '', user.onlineStatus ? 'online' : 'offline']
    .filter(Boolean)
    .join(' ');
  return (
    <li>
      <button
        type="button"
        className={cls}
        onClick={onSelect}
        data-testid="chat-user"
        data-new={user.newChat ? '1' : '0'}
        aria-current={active}
      >
        <span className="chat-user-top">
          <i
            className="dot"
            title={user.onlineStatus ? TC.online : TC.offline}
            aria-label={user.onlineStatus ? TC.online : TC.offline}
          />
          <b>{user.name}</b>
          {user.stopped && <span className="chat-stopped">{TC.stopped}</span>}
          {user.unread > 0 && <em className="chat-badge">{user.unread}</em>}
        </span>
        <small>
          {user.companyName} · <span className="chat-phone">{phone(user.phone)}</span>
        </small>
        {user.lastMessage && <small className="chat-user-last">{user.lastMessage.split('\n')[0]}</small>}
      </button>
    </li>
  );
}

/**
 * Regaining focus, and a new message while focused, send a read-status update for the open
 * conversation (docs/requirements.md#chat).
 */
function useReadOnFocus(markRead: () => void, lastSeq: number) {
  useReaderBack(markRead);
  useEffect(() => {
    if (lastSeq > 0 && readerHere()) markRead();
  }, [lastSeq, markRead]);
}
