import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  CHAT_EVENTS,
  COMPANY_LEVEL_NAMES,
  ORDER_STATUS_LABELS,
  type CannedReply,
  type ChatUser,
} from '@partsmall/contract';
import { dateTime, phone, won } from '../../shared/format';
import { LoginForm } from '../../shared/login';
import { session, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { POPUP } from '../../shared/ui/popup';
import { ConnectionLine, LevelIcon } from './components/ChatHeader';
import { Composer } from './components/Composer';
import { MessageList } from './components/MessageList';
import { chatKeys, useChatFiles } from './api';
import { TC } from './texts';
import { useStaffChat } from './useChat';
import { notifyUnfocused, useChatWindow, useUnreadTitle } from './useChatWindow';

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
  const staff = userInfo?.role === 'staff' || userInfo?.role === 'admin';
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
  return <Console token={token} name={userInfo.name} />;
}

function Console({ token, name }: { token: string; name: string }) {
  const alert = useChatWindow();
  const [filter, setFilter] = useState<Filter>('all');
  const [panel, setPanel] = useState<'info' | 'canned' | null>(null);
  const [insert, setInsert] = useState<{ text: string; at: number } | null>(null);

  const chat = useStaffChat({
    token,
    name,
    // Clicking the notification selects the sender (docs/requirements.md#chat-screens).
    onIncoming: (m) =>
      notifyUnfocused(TC.newMessageFrom(m.sendUserName), m.type === 'file' ? TC.imageMessage : m.sendMessage, () =>
        chat.select(m.targetUser),
      ),
    onError: alert,
  });
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
    <section className="chat-console" data-testid="chat-console">
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
            <UserRow key={u.seq} user={u} active={u.seq === selected} onSelect={() => chat.select(u.seq)} />
          ))}
        </ul>
      </aside>
      <div className="chat-window chat-console-main">
        <header className="chat-header">
          {user ? (
            <div>
              <b>{user.name}</b> <LevelIcon level={user.level} />
              <small>
                {user.companyName} · {phone(user.phone)}
              </small>
            </div>
          ) : (
            <span>{TC.consoleTitle}</span>
          )}
          {user && (
            <div className="chat-header-actions">
              <button type="button" className="link" onClick={() => setPanel(panel === 'info' ? null : 'info')}>
                {TC.customer}
              </button>
              <button type="button" className="link" onClick={() => setPanel(panel === 'canned' ? null : 'canned')}>
                {TC.canned}
              </button>
              <button
                type="button"
                className="link"
                onClick={() => void setState(user.state === 'open' ? 'resolved' : 'open')}
              >
                {user.state === 'open' ? TC.resolve : TC.reopen}
              </button>
            </div>
          )}
        </header>
        <ConnectionLine status={chat.status} />
        {panel === 'info' && user && <CustomerPanel seq={user.seq} request={chat.request} />}
        {panel === 'canned' && (
          <CannedPanel request={chat.request} onUse={(text) => setInsert({ text, at: Date.now() })} alert={alert} />
        )}
        <MessageList
          messages={current}
          mine="admin"
          otherRead={selected === null ? 0 : (chat.customerRead[selected] ?? 0)}
          typing={selected !== null && chat.typing[selected] ? (user?.name ?? '') : null}
          empty={selected === null ? TC.emptyConsole : TC.emptyStaff}
        />
        <Composer chat={chat} files={files} onProblem={alert} disabled={selected === null} staff insert={insert} />
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
          {user.unread > 0 && <em className="chat-badge">{user.unread}</em>}
        </span>
        <small>
          {user.companyName} · {phone(user.phone)}
        </small>
        {user.lastMessage && <small className="chat-user-last">{user.lastMessage.split('\n')[0]}</small>}
      </button>
    </li>
  );
}

type Request = ReturnType<typeof useStaffChat>['request'];

