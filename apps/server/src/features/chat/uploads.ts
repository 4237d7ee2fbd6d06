import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CHAT_LIMITS, MSG_CHAT, type ChatMessage } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { EventSink } from '../../shared/events.js';
import { AppError } from '../../shared/http.js';
import { checkUploadBatch, decodeQueue, processImage, type IncomingFile, type ProcessedImage } from './images.js';
import {
  conversationOf,
  ensureConversation,
  messageByClientId,
  recentMessages,
  storeMessage,
  toChatMessages,
  type ChatCustomer,
  type MessageRow,
  type SenderInfo,
} from './messages.js';
import { chatConversations, chatFiles } from './schema.js';
import {
  fileUrlKey,
  newStorageKey,
  signedFileUrl,
  verifyFileUrl,
  type FileStorage,
  type FileVariant,
} from './storage.js';

export interface ChatUpload {
  /** Who uploads: the customer into their own conversation, or staff into the customer's. */
  sender: SenderInfo;
  customer: ChatCustomer;
  files: IncomingFile[];
  /** The client's id for the resulting message; a retried upload with the same id is stored once. */
  clientMessageId?: string | undefined;
}

/** A retry of an upload to this conversation by this sender: its stored message (the same id elsewhere is another message). */
const storedUpload = (db: Db, conversationId: number, sender: SenderInfo, clientMessageId: string) =>
  messageByClientId(db, { conversationId, senderId: sender.memberId, clientMessageId });

/**
 * The message an upload with this client id already stored in the customer's conversation, or
 * null: a retry is answered with it before anything of the upload is counted or read
 * (docs/requirements.md#chat).
 */
export async function earlierUpload(
  db: Db,
  upload: Pick<ChatUpload, 'sender' | 'customer'> & { clientMessageId: string },
): Promise<ChatMessage | null> {
  const { sender, customer, clientMessageId } = upload;
  const conversation = await conversationOf(db, customer.id);
  const row = conversation && (await storedUpload(db, conversation.id, sender, clientMessageId));
  return row ? (await toChatMessages(db, [row], customer, [sender]))[0]! : null;
}

/**
 * Turns one upload into one file message: every file is judged and re-encoded first (a single
 * bad file refuses the whole upload and nothing is stored), then the pictures and thumbnails go
 * to storage under generated names, then the message and its files are stored together. The
 * caller checks that the sender may write to this customer's conversation, and delivers the
 * returned message (ChatChannel.announce).
 */
export async function uploadChatFiles(
  db: Db,
  events: EventSink,
  storage: FileStorage,
  upload: ChatUpload,
): Promise<{ message: ChatMessage; created: boolean }> {
  const { sender, customer } = upload;
  const clientMessageId = upload.clientMessageId ?? randomUUID();
  const view = async (row: MessageRow) => (await toChatMessages(db, [row], customer, [sender]))[0]!;

  const conversation = await conversationOf(db, customer.id);
  const earlier = conversation && (await storedUpload(db, conversation.id, sender, clientMessageId));
  if (earlier) return { message: await view(earlier), created: false };
  if ((await recentMessages(db, sender.memberId, 'file', CHAT_LIMITS.uploads.windowSec)) >= CHAT_LIMITS.uploads.max) {
    throw new AppError(429, MSG_CHAT.tooManyUploads);
  }

  const names = checkUploadBatch(upload.files);
  const images: ProcessedImage[] = [];
  // One after another, each through the process's decode queue: image work is CPU-bound and the machine is shared.
  for (const [i, file] of upload.files.entries())
    images.push(await decodeQueue.run(() => processImage(file, names[i]!, { staff: sender.side === 'staff' })));

  // Made only now: a refused upload leaves no empty conversation behind.
  const conversationId = conversation?.id ?? (await ensureConversation(db, customer.id));
  const stored: { key: string; thumbKey: string; image: ProcessedImage }[] = [];
  try {
    for (const image of images) {
      const keys = newStorageKey(image.ext);
      await storage.put(keys.key, image.data);
      await storage.put(keys.thumbKey, image.thumb);
      stored.push({ ...keys, image });
    }
    const result = await db.transaction(async (tx) => {
      const saved = await storeMessage(tx, {
        conversationId,
        senderId: sender.memberId,
        side: sender.side,
        clientMessageId,
        type: 'file',
        body: images
          .map((i) => i.name)
          .join(', ')
          .slice(0, CHAT_LIMITS.messageMaxChars),
      });
      if (saved.created) {
        await tx.insert(chatFiles).values(
          stored.map((s) => ({
            conversationId,
            messageId: saved.row.id,
            uploaderId: sender.memberId,
            storageKey: s.key,
            thumbKey: s.thumbKey,
            originalName: s.image.name,
            mime: s.image.mime,
            width: s.image.width,
            height: s.image.height,
            size: s.image.data.length,
          })),
        );
      }
      return saved;
    });
    // A parallel retry with the same id won: its files are the message's, these are not needed.
    if (!result.created) await removeAll(storage, stored);
    const message = await view(result.row);
    // Stored first, then delivered to the customer's tabs and to staff (a retry is not delivered again).
    if (result.created)
      await events.publish({
        type: 'messageStored',
        message,
        conversationId,
        storedAt: result.row.createdAt,
        delivered: false,
      });
    return { message, created: result.created };
  } catch (err) {
    await removeAll(storage, stored);
    throw err;
  }
}

async function removeAll(storage: FileStorage, stored: { key: string; thumbKey: string }[]) {
  await Promise.all(
    stored.flatMap((s) => [storage.remove(s.key), storage.remove(s.thumbKey)]).map((p) => p.catch(() => undefined)),
  );
}

/**
 * A chat file behind a signed address (the read route of the uploads): the picture or its
 * thumbnail, or null when the signature is wrong or expired or the file is gone.
 */
export async function readChatFile(
  db: Db,
  storage: FileStorage,
  q: { seq: number; variant: FileVariant; exp: number; sig: string },
  now: Date = new Date(),
): Promise<{ data: Buffer; mime: string } | null> {
  if (!verifyFileUrl(await fileUrlKey(db), q.seq, q.variant, q.exp, q.sig, now)) return null;
  const [file] = await db.select().from(chatFiles).where(eq(chatFiles.id, q.seq));
  if (!file) return null;
  const data = await storage.read(q.variant === 'thumb' ? file.thumbKey : file.storageKey);
  return data ? { data, mime: q.variant === 'thumb' ? 'image/webp' : file.mime } : null;
}

/**
 * Fresh signed addresses of one chat file for a member allowed to see it: the customer of its
 * conversation, or staff. Null otherwise, or when there is no such file (the caller answers 404
 * either way, so nobody learns which files exist).
 */
export async function freshFileLink(
  db: Db,
  seq: number,
  viewer: { memberId: number; staff: boolean },
  now: Date = new Date(),
): Promise<{ seq: number; url: string; thumbUrl: string } | null> {
  const [file] = await db
    .select({ id: chatFiles.id, customerId: chatConversations.customerId })
    .from(chatFiles)
    .innerJoin(chatConversations, eq(chatConversations.id, chatFiles.conversationId))
    .where(eq(chatFiles.id, seq));
  if (!file || (!viewer.staff && file.customerId !== viewer.memberId)) return null;
  const key = await fileUrlKey(db);
  return {
    seq: file.id,
    url: signedFileUrl(key, file.id, 'full', now),
    thumbUrl: signedFileUrl(key, file.id, 'thumb', now),
  };
}
