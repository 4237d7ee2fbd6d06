import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  CHAT_LIMITS,
  COMPANY_LEVEL_NAMES,
  MSG_CHAT,
  type CannedReply,
  type ChatCustomerInfo,
  type ChatFile,
  type ChatMessage,
  type ChatProductCard,
  type ChatReadMarks,
  type ChatUser,
  type CompanyLevel,
} from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { AppError, notFound } from '../../shared/http.js';
import type { MemberRow } from '../auth/sessions.js';
import { buildUserInfo, findMemberById } from '../auth/user-info.js';
import { cartCount } from '../cart/service.js';
import { listOrders } from '../orders/service.js';
import { productById } from '../products/service.js';
import { members } from '../../db/schema.js';
import { chatCannedReplies, chatConversations, chatFiles, chatMessages } from './schema.js';
import { fileUrlKey, signedFileUrl } from './storage.js';

export type Side = 'customer' | 'staff';
export type MessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;

/** Who wrote a message, as its view shows them. */
export interface SenderInfo {
  memberId: number;
  loginId: string;
  name: string;
  side: Side;
}

/** The customer a conversation belongs to. */
export interface ChatCustomer {
  id: number;
  loginId: string;
}

export const isStaff = (m: Pick<MemberRow, 'role'>) => m.role === 'staff' || m.role === 'admin';

/** An active shop member with a company: the only kind of account that has a conversation. */
export async function chatCustomer(db: Db, id: number): Promise<MemberRow> {
  const member = await findMemberById(db, id);
  if (!isChatCustomer(member)) throw notFound(MSG_CHAT.targetUserNotFound);
  return member;
}

export async function conversationOf(db: Db, customerId: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.customerId, customerId));
  return row ?? null;
}

/** The customer's conversation, made on first use (one per customer). */
export async function ensureConversation(db: Db, customerId: number): Promise<number> {
  const existing = await conversationOf(db, customerId);
  if (existing) return existing.id;
  await db.insert(chatConversations).values({ customerId }).onConflictDoNothing();
  return (await conversationOf(db, customerId))!.id;
}

/**
 * Many customers' conversations at once, made on first use: one statement when they all exist,
 * an insert of the missing ones (and a second read if another process made one meanwhile)
 * otherwise. Callers pass customers they checked (chatCustomer or their own session).
 */
export async function ensureConversations(db: Db, customerIds: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  const read = async (ids: number[]) => {
    for (const r of await db.select({ id: chatConversations.id, customerId: chatConversations.customerId }).from(chatConversations).where(inArray(chatConversations.customerId, ids)))
      found.set(r.customerId, r.id);
  };
  const missing = () => customerIds.filter((id) => !found.has(id));
  await read(customerIds);
  if (missing().length > 0) {
    const made = await db
      .insert(chatConversations)
      .values(missing().map((customerId) => ({ customerId })))
      .onConflictDoNothing()
      .returning({ id: chatConversations.id, customerId: chatConversations.customerId });
    for (const r of made) found.set(r.customerId, r.id);
    if (missing().length > 0) await read(missing());
  }
  return found;
}

