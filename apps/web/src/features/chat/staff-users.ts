import type { ChatMessage, ChatUser } from '@partsmall/contract';
import { TC } from './texts';

/**
 * The staff console's customer list between two answers of the server. The server sends the list
 * with each customer's unread count from its read state (on connect, after a read, on presence
 * changes); in between, every chat message that arrives updates the sender's row here: preview,
 * time, the new-chat highlight and the unread count, and the newest conversation moves to the top.
 */

const time = (iso: string | null) => (iso === null ? -Infinity : Date.parse(iso));

/** Newest conversation first; customers who never wrote last; ties keep their order (a stable sort). */
export function sortUsers(users: ChatUser[]): ChatUser[] {
  return [...users].sort((a, b) => time(b.lastMessageAt) - time(a.lastMessageAt));
}

/**
 * An entry the server sends replaces the one there, or joins the list; the list stays newest first.
 * An update the server read before the newest message arrived here keeps that message's preview
 * and count (the next update carries both).
 */
export function mergeUsers(list: ChatUser[], incoming: ChatUser[], full: boolean): ChatUser[] {
  if (full) return sortUsers(incoming);
  const next = [...list];
  for (const u of incoming) {
    const i = next.findIndex((x) => x.seq === u.seq);
    const had = i >= 0 ? next[i]! : null;
    if (!had) next.unshift(u);
    else if (time(had.lastMessageAt) > time(u.lastMessageAt)) {
      next[i] = {
        ...u,
        lastMessage: had.lastMessage,
        lastMessageAt: had.lastMessageAt,
        unread: had.unread,
        newChat: had.newChat,
      };
    } else next[i] = u;
  }
  return sortUsers(next);
}

/**
 * A message of a conversation, as staff receive it. A customer's message counts as unread unless
 * staff are looking at that very conversation (`viewing`: selected, in a focused window), where it
 * is read at once. An entry the server sent already holding this message (its last message is
 * not older) is not counted twice. A customer not listed yet (a first chat, a new sign-up) joins
 * with what their message tells; the server's next list fills in the rest.
 */
export function applyMessage(list: ChatUser[], m: ChatMessage, viewing: boolean): ChatUser[] {
  const preview = m.type === 'file' ? TC.imageMessage : m.sendMessage;
  const fromCustomer = m.sendSide === 'user';
  const at = time(m.created);
  const i = list.findIndex((u) => u.seq === m.targetUser);
  const known = i >= 0 ? list[i]! : null;
  if (known && time(known.lastMessageAt) >= at) return list;
  if (!known && !fromCustomer) return list;
  const unread = fromCustomer && !viewing ? (known?.unread ?? 0) + 1 : (known?.unread ?? 0);
  const entry: ChatUser = known
    ? {
        ...known,
        unread,
        newChat: unread > 0,
        lastMessage: preview,
        lastMessageAt: m.created,
        state: fromCustomer ? 'open' : known.state,
      }
    : {
        id: m.sendUserAccount,
        seq: m.targetUser,
        name: m.sendUserName,
        phone: '',
        companyName: '',
        level: null,
        onlineStatus: true,
        newChat: unread > 0,
        unread,
        state: 'open',
        lastMessage: preview,
        lastMessageAt: m.created,
      };
  const next = known ? list.map((u, k) => (k === i ? entry : u)) : [entry, ...list];
  return sortUsers(next);
}
