import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { CHAT_LIMITS, MSG_CHAT, type ChatFile, type ChatMessage, type ChatProductCard } from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { AppError } from '../../shared/http.js';
import { findMemberById } from '../auth/index.js';
import { productById } from '../products/index.js';
import { chatFiles, chatMessages } from './schema.js';
import { fileUrlKey, signedFileUrl } from './storage.js';

import {
  chatRoomName,
  isStaff,
  type ChatCustomer,
  type MessageRow,
  type SenderInfo,
  type Side,
} from './conversations.js';

/**
 * Chat messages (docs/requirements.md#chat): storing them once (grouped inserts), the history, and
 * their views. Conversations, read marks and the customer list are in conversations.ts; canned
 * replies and the customer card in canned-replies.ts, both re-exported here for the namespace and routes.
 */
export * from './conversations.js';
export * from './canned-replies.js';

export interface NewMessage {
  conversationId: number;
  senderId: number;
  side: Side;
  clientMessageId: string;
  type: 'text' | 'file';
  body: string;
  productId?: number | null;
}

/**
 * The stored message as MessageRow names its fields, for the two inserts written by hand below (the
 * one-statement store and the grouped prepared one), so their rows need no mapping but the time:
 * through Drizzle's driver a timestamp comes back as text.
 */
const RETURNING_MESSAGE = `returning id, conversation_id as "conversationId", sender_id as "senderId",
  sender_side as "senderSide", client_message_id as "clientMessageId", type, body, product_id as "productId",
  created_at as "createdAt"`;
type InsertedMessage = Omit<MessageRow, 'createdAt'> & { createdAt: Date | string };
const asMessage = (r: InsertedMessage): MessageRow => ({ ...r, createdAt: new Date(r.createdAt) });

/** First key of the chat's two-key advisory locks (one per conversation); two-key locks never meet one-key ones. */
const CHAT_LOCK_CLASS = 7311;

export const messageLimit = (side: Side) =>
  side === 'staff' ? CHAT_LIMITS.staffMessages : CHAT_LIMITS.customerMessages;

/**
 * Stores a message once per (conversation, sender, client message id), in one statement that also:
 * - takes the conversation's lock, so ids within a conversation are handed out in commit
 *   order and a client that asks for everything after its last id never skips one committed late;
 * - counts the sender's messages of the last window (the rate limit lives in the database, so
 *   every server process counts the same messages).
 * Its time is taken once the lock is held (clock_timestamp), so times follow ids too.
 * A resend returns the stored row with `created: false`; over the limit throws 429.
 */
export async function storeMessage(db: Db | Tx, m: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
  const limit = messageLimit(m.side);
  const inserted = await queryRows<InsertedMessage>(
    db,
    sql`with conv as (select id, pg_advisory_xact_lock(${CHAT_LOCK_CLASS}::int, id) from chat_conversations where id = ${m.conversationId}::int),
      recent as (select count(*)::int as n from chat_messages
                 where sender_id = ${m.senderId}::int and created_at > now() - (${limit.windowSec}::int * interval '1 second'))
    insert into chat_messages (conversation_id, sender_id, sender_side, client_message_id, type, body, product_id, created_at)
    select conv.id, ${m.senderId}::int, ${m.side}::text, ${m.clientMessageId}::text, ${m.type}::text, ${m.body}::text, ${m.productId ?? null}::int,
      clock_timestamp()
    from conv, recent where recent.n < ${limit.max}::int
    on conflict (conversation_id, sender_id, client_message_id) do nothing
    ${sql.raw(RETURNING_MESSAGE)}`,
  );
  if (inserted[0]) return { row: asMessage(inserted[0]), created: true };
  const existing = await messageByClientId(db, m);
  if (existing) return { row: existing, created: false };
  throw new AppError(429, MSG_CHAT.tooManyMessages);
}

interface PendingWrite {
  message: NewMessage;
  resolve: (result: { row: MessageRow; created: boolean }) => void;
  reject: (err: unknown) => void;
}

/**
 * The group insert of messageWriter, prepared once per database connection (every live text
 * message takes it): $1 is the group as a JSON array.
 */