/** Members by id in one statement (the caller checks each with isChatCustomer). */
export async function membersById(db: Db, ids: number[]): Promise<Map<number, MemberRow>> {
  const rows = await db.select().from(members).where(inArray(members.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export const isChatCustomer = (m: MemberRow | undefined): m is MemberRow => !!m && m.status === 'active' && !isStaff(m) && m.companyId !== null;

export interface NewMessage {
  conversationId: number;
  senderId: number;
  side: Side;
  clientMessageId: string;
  type: 'text' | 'file';
  body: string;
  productId?: number | null;
}

interface RawMessage {
  id: number;
  conversation_id: number;
  sender_id: number;
  sender_side: string;
  client_message_id: string;
  type: string;
  body: string;
  product_id: number | null;
  created_at: Date | string;
}

const fromRaw = (r: RawMessage): MessageRow => ({
  id: Number(r.id),
  conversationId: Number(r.conversation_id),
  senderId: Number(r.sender_id),
  senderSide: r.sender_side,
  clientMessageId: r.client_message_id,
  type: r.type,
  body: r.body,
  productId: r.product_id === null ? null : Number(r.product_id),
  createdAt: new Date(r.created_at),
});

/** First key of the chat's two-key advisory locks (one per conversation); two-key locks never meet one-key ones. */
const CHAT_LOCK_CLASS = 7311;

export const messageLimit = (side: Side) => (side === 'staff' ? CHAT_LIMITS.staffMessages : CHAT_LIMITS.customerMessages);

/**
 * Stores a message once per (sender, client message id), in one statement that also:
 * - takes the conversation's lock, so ids within a conversation are handed out in commit
 *   order and a client that asks for everything after its last id never skips one committed late;
 * - counts the sender's messages of the last window (the rate limit lives in the database, so
 *   every server process counts the same messages).
 * Its time is taken once the lock is held (clock_timestamp), so times follow ids too.
 * A resend returns the stored row with `created: false`; over the limit throws 429.
 */
export async function storeMessage(db: Db | Tx, m: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
  const limit = messageLimit(m.side);
  const inserted = await queryRows<RawMessage>(
    db,
    sql`with conv as (select id, pg_advisory_xact_lock(${CHAT_LOCK_CLASS}::int, id) from chat_conversations where id = ${m.conversationId}::int),
      recent as (select count(*)::int as n from chat_messages
                 where sender_id = ${m.senderId}::int and created_at > now() - (${limit.windowSec}::int * interval '1 second'))
    insert into chat_messages (conversation_id, sender_id, sender_side, client_message_id, type, body, product_id, created_at)
    select conv.id, ${m.senderId}::int, ${m.side}::text, ${m.clientMessageId}::text, ${m.type}::text, ${m.body}::text, ${m.productId ?? null}::int,
      clock_timestamp()
    from conv, recent where recent.n < ${limit.max}::int
    on conflict (sender_id, client_message_id) do nothing
    returning *`,
  );
  if (inserted[0]) return { row: fromRaw(inserted[0]), created: true };
  const [existing] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, m.senderId), eq(chatMessages.clientMessageId, m.clientMessageId)));
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
  on conflict (sender_id, client_message_id) do nothing
  returning *`,
};

/**
 * Stores text messages like storeMessage, but groups the ones that arrive while earlier writes
 * are in flight into one statement: at a few hundred messages a second the server then makes a
 * few dozen database round trips and commits instead of one per message. Alone, a message is
 * written at once, so grouping adds no wait. Each group keeps every rule of storeMessage:
 * conversation locks (taken in id order, so two groups never deadlock), ids in commit order
 * within a conversation, the per-sender rate limit (counting the group's own messages), and one
 * row per (sender, client message id).
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
    const inserted = await runPrepared<RawMessage>(db, STORE_MESSAGES, [input]);
    const stored = new Map(inserted.map((r) => [`${r.sender_id}:${r.client_message_id}`, fromRaw(r)]));
    for (const p of group) {
      const key = `${p.message.senderId}:${p.message.clientMessageId}`;
      const row = stored.get(key);
      if (row) {
        stored.delete(key); // a second copy in the same group is a resend
        p.resolve({ row, created: true });
        continue;
      }
      // A resend (stored earlier, or earlier in this group) or over the limit.
      const existing = await messageByClientId(db, p.message.senderId, p.message.clientMessageId);
      if (existing) p.resolve({ row: existing, created: false });
      else p.reject(new AppError(429, MSG_CHAT.tooManyMessages));
    }
  } catch (err) {
    for (const p of group) p.reject(err);
  }
}

export async function messageByClientId(db: Db, senderId: number, clientMessageId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMessageId, clientMessageId)));
  return row ?? null;
}

/** Messages of a kind a sender stored within the last `windowSec` seconds (database time). */
export async function recentMessages(db: Db, senderId: number, type: 'text' | 'file', windowSec: number): Promise<number> {
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
export async function history(db: Db, conversationId: number, q: HistoryQuery): Promise<{ rows: MessageRow[]; more: boolean }> {
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
    map.set(id, { memberId: id, loginId: member?.loginId ?? '', name: member?.name ?? '', side: member && isStaff(member) ? 'staff' : 'customer' });
  }
  return map;
}

/** One message as both sides receive it, from what has been read for it. */
function toView(r: MessageRow, sender: SenderInfo, customer: ChatCustomer, fileList: ChatFile[], product: ChatProductCard | null): ChatMessage {
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
  if (only && knownSender && only.type === 'text' && only.productId === null) return [toView(only, knownSender, customer, [], null)];

  const senders = await senderInfos(db, rows, known);
  const fileIds = rows.filter((r) => r.type === 'file').map((r) => r.id);
  const files = fileIds.length > 0 ? await db.select().from(chatFiles).where(inArray(chatFiles.messageId, fileIds)).orderBy(asc(chatFiles.id)) : [];
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
export const chatRoomName = (c: ChatCustomer) => `${c.loginId}_${c.id}`;

export const readMarksOf = (c: Pick<ConversationRow, 'customerReadId' | 'staffReadId'> | null): ChatReadMarks => ({
  userReadSeq: c?.customerReadId ?? 0,
  adminReadSeq: c?.staffReadId ?? 0,
});

/** Messages from the other side newer than what `side` has read. */
export async function unreadFor(db: Db, c: ConversationRow | null, side: Side): Promise<number> {
  if (!c) return 0;
  const readId = side === 'customer' ? c.customerReadId : c.staffReadId;
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, c.id), ne(chatMessages.senderSide, side), gt(chatMessages.id, readId)));
  return Number(row?.n ?? 0);
}

/** Open unless staff resolved it and no customer message came after. */
export async function stateOf(db: Db, c: ConversationRow | null): Promise<'open' | 'resolved'> {
  if (!c || c.resolvedThroughId === null) return 'open';
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, c.id), eq(chatMessages.senderSide, 'customer'), gt(chatMessages.id, c.resolvedThroughId)));
  return Number(row?.n ?? 0) > 0 ? 'open' : 'resolved';
}

/**
 * Marks a side's reading up to `seq` (default: the newest message). Read marks only move
 * forward and never past the newest message. Returns the mark now stored.
 */
export async function markRead(db: Db, conversationId: number, side: Side, seq?: number): Promise<number> {
  const newest = sql`(select coalesce(max(id), 0) from chat_messages where conversation_id = ${conversationId}::int)`;
  const target = seq === undefined ? newest : sql`least(${seq}::int, ${newest})`;
  const column = side === 'customer' ? chatConversations.customerReadId : chatConversations.staffReadId;
  const [row] = await db
    .update(chatConversations)
    .set(side === 'customer' ? { customerReadId: sql`greatest(${column}, ${target})` } : { staffReadId: sql`greatest(${column}, ${target})` })
    .where(eq(chatConversations.id, conversationId))
    .returning({ customerReadId: chatConversations.customerReadId, staffReadId: chatConversations.staffReadId });
  return side === 'customer' ? (row?.customerReadId ?? 0) : (row?.staffReadId ?? 0);
}

/** Resolving covers the conversation up to its newest message; a later customer message opens it again. */
export async function setConversationState(db: Db, conversationId: number, state: 'open' | 'resolved', staffId: number): Promise<void> {
  if (state === 'open') {
    await db.update(chatConversations).set({ resolvedThroughId: null, resolvedBy: null, resolvedAt: null }).where(eq(chatConversations.id, conversationId));
    return;
  }
  await db
    .update(chatConversations)
    .set({
      resolvedThroughId: sql`(select coalesce(max(id), 0) from chat_messages where conversation_id = ${conversationId}::int)`,
      resolvedBy: staffId,
      resolvedAt: new Date(),
    })
    .where(eq(chatConversations.id, conversationId));
}

interface RawChatUser {
  id: number;
  login_id: string;
  name: string;
  phone: string;
  company_name: string | null;
  level: string | null;
  unread: number;
  open: boolean;
  last_body: string | null;
  last_type: string | null;
  last_at: Date | string | null;
}

/**
 * The staff console's user list (docs/requirements.md#entities, 'Chat user'): with `ids`, exactly those customers;
 * otherwise every online customer plus the offline ones with the most recent conversations.
 * A read model across members, companies and chat tables, so it is one query.
 */
export async function listChatUsers(db: Db, opts: { online: Set<number>; ids?: number[] }): Promise<ChatUser[]> {
  const pgArray = (ids: Iterable<number>) => `{${[...ids].map((n) => Math.trunc(n)).join(',')}}`;
  const listed = opts.ids
    ? sql`select unnest(${pgArray(opts.ids)}::int[]) as customer_id`
    : sql`(select c.customer_id from chat_conversations c
            join lateral (select max(id) as newest from chat_messages x where x.conversation_id = c.id) l on l.newest is not null
            order by l.newest desc limit ${CHAT_LIMITS.offlineUsersListed}::int)
          union select unnest(${pgArray(opts.online)}::int[])`;
  const rows = await queryRows<RawChatUser>(
    db,
    sql`with listed as (${listed})
    select m.id, m.login_id, m.name, m.phone, co.name as company_name, co.level,
      coalesce((select count(*)::int from chat_messages x
                where x.conversation_id = c.id and x.sender_side = 'customer' and x.id > c.staff_read_id), 0) as unread,
      (c.resolved_through_id is null or exists (select 1 from chat_messages x
                where x.conversation_id = c.id and x.sender_side = 'customer' and x.id > c.resolved_through_id)) as open,
      last.body as last_body, last.type as last_type, last.created_at as last_at
    from listed
    join members m on m.id = listed.customer_id and m.role = 'member' and m.status = 'active'
    left join companies co on co.id = m.company_id
    left join chat_conversations c on c.customer_id = m.id
    left join lateral (select body, type, created_at from chat_messages x where x.conversation_id = c.id order by x.id desc limit 1) last on true
    order by last.created_at desc nulls last, m.name`,
  );
  return rows.map((r) => ({
    id: r.login_id,
    seq: Number(r.id),
    name: r.name,
    phone: r.phone,
    companyName: r.company_name ?? '',
    level: (r.level as CompanyLevel | null) ?? null,
    onlineStatus: opts.online.has(Number(r.id)),
    newChat: Number(r.unread) > 0,
    unread: Number(r.unread),
    state: r.open === false ? 'resolved' : 'open',
    lastMessage: r.last_type === 'file' ? '[이미지]' : r.last_body,
    lastMessageAt: r.last_at === null ? null : new Date(r.last_at).toISOString(),
  }));
}

// ---- canned replies (shared by all staff) ----

const toCanned = (r: typeof chatCannedReplies.$inferSelect): CannedReply => ({ seq: r.id, title: r.title, body: r.body, updated: r.updatedAt.toISOString() });

export async function listCannedReplies(db: Db): Promise<CannedReply[]> {
  const rows = await db.select().from(chatCannedReplies).orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));
  return rows.map(toCanned);
}

export async function saveCannedReply(db: Db, staffId: number, form: { seq?: number | undefined; title: string; body: string }): Promise<CannedReply> {
  if (form.seq !== undefined) {
    const [row] = await db
      .update(chatCannedReplies)
      .set({ title: form.title, body: form.body, updatedAt: new Date() })
      .where(eq(chatCannedReplies.id, form.seq))
      .returning();
    if (!row) throw notFound(MSG_CHAT.cannedNotFound);
    return toCanned(row);
  }
  return db.transaction(async (tx) => {
    // One at a time, so parallel saves cannot pass the cap together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chat_canned_replies'))`);
    const [counted] = await tx.select({ n: count() }).from(chatCannedReplies);
    if (Number(counted?.n ?? 0) >= CHAT_LIMITS.cannedReplies) throw new AppError(400, MSG_CHAT.cannedTooMany);
    const [row] = await tx.insert(chatCannedReplies).values({ title: form.title, body: form.body, createdBy: staffId }).returning();
    return toCanned(row!);
  });
}

