/** What the chat's server sends: messages, files and uploads, and the socket events' shapes (the event table: socket-events.ts). */
import { z } from 'zod';
import { COMPANY_LEVELS } from './constants.js';
import { answerOf } from './envelope.js';
import { MSG } from './messages.js';
import { rowId } from './page-fields.js';

// ---- what the server sends ----

export const chatFileSchema = z.object({
  seq: z.number().int(),
  /** The sender's file name, without any path. */
  name: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  /** Signed, expiring addresses: readable by whoever was sent the message (the customer and staff). */
  url: z.string(),
  thumbUrl: z.string(),
});
export type ChatFile = z.infer<typeof chatFileSchema>;

export const chatProductCardSchema = z.object({
  seq: z.number().int(),
  name: z.string(),
  pid: z.string(),
  image: z.string().nullable(),
});
export type ChatProductCard = z.infer<typeof chatProductCardSchema>;

/** A chat message (docs/requirements.md#entities) plus the stored id and the client's id. */
export const chatMessageSchema = z.object({
  /** Stored id: ascending within a conversation in the order messages were stored. */
  seq: z.number().int(),
  clientMessageId: z.string(),
  sendMessage: z.string(),
  sendMessageType: z.enum(['string', 'file']),
  type: z.enum(['text', 'file']),
  fileList: z.array(chatFileSchema),
  /** Sender's member seq. */
  sendUserId: z.number().int(),
  /** Sender's login id; empty for staff (customers never see staff accounts). */
  sendUserAccount: z.string(),
  sendUserName: z.string(),
  /** 'user' when the customer sent it, 'admin' when staff did. */
  sendSide: z.enum(['user', 'admin']),
  created: z.string(),
  /** The customer's login id and seq joined: one room per customer. */
  room: z.string(),
  /** The customer (chat user seq) the conversation belongs to. */
  targetUser: z.number().int(),
  product: chatProductCardSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST uploadChatFile / uploadChatFiles: 201 with the file message the upload became. */
export const chatUploadAnswer = answerOf(chatMessageSchema);

/**
 * api/chatFileLink (ours): fresh signed addresses of one chat file, for a chat left open longer
 * than its addresses live. Only the conversation's customer and staff get them.
 */
export const chatFileLinkRequest = z.object({
  seq: rowId(MSG.notFound),
});
export const chatFileLinkAnswer = answerOf(z.object({ seq: z.number(), url: z.string(), thumbUrl: z.string() }));

/**
 * Headers of the upload calls ('headers carry token and encoded target user'): the
 * staff call names the customer in `targetUser` (URI-encoded member seq); either call may carry
 * the client's id for the message, so a retried upload is stored once.
 */
export const CHAT_UPLOAD_HEADERS = { targetUser: 'targetuser', clientMessageId: 'x-client-message-id' } as const;
export const CHAT_UPLOAD_FIELD = 'imgFiles';

// ---- what the server sends over the socket (the event table: socket-events.ts) ----

const int = z.number().int();
const side = z.enum(['user', 'admin']);
const conversationState = z.enum(['open', 'resolved']);

export const chatUserSchema = z.object({
  /** Login id. */
  id: z.string(),
  seq: int,
  name: z.string(),
  phone: z.string(),
  companyName: z.string(),
  level: z.enum(COMPANY_LEVELS).nullable(),
  /** Any live connection of the member on any server process (several tabs count once). */
  onlineStatus: z.boolean(),
  /** Unread customer messages for staff. */
  newChat: z.boolean(),
  unread: int,
  state: conversationState,
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  /**
   * Ours: the customer is stopped (not withdrawn); listed while there is a conversation to read, never
   * written to (docs/requirements.md#chat). Absent for an active customer.
   */
  stopped: z.literal(true).optional(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** usersToAdmin: `full` replaces the console's list, otherwise the entries are updates. */
export const usersToAdminSchema = z.object({ full: z.boolean(), users: z.array(chatUserSchema) });
export type UsersToAdmin = z.infer<typeof usersToAdminSchema>;

export const chatReadMarksSchema = z.object({
  /** Highest message the customer has read. */
  userReadSeq: int,
  /** Highest message staff have read. */
  adminReadSeq: int,
});
export type ChatReadMarks = z.infer<typeof chatReadMarksSchema>;

/** The results of oldChatList and of the history requests' acknowledgement. */
export const chatHistorySchema = z.object({
  targetUser: int,
  messages: z.array(chatMessageSchema),
  /** Older messages exist before these (paging) or more follow (afterSeq replay). */
  more: z.boolean(),
  readMarks: chatReadMarksSchema,
  state: conversationState,
  /** Messages from the other side this side has not read. */
  unread: int,
});

export const oldChatListSchema = z.object({ code: int, message: z.string(), results: chatHistorySchema.optional() });
export type OldChatList = z.infer<typeof oldChatListSchema>;

export const chatReadStatusSchema = z.object({ targetUser: int, side, seq: int });
export type ChatReadStatus = z.infer<typeof chatReadStatusSchema>;

export const chatTypingSchema = z.object({ targetUser: int, side, name: z.string(), typing: z.boolean() });
export type ChatTyping = z.infer<typeof chatTypingSchema>;

/** Every acknowledgement and chatError: `{ code, message, results?, field? }`. */
export const chatAckSchema = <T extends z.ZodType>(results: T) =>
  z.object({
    code: int,
    message: z.string(),
    results: results.optional(),
    field: z.string().optional(),
    /** chatError only: the event that was refused. */
    event: z.string().optional(),
  });
export interface ChatAck<T = unknown> {
  code: number;
  message: string;
  results?: T;
  field?: string;
  /** chatError only: the event that was refused. */
  event?: string;
}

export const cannedReplySchema = z.object({ seq: int, title: z.string(), body: z.string(), updated: z.string() });
export type CannedReply = z.infer<typeof cannedReplySchema>;

export const chatCustomerInfoSchema = z.object({
  seq: int,
  name: z.string(),
  phone: z.string(),
  companyName: z.string(),
  level: z.enum(COMPANY_LEVELS).nullable(),
  levelName: z.string(),
  /** Cash balance in won. */
  cash: z.number(),
  cartCount: int,
  orderCount: int,
  lastOrders: z.array(
    z.object({
      seq: int,
      created: z.string(),
      status: int,
      totalAmount: z.number(),
      itemLength: int,
      firstItemName: z.string(),
    }),
  ),
});
export type ChatCustomerInfo = z.infer<typeof chatCustomerInfoSchema>;

export const qrLoginCodeSchema = z.object({
  /** The one-time code; the phone posts it back as `token`. */
  code: z.string(),
  expiresAt: z.string(),
  ttlSec: z.number().int(),
  /** What the QR code carries: the mobile login at PUBLIC_URL with ?qr=code (absent without PUBLIC_URL: the page's own origin is used). */
  loginUrl: z.string().optional(),
  /** The same login as 8 characters to type when the phone's camera is blocked (also posted as `token`). */
  shortCode: z.string().optional(),
});
export type QrLoginCode = z.infer<typeof qrLoginCodeSchema>;
export const qrLoginCodeAnswer = answerOf(qrLoginCodeSchema);
