import { MSG_CHAT, storedLoginIdField } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { batchLoader } from '../../shared/batch.js';
import { notFound } from '../../shared/http.js';
import { resolveSessions, type MemberRow } from '../auth/index.js';
import { memberByLoginId } from '../members/repository.js';
import { ensureConversations, isChatCustomer, isCustomerOnRecord, membersById } from './messages.js';

/** Conversation ids kept per process at most (a customer's conversation id never changes). */
const CONVERSATION_CACHE_MAX = 100_000;

/**
 * Lookups that many chat sockets make at the same moment (a connection storm; the first messages of
 * many conversations; the periodic session re-checks of long-lived sockets) go to the database in
 * groups, one statement per group, instead of one statement each.
 */
export function chatLookups(db: Db) {
  const sessionOf = batchLoader((tokens: string[]) => resolveSessions(db, tokens));
  const memberOf = batchLoader((ids: number[]) => membersById(db, ids));
  const conversationIds = new Map<number, number>();
  const loadConversation = batchLoader((ids: number[]) => ensureConversations(db, ids));

  /** A checked customer's conversation id (made on first use); kept, as it never changes. */
  async function conversationIdOf(customerId: number): Promise<number> {
    const known = conversationIds.get(customerId);
    if (known !== undefined) return known;
    const id = await loadConversation(customerId);
    if (id === undefined) throw new Error(`no conversation for customer ${customerId}`);
    if (conversationIds.size >= CONVERSATION_CACHE_MAX) conversationIds.clear();
    conversationIds.set(customerId, id);
    return id;
  }

  /** A chat customer (an active company member) by id, through the grouped member lookup; 404 otherwise. */
  async function checkedCustomer(id: number): Promise<MemberRow> {
    const member = await memberOf(id);
    if (!isChatCustomer(member)) throw notFound(MSG_CHAT.targetUserNotFound);
    return member;
  }

  /** A customer whose history staff may read (active or stopped, not withdrawn); 404 otherwise. */
  async function customerOnRecord(id: number): Promise<MemberRow> {
    const member = await memberOf(id);
    if (!isCustomerOnRecord(member)) throw notFound(MSG_CHAT.targetUserNotFound);
    return member;
  }

  return { sessionOf, conversationIds, conversationIdOf, checkedCustomer, customerOnRecord };
}

/**
 * The login id in a field where the original client names a chat user (adminMessage and
 * oldMessageAdminRequest `targetUser`, updateReadStatus `user`, the staff upload's header): it may
 * send the user's `id` there as well as its `seq` (docs/requirements.md#realtime-channels). A text
 * in a login id's shape, as a login reads it (trimmed, lower case); null for anything else, which
 * the payload's schema judges as a member number.
 */
export function loginIdNamed(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const parsed = storedLoginIdField.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The member number of a login id (the caller checks that it is a chat customer); 404 when none holds it. */
export async function memberNumberOf(db: Db, loginId: string): Promise<number> {
  const member = await memberByLoginId(db, loginId);
  if (!member) throw notFound(MSG_CHAT.targetUserNotFound);
  return member.id;
}
