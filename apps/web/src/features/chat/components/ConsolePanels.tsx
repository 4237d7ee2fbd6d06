import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { CHAT_EVENTS, COMPANY_LEVEL_NAMES, ORDER_STATUS_LABELS, type CannedReply } from '@partsmall/contract';
import { dateTime, won } from '../../../shared/format';
import { T } from '../../../shared/texts';
import { useNotify } from '../../../shared/ui/notify';
import { chatKeys } from '../api';
import { TC } from '../texts';
import type { useStaffChat } from '../useChat';
import '../chat.css';

/** The console's acknowledged requests on the chat socket. */
export type ConsoleRequest = ReturnType<typeof useStaffChat>['request'];

/** Beside the conversation: the customer's company, level, cash, cart and last orders. */
export function CustomerPanel({ seq, request }: { seq: number; request: ConsoleRequest }) {
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
      {info.lastOrders.length === 0 ? (
        <p className="chat-panel-none">{TC.ordersNone}</p>
      ) : (
        <ul>
          {info.lastOrders.map((o) => (
            <li key={o.seq}>
              {dateTime(o.created)} {o.firstItemName}
              {o.itemLength > 1 ? TC.moreItems(o.itemLength - 1) : ''} · {won(o.totalAmount)} ·{' '}
              {ORDER_STATUS_LABELS[o.status] ?? o.status}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A field named by its placeholder: the short canned-reply form has no labels of its own. */
const named = (text: string) => ({ placeholder: text, 'aria-label': text });

/**
 * Shared pre-written answers: pick one into the text box, save or delete. Every staff member uses
 * them, so a delete is asked first (docs/requirements.md#chat-screens).
 */
export function CannedPanel({
  request,
  onUse,
  alert,
}: {
  request: ConsoleRequest;
  onUse: (text: string) => void;
  alert: (m: string) => void;
}) {
  const notify = useNotify();
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
  const remove = (c: CannedReply) =>
    void notify
      .confirm(
        {
          title: TC.cannedDeleteTitle,
          text: TC.cannedDeleteText(c.title),
          confirmLabel: TC.cannedDelete,
          busyLabel: TC.cannedDeleting,
          danger: true,
        },
        () => request(CHAT_EVENTS.cannedReplyDelete, { seq: c.seq }),
      )
      .then((a) => {
        if (!a) return;
        if (a.code !== 200) return alert(a.message);
        notify.toast(TC.cannedDeleted);
        reload();
      });
  return (
    <div className="chat-panel chat-canned">
      <ul>
        {list.length === 0 && <li>{TC.cannedNone}</li>}
        {list.map((c) => (
          <li key={c.seq}>
            <b>{c.title}</b>{' '}
            <button type="button" className="link" onClick={() => onUse(c.body)}>
              {TC.cannedUse}
            </button>{' '}
            <button type="button" className="link" onClick={() => remove(c)}>
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