const STORE_MESSAGES: PreparedStatement = {
  name: 'chat_store_messages',
  text: `with input as (
      select * from json_to_recordset($1::json) as t(ord int, conversation_id int, sender_id int, sender_side text,
        client_message_id text, type text, body text, product_id int, max_n int, window_sec int)),
    -- Conversation locks in id order (two groups never deadlock), held to commit; advisory locks write nothing.
    locked as (select c.id, pg_advisory_xact_lock(${CHAT_LOCK_CLASS}, c.id) from (select distinct conversation_id as id from input order by 1) c),
    -- A sender's recent messages are counted once per group, not once per message of theirs.
    recent as (
      select s.sender_id, (select count(*) from chat_messages x
         where x.sender_id = s.sender_id and x.created_at > now() - (s.window_sec * interval '1 second')) as n
      from (select sender_id, max(window_sec) as window_sec from input group by sender_id) s),
    ranked as (
      select input.*, row_number() over (partition by input.sender_id order by input.ord) as nth, recent.n as recent
      from input join locked on locked.id = input.conversation_id join recent on recent.sender_id = input.sender_id)
  insert into chat_messages (conversation_id, sender_id, sender_side, client_message_id, type, body, product_id, created_at)
  select conversation_id, sender_id, sender_side, client_message_id, type, body, product_id, clock_timestamp()
  from ranked where recent + nth <= max_n order by ord
  on conflict (conversation_id, sender_id, client_message_id) do nothing
  ${RETURNING_MESSAGE}`,
};

/**
 * Stores text messages like storeMessage, but groups the ones that arrive while earlier writes
 * are in flight into one statement: at a few hundred messages a second the server then makes a
 * few dozen database round trips and commits instead of one per message. Alone, a message is
 * written at once, so grouping adds no wait. Each group keeps every rule of storeMessage:
 * conversation locks (taken in id order, so two groups never deadlock), ids in commit order
 * within a conversation, the per-sender rate limit (counting the group's own messages), and one
 * row per (conversation, sender, client message id).
 *
 * One write in flight by default: with four, most messages at 500 a second went alone (0.9-1.0
 * transactions per message); with one, a message waits at most for the write before it and the
 * groups are larger (0.4 per message), which also lets each socket get a group's messages in one
 * write (realtime/coalesce-writes.ts). Chat benchmark, one process: server CPU per message 1.1 → 0.65 ms.
 */
export function messageWriter(db: Db, opts: { inFlight?: number; maxGroup?: number } = {}) {
  const inFlight = opts.inFlight ?? 1;
  const maxGroup = opts.maxGroup ?? 200;
  const queue: PendingWrite[] = [];
  let running = 0;
  const pump = () => {
    while (running < inFlight && queue.length > 0) {
      const group = queue.splice(0, maxGroup);
      running++;
      void writeGroup(db, group).finally(() => {
        running--;
        pump();
      });
    }
  };
  return (message: NewMessage) =>
    new Promise<{ row: MessageRow; created: boolean }>((resolve, reject) => {
      queue.push({ message, resolve, reject });
      pump();
    });
}

async function writeGroup(db: Db, group: PendingWrite[]): Promise<void> {
  try {
    const input = JSON.stringify(
      group.map(({ message: m }, ord) => {
        const limit = messageLimit(m.side);
        return {
          ord,
          conversation_id: m.conversationId,
          sender_id: m.senderId,
          sender_side: m.side,
          client_message_id: m.clientMessageId,
          type: m.type,
          body: m.body,
          product_id: m.productId ?? null,
          max_n: limit.max,
          window_sec: limit.windowSec,
        };
      }),
    );
    const inserted = await runPrepared<InsertedMessage>(db, STORE_MESSAGES, [input]);
    const keyOf = (m: { conversationId: number; senderId: number; clientMessageId: string }) =>
      `${m.conversationId}:${m.senderId}:${m.clientMessageId}`;
    const stored = new Map(inserted.map((r) => [keyOf(r), asMessage(r)]));
    for (const p of group) {
      const key = keyOf(p.message);
      const row = stored.get(key);
      if (row) {
        stored.delete(key); // a second copy in the same group is a resend
        p.resolve({ row, created: true });
        continue;
      }
      // A resend (stored earlier, or earlier in this group) or over the limit.
      const existing = await messageByClientId(db, p.message);
      if (existing) p.resolve({ row: existing, created: false });
      else p.reject(new AppError(429, MSG_CHAT.tooManyMessages));
    }
  } catch (err) {
    for (const p of group) p.reject(err);
  }
}

/** The message a sender stored in a conversation under a client message id: what a resend answers with. */
export async function messageByClientId(
  db: Db | Tx,
  m: { conversationId: number; senderId: number; clientMessageId: string },
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, m.conversationId),
        eq(chatMessages.senderId, m.senderId),
        eq(chatMessages.clientMessageId, m.clientMessageId),
      ),
    );
  return row ?? null;
}

/** Messages of a kind a sender stored within the last `windowSec` seconds (database time). */
export async function recentMessages(
  db: Db,
  senderId: number,
  type: 'text' | 'file',
  windowSec: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.senderId, senderId),
        eq(chatMessages.type, type),
        sql`${chatMessages.createdAt} > now() - (${windowSec}::int * interval '1 second')`,
      ),
    );
  return Number(row?.n ?? 0);
}

export interface HistoryQuery {
  page: number;
  size: number;
  beforeSeq?: number | undefined;
  afterSeq?: number | undefined;
}