export async function deleteCannedReply(db: Db, seq: number): Promise<void> {
  const rows = await db.delete(chatCannedReplies).where(eq(chatCannedReplies.id, seq)).returning({ id: chatCannedReplies.id });
  if (rows.length === 0) throw notFound(MSG_CHAT.cannedNotFound);
}

/** What staff see beside a conversation, read through the owning features' services. */
export async function customerInfo(db: Db, customer: MemberRow): Promise<ChatCustomerInfo> {
  const userInfo = await buildUserInfo(db, customer);
  const company = userInfo.companyInfo;
  const [carts, orders] = await Promise.all([
    cartCount(db, customer.id),
    customer.companyId === null
      ? { results: [], total: 0 }
      : listOrders(db, customer.companyId, { page: 1, size: CHAT_LIMITS.customerInfoOrders }),
  ]);
  return {
    seq: customer.id,
    name: customer.name,
    phone: customer.phone,
    companyName: userInfo.companyName,
    level: company?.level ?? null,
    levelName: company ? COMPANY_LEVEL_NAMES[company.level] : '',
    cash: company?.point ?? 0,
    cartCount: carts,
    orderCount: orders.total,
    lastOrders: orders.results.map((o) => ({
      seq: o.seq,
      created: o.created,
      status: o.status,
      totalAmount: o.totalAmount,
      itemLength: o.itemLength,
      firstItemName: o.orderProductInfo[0]?.name ?? '',
    })),
  };
}
