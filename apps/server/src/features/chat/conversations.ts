import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, lte, max, ne, or, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import { CHAT_LIMITS, MSG_CHAT, type ChatReadMarks, type ChatUser, type CompanyLevel } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../shared/http.js';
import type { MemberRow } from '../auth/index.js';
import { findMemberById } from '../auth/index.js';
import { customersOnRecordSubquery, membersByIds } from '../members/repository.js';
import { chatConversations, chatMessages } from './schema.js';

/** Chat customers and their conversations: who may chat, read marks, open/resolved, the staff's list of customers (docs/requirements.md#chat). */

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
    for (const r of await db
      .select({ id: chatConversations.id, customerId: chatConversations.customerId })
      .from(chatConversations)
      .where(inArray(chatConversations.customerId, ids)))
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
  return membersByIds(db, ids);
}

export const isChatCustomer = (m: MemberRow | undefined): m is MemberRow =>
  !!m && m.status === 'active' && !isStaff(m) && m.companyId !== null;

/**
 * A customer whose conversation staff may still read: a chat customer, or one stopped since (a dispute,
 * deciding to resume; docs/requirements.md#chat). A withdrawn one's chat waits for the retention sweep.
 */
export const isCustomerOnRecord = (m: MemberRow | undefined): m is MemberRow =>
  !!m && (m.status === 'active' || m.status === 'stopped') && !isStaff(m) && m.companyId !== null;

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

/**
 * The customer's messages of a conversation after message `afterId`: by values for one conversation,
 * or by the conversation's columns inside a query over many.
 */
const customerMessagesAfter = (conversationId: number | SQLWrapper, afterId: number | SQLWrapper) =>
  and(
    eq(chatMessages.conversationId, conversationId),
    eq(chatMessages.senderSide, 'customer'),
    gt(chatMessages.id, afterId),
  );

/** Open unless staff resolved it and no customer message came after. */
export async function stateOf(db: Db, c: ConversationRow | null): Promise<'open' | 'resolved'> {
  if (!c || c.resolvedThroughId === null) return 'open';
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(customerMessagesAfter(c.id, c.resolvedThroughId));
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
    .set(
      side === 'customer'
        ? { customerReadId: sql`greatest(${column}, ${target})` }
        : { staffReadId: sql`greatest(${column}, ${target})` },
    )
    .where(eq(chatConversations.id, conversationId))
    .returning({ customerReadId: chatConversations.customerReadId, staffReadId: chatConversations.staffReadId });
  return side === 'customer' ? (row?.customerReadId ?? 0) : (row?.staffReadId ?? 0);
}

/** Resolving covers the conversation up to its newest message; a later customer message opens it again. */
export async function setConversationState(
  db: Db,
  conversationId: number,
  state: 'open' | 'resolved',
  staffId: number,
): Promise<void> {
  if (state === 'open') {
    await db
      .update(chatConversations)
      .set({ resolvedThroughId: null, resolvedBy: null, resolvedAt: null })
      .where(eq(chatConversations.id, conversationId));
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

/**
 * The offline customers with the most recent conversations (the newest message first), as many
 * as the staff console lists.
 */
async function recentCustomers(db: Db): Promise<number[]> {
  const newest = db
    .select({ id: max(chatMessages.id).as('newest') })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, chatConversations.id))
    .as('newest');
  const rows = await db
    .select({ customerId: chatConversations.customerId })
    .from(chatConversations)
    .innerJoinLateral(newest, sql`true`)
    .where(isNotNull(newest.id))
    .orderBy(desc(newest.id))
    .limit(CHAT_LIMITS.offlineUsersListed);
  return rows.map((r) => r.customerId);
}

/**
 * The staff console's user list (docs/requirements.md#entities, 'Chat user'): with `ids`, exactly those customers;
 * otherwise every online customer plus the offline ones with the most recent conversations. A
 * customer stopped since stays while there is a conversation to read, marked `stopped`.
 * A read model across members, companies and chat tables, so it is one query: the members feature
 * gives the customers as a subquery (docs/architecture.md#the-database).
 */
export async function listChatUsers(db: Db, opts: { online: Set<number>; ids?: number[] }): Promise<ChatUser[]> {
  const listed = new Set(opts.ids ?? [...(await recentCustomers(db)), ...opts.online]);
  if (listed.size === 0) return [];
  const last = db
    .select({ body: chatMessages.body, type: chatMessages.type, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, chatConversations.id))
    .orderBy(desc(chatMessages.id))
    .limit(1)
    .as('last');
  const customer = customersOnRecordSubquery(db, [...listed]);
  const rows = await db
    .select({
      id: customer.id,
      loginId: customer.loginId,
      name: customer.name,
      phone: customer.phone,
      status: customer.status,
      companyName: customer.companyName,
      level: customer.level,
      unread: sql<number>`(select count(*)::int from ${chatMessages} where ${customerMessagesAfter(chatConversations.id, chatConversations.staffReadId)})`,
      open: sql<boolean>`(${or(
        isNull(chatConversations.resolvedThroughId),
        exists(
          db
            .select({ one: sql`1` })
            .from(chatMessages)
            .where(customerMessagesAfter(chatConversations.id, chatConversations.resolvedThroughId)),
        ),
      )})`,
      lastBody: last.body,
      lastType: last.type,
      lastAt: last.createdAt,
    })
    .from(customer)
    .leftJoin(chatConversations, eq(chatConversations.customerId, customer.id))
    .leftJoinLateral(last, sql`true`)
    // A stopped customer stays while there is a conversation to read (docs/requirements.md#chat).
    .where(or(eq(customer.status, 'active'), isNotNull(last.createdAt)))
    .orderBy(sql`${last.createdAt} desc nulls last`, asc(customer.name));
  return rows.map((r) => ({
    id: r.loginId,
    seq: r.id,
    name: r.name,
    phone: r.phone,
    companyName: r.companyName ?? '',
    level: (r.level as CompanyLevel | null) ?? null,
    onlineStatus: opts.online.has(r.id),
    newChat: r.unread > 0,
    unread: r.unread,
    state: r.open === false ? 'resolved' : 'open',
    lastMessage: r.lastType === 'file' ? '[이미지]' : r.lastBody,
    lastMessageAt: r.lastAt === null ? null : r.lastAt.toISOString(),
    ...(r.status === 'stopped' ? { stopped: true as const } : {}),
  }));
}

/**
 * Claims the '상담 답변 도착' notice for an answer stored `at`: true when no notice was written in the
 * `windowMinutes` before it, and the answer's time is then kept as the last notice's. One conditional
 * update, so two answers at once on two processes claim it once (docs/requirements.md#notifications).
 */
export async function claimReplyNotice(
  tx: Tx,
  conversationId: number,
  at: Date,
  windowMinutes: number,
): Promise<boolean> {
  const since = new Date(at.getTime() - windowMinutes * 60_000);
  const claimed = await tx
    .update(chatConversations)
    .set({ replyNoticedAt: at })
    .where(
      and(
        eq(chatConversations.id, conversationId),
        or(isNull(chatConversations.replyNoticedAt), lte(chatConversations.replyNoticedAt, since)),
      ),
    )
    .returning({ id: chatConversations.id });
  return claimed.length > 0;
}