/**
 * A page of a conversation in time order. With afterSeq: everything after that id (at most
 * CHAT_LIMITS.replayMax, `more` when the client must ask again from the last one).
 */
export async function history(
  db: Db,
  conversationId: number,
  q: HistoryQuery,
): Promise<{ rows: MessageRow[]; more: boolean }> {
  const inConversation = eq(chatMessages.conversationId, conversationId);
  if (q.afterSeq !== undefined) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(inConversation, gt(chatMessages.id, q.afterSeq)))
      .orderBy(asc(chatMessages.id))
      .limit(CHAT_LIMITS.replayMax + 1);
    return { rows: rows.slice(0, CHAT_LIMITS.replayMax), more: rows.length > CHAT_LIMITS.replayMax };
  }
  const where = q.beforeSeq !== undefined ? and(inConversation, lt(chatMessages.id, q.beforeSeq)) : inConversation;
  const offset = q.beforeSeq !== undefined ? 0 : (q.page - 1) * q.size;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(where)
    .orderBy(desc(chatMessages.id))
    .limit(q.size + 1)
    .offset(offset);
  return { rows: rows.slice(0, q.size).reverse(), more: rows.length > q.size };
}

/** Senders' names and accounts, from what the caller knows plus one read per unknown member. */
async function senderInfos(db: Db, rows: MessageRow[], known: SenderInfo[]): Promise<Map<number, SenderInfo>> {
  const map = new Map(known.map((s) => [s.memberId, s]));
  for (const id of new Set(rows.map((r) => r.senderId))) {
    if (map.has(id)) continue;
    const member = await findMemberById(db, id);
    map.set(id, {
      memberId: id,
      loginId: member?.loginId ?? '',
      name: member?.name ?? '',
      side: member && isStaff(member) ? 'staff' : 'customer',
    });
  }
  return map;
}

/** One message as both sides receive it, from what has been read for it. */
function toView(
  r: MessageRow,
  sender: SenderInfo,
  customer: ChatCustomer,
  fileList: ChatFile[],
  product: ChatProductCard | null,
): ChatMessage {
  const staff = r.senderSide === 'staff';
  return {
    seq: r.id,
    clientMessageId: r.clientMessageId,
    sendMessage: r.body,
    sendMessageType: r.type === 'file' ? 'file' : 'string',
    type: r.type === 'file' ? 'file' : 'text',
    fileList,
    sendUserId: r.senderId,
    // Customers never see staff login ids (they are mail addresses that log in).
    sendUserAccount: staff ? '' : sender.loginId,
    sendUserName: sender.name,
    sendSide: staff ? 'admin' : 'user',
    created: r.createdAt.toISOString(),
    room: chatRoomName(customer),
    targetUser: customer.id,
    product,
  };
}

/** Messages as both sides receive them: sender, files with signed addresses, product card. */
export async function toChatMessages(
  db: Db,
  rows: MessageRow[],
  customer: ChatCustomer,
  known: SenderInfo[] = [],
  now: Date = new Date(),
): Promise<ChatMessage[]> {
  if (rows.length === 0) return [];
  // The path every live text message takes: nothing to read.
  const only = rows.length === 1 ? rows[0]! : null;
  const knownSender = only ? known.find((s) => s.memberId === only.senderId) : undefined;
  if (only && knownSender && only.type === 'text' && only.productId === null)
    return [toView(only, knownSender, customer, [], null)];

  const senders = await senderInfos(db, rows, known);
  const fileIds = rows.filter((r) => r.type === 'file').map((r) => r.id);
  const files =
    fileIds.length > 0
      ? await db.select().from(chatFiles).where(inArray(chatFiles.messageId, fileIds)).orderBy(asc(chatFiles.id))
      : [];
  const key = files.length > 0 ? await fileUrlKey(db) : null;
  const products = new Map<number, ChatProductCard | null>();
  for (const id of new Set(rows.map((r) => r.productId).filter((id): id is number => id !== null))) {
    const p = await productById(db, id);
    products.set(id, p ? { seq: p.seq, name: p.name, pid: p.pid, image: p.imgFiles[0] ?? null } : null);
  }
  return rows.map((r) =>
    toView(
      r,
      senders.get(r.senderId)!,
      customer,
      files
        .filter((f) => f.messageId === r.id)
        .map((f) => ({
          seq: f.id,
          name: f.originalName,
          mime: f.mime,
          width: f.width,
          height: f.height,
          size: f.size,
          url: signedFileUrl(key!, f.id, 'full', now),
          thumbUrl: signedFileUrl(key!, f.id, 'thumb', now),
        })),
      r.productId === null ? null : (products.get(r.productId) ?? null),
    ),
  );
}

/** The room is the customer's login id and seq joined. */
