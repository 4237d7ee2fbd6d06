import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { memberById } from '../members/repository.js';
import type { DomainEvents, EventOf } from '../../shared/events.js';
import { CHAT_REPLY_WINDOW_MINUTES, notifyChatReply } from './events.js';

/**
 * The '상담 답변 도착' notice (docs/requirements.md#notifications): every staff answer stored (text or
 * picture, over the chat socket or an HTTP upload) to a customer with no chat socket open on any
 * process, at most one per conversation in any CHAT_REPLY_WINDOW_MINUTES: the conversation keeps when
 * its last notice was claimed (`claimReplyNotice`, in the notice's transaction). It reacts to `messageStored`, told after the message committed: whether the customer is
 * online is asked of the socket adapter, which a message's transaction must not wait for, so the
 * notice is a job of a transaction of its own, as it was when the chat socket wrote it. A failure
 * here is logged and loses only the notice, never the answer.
 */
export function chatReplyNotices(
  events: DomainEvents,
  db: Db,
  chat: {
    customerOnline: (customerId: number) => Promise<boolean>;
    /** The chat's claim of a conversation's notice (features/chat `claimReplyNotice`), given by the app. */
    claimReplyNotice: (tx: Tx, conversationId: number, at: Date, windowMinutes: number) => Promise<boolean>;
  },
  log: Pick<FastifyBaseLogger, 'warn'>,
): () => void {
  // A conversation's answers are handled in the order they were told, one after the other: the window's
  // notice is the first answer's, however long each one's online check takes.
  const inOrder = new Map<number, Promise<void>>();
  return events.on('messageStored', (stored) => {
    if (stored.message.sendSide !== 'admin') return;
    const { conversationId } = stored;
    const next = (inOrder.get(conversationId) ?? Promise.resolve()).then(() => notice(stored));
    inOrder.set(conversationId, next);
    return next.finally(() => {
      if (inOrder.get(conversationId) === next) inOrder.delete(conversationId);
    });
  });

  async function notice({ message, conversationId, storedAt }: EventOf<'messageStored'>): Promise<void> {
    const customerId = message.targetUser;
    try {
      if (await chat.customerOnline(customerId)) return;
      const customer = await memberById(db, customerId);
      if (customer?.companyId == null) return;
      const companyId = customer.companyId;
      // A picture's text is its file names: the notice says '(사진)' instead.
      const preview = message.type === 'text' ? message.sendMessage : '';
      await db.transaction(async (tx) => {
        if (!(await chat.claimReplyNotice(tx, conversationId, storedAt, CHAT_REPLY_WINDOW_MINUTES))) return;
        await notifyChatReply(tx, { companyId, memberId: customerId, conversationId, preview, at: storedAt });
      });
    } catch (err) {
      log.warn({ err, customerId }, 'chat reply notice not written');
    }
  }
}