/** Beside the conversation: the customer's company, level, cash, cart and last orders. */
function CustomerPanel({ seq, request }: { seq: number; request: Request }) {
  const { data: info } = useQuery({
    queryKey: chatKeys.customerInfo(seq),
    queryFn: async () => {
      const a = await request(CHAT_EVENTS.customerInfoRequest, { targetUser: seq });
      if (a.code !== 200 || !a.results) throw new Error(a.message ?? '');
      return a.results;
    },
  });
  if (!info) return <div className="chat-panel">{T.common.loading}</div>;
  return (
    <div className="chat-panel" data-testid="chat-customer-info">
      <dl>
        <dt>{TC.company}</dt>
        <dd>{info.companyName}</dd>
        <dt>{TC.level}</dt>
        <dd>{info.level ? COMPANY_LEVEL_NAMES[info.level] : '-'}</dd>
        <dt>{TC.cash}</dt>
        <dd>{won(info.cash)}</dd>
        <dt>{TC.cart}</dt>
        <dd>{info.cartCount}</dd>
      </dl>
      <b>{TC.orders}</b>
      <ul>
        {info.lastOrders.length === 0 && <li>{T.common.empty}</li>}
        {info.lastOrders.map((o) => (
          <li key={o.seq}>
            {dateTime(o.created)} {o.firstItemName}
            {o.itemLength > 1 ? TC.moreItems(o.itemLength - 1) : ''} · {won(o.totalAmount)} ·{' '}
            {ORDER_STATUS_LABELS[o.status] ?? o.status}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Shared pre-written answers: pick one into the text box, save or delete. */
/** A field named by its placeholder: the short canned-reply form has no labels of its own. */
const named = (text: string) => ({ placeholder: text, 'aria-label': text });

function CannedPanel({
  request,
  onUse,
  alert,
}: {
  request: Request;
  onUse: (text: string) => void;
  alert: (m: string) => void;
}) {
  const [list, setList] = useState<CannedReply[]>([]);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const reload = useCallback(() => {
    void request(CHAT_EVENTS.cannedReplyList, {}).then((a) => {
      if (a.code === 200 && a.results) setList(a.results);
    });
  }, [request]);
  useEffect(reload, [reload]);
  const save = async () => {
    const a = await request(CHAT_EVENTS.cannedReplySave, { title, body });
    if (a.code !== 201) return alert(a.message);
    setTitle('');
    setBody('');
    reload();
  };
  const remove = async (seq: number) => {
    const a = await request(CHAT_EVENTS.cannedReplyDelete, { seq });
    if (a.code !== 200) return alert(a.message);
    reload();
  };
  return (
    <div className="chat-panel">
      <ul>
        {list.length === 0 && <li>{TC.cannedNone}</li>}
        {list.map((c) => (
          <li key={c.seq}>
            <b>{c.title}</b>{' '}
            <button type="button" className="link" onClick={() => onUse(c.body)}>
              {TC.cannedUse}
            </button>{' '}
            <button type="button" className="link" onClick={() => void remove(c.seq)}>
              {TC.cannedDelete}
            </button>
          </li>
        ))}
      </ul>
      <input value={title} onChange={(e) => setTitle(e.target.value)} {...named(TC.cannedTitle)} maxLength={50} />
      <textarea
        value={body}
        onChange={(e) => setBody(e.target.value)}
        {...named(TC.cannedBody)}
        rows={2}
        maxLength={2000}
      />
      <button type="button" className="btn" onClick={() => void save()}>
        {TC.cannedSave}
      </button>
    </div>
  );
}

/**
 * Regaining focus, and a new message while focused, send a read-status update for the open
 * conversation (docs/requirements.md#chat).
 */
function useReadOnFocus(markRead: () => void, lastSeq: number) {
  useEffect(() => {
    const onFocus = () => markRead();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [markRead]);
  useEffect(() => {
    if (lastSeq > 0 && document.hasFocus()) markRead();
  }, [lastSeq, markRead]);
}
