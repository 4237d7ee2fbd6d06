import { and, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chatConversations, chatFiles, chatMessages } from './schema.js';

/** The chat tables' writes other features ask for (docs/architecture.md#the-database). */

/**
 * Deletes the conversations of `customerIds` (a subquery) whose last message (or, with none, whose
 * opening) is before `before`, with their messages and pictures; answers the pictures' storage keys
 * for the caller to remove once the transaction commits (docs/requirements.md#retention).
 */
export async function deleteStaleConversations(tx: Tx, customerIds: SQLWrapper, before: SQL): Promise<string[]> {
  const chats = () =>
    tx
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(
        and(
          inArray(chatConversations.customerId, customerIds),
          lt(
            sql`coalesce((select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id}), ${chatConversations.createdAt})`,
            before,
          ),
        ),
      );
  const gone = await tx
    .delete(chatFiles)
    .where(inArray(chatFiles.conversationId, chats()))
    .returning({ storageKey: chatFiles.storageKey, thumbKey: chatFiles.thumbKey });
  await tx.delete(chatMessages).where(inArray(chatMessages.conversationId, chats()));
  await tx.delete(chatConversations).where(inArray(chatConversations.id, chats()));
  return gone.flatMap((f) => [f.storageKey, f.thumbKey]);
}
