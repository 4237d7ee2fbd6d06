import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt, timestamps, refTo, checkIn } from '../../db/columns.js';
import { sessions } from '../auth/schema.js';
import { memberRef } from '../members/schema.js';
import { productRef } from '../products/schema.js';

/**
 * One conversation per customer. Read state is kept per side as the highest message id read.
 * 'Resolved' is derived: staff resolve a conversation up to its newest message, and any later
 * customer message opens it again without a write.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serialId(),
    customerId: memberRef('customer_id').notNull(),
    customerReadId: integer('customer_read_id').notNull().default(0),
    staffReadId: integer('staff_read_id').notNull().default(0),
    /** Set when staff resolve: the newest message id at that moment. Null = open. */
    resolvedThroughId: integer('resolved_through_id'),
    resolvedBy: memberRef('resolved_by'),
    resolvedAt: instant('resolved_at'),
    /**
     * The answer whose '상담 답변 도착' notice was last written: the next notice waits until
     * CHAT_REPLY_WINDOW_MINUTES after it (docs/requirements.md#notifications).
     */
    replyNoticedAt: instant('reply_noticed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_conversations_customer').on(t.customerId)],
);

/** A reference to the conversation a message or file belongs to (`conversation_id`). */
const conversationRef = () => refTo('conversation_id', () => chatConversations.id);

/** Chat messages (docs/requirements.md#entities). Stored before they are delivered. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serialId(),
    conversationId: conversationRef().notNull(),
    senderId: memberRef('sender_id').notNull(),
    /** 'customer' or 'staff': which side of the conversation wrote it. */
    senderSide: text('sender_side').notNull(),
    /**
     * The sending client's id for the message: a resend with the same id to the same conversation is
     * stored once; the same id in another conversation is another message (docs/requirements.md#chat).
     */
    clientMessageId: text('client_message_id').notNull(),
    /** 'text' or 'file'. */
    type: text('type').notNull(),
    body: text('body').notNull(),
    /** A product inquiry's product (shown as a card). */
    productId: productRef(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_conversation_sender_client_id').on(t.conversationId, t.senderId, t.clientMessageId),
    index('chat_messages_conversation').on(t.conversationId, t.id),
    // Rate limits count a sender's recent messages.
    index('chat_messages_sender_created').on(t.senderId, t.createdAt),
    checkIn('chat_messages_side_valid', t.senderSide, ['customer', 'staff']),
    checkIn('chat_messages_type_valid', t.type, ['text', 'file']),
  ],
);

/** Uploaded chat images: re-encoded, stored under generated names, each with a thumbnail. */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: serialId(),
    conversationId: conversationRef().notNull(),
    messageId: refTo('message_id', () => chatMessages.id).notNull(),
    uploaderId: memberRef('uploader_id').notNull(),
    /** Generated storage keys; never derived from the uploaded name. */
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    /** The sender's file name without any path, for display only. */
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_files_message').on(t.messageId), uniqueIndex('chat_files_storage_key').on(t.storageKey)],
);

/** Pre-written answers the staff share. */
export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: serialId(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: memberRef('created_by'),
  ...timestamps(),
});

/**
 * One-time codes for the mobile QR login: only the hash is kept; valid 60 s, used once, and only
 * while the desktop session that asked for it is still live.
 */
export const qrLoginCodes = pgTable(
  'qr_login_codes',
  {
    id: serialId(),
    memberId: memberRef().notNull(),
    sessionId: refTo('session_id', () => sessions.id).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Hash of the short code typed on a phone without a camera (the same login, spent together). */
    shortCodeHash: text('short_code_hash'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    uniqueIndex('qr_login_codes_hash').on(t.codeHash),
    index('qr_login_codes_member').on(t.memberId, t.createdAt),
    index('qr_login_codes_short').on(t.shortCodeHash),
  ],
);

/** Server secrets shared by every process (the key chat file addresses are signed with). */
export const chatKeys = pgTable('chat_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
