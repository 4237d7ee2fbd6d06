import { z } from 'zod';
import { COMPANY_LEVELS } from './constants.js';
import { answerOf } from './envelope.js';
import { MSG } from './messages.js';

/**
 * The chat channel (docs/requirements.md#chat, docs/requirements.md#realtime-channels)
 * and the mobile QR login (docs/requirements.md#qr-login). Every client payload is a schema here;
 * every server event's shape is a type here.
 */

export const CHAT_LIMITS = {
  /** Message length after trimming, in characters (code points). */
  messageMaxChars: 2000,
  /** Chat history page size (docs/requirements.md#limits). */
  historyPage: 50,
  /** Largest page a history request may ask for. */
  historyMaxPage: 100,
  /** Messages replayed per request after a reconnect; `more` says when another call is needed. */
  replayMax: 500,
  clientMessageIdMax: 64,
  /** Messages per member within the window (kept in the database, so every process counts them). */
  customerMessages: { max: 30, windowSec: 10 },
  /** Staff answer many customers; their limit only stops a runaway script. */
  staffMessages: { max: 600, windowSec: 10 },
  /** Uploads per request and bytes per file (docs/requirements.md#chat). */
  filesPerUpload: 10,
  fileMaxBytes: 10 * 1024 * 1024,
  /** Upload requests per member within the window. */
  uploads: { max: 20, windowSec: 60 },
  /** Upload requests per address within the window (many accounts behind one address, or one person with many). */
  uploadsPerAddress: { max: 40, windowSec: 60 },
  /**
   * Decoded pixels of one image (all frames of an animation): a phone's photo (24 MP at most by
   * default) passes; a small file that unpacks to a huge picture costs CPU for nothing.
   */
  imageMaxPixels: 25_000_000,
  fileNameMax: 200,
  cannedTitleMax: 50,
  cannedReplies: 200,
  /** Customer summary for staff: orders shown. */
  customerInfoOrders: 5,
  /** Offline customers listed to staff, most recent conversations first (online ones are always listed). */
  offlineUsersListed: 300,
} as const;

/** Extensions the chat accepts (docs/requirements.md#chat); the server judges the content, not the name. */
export const CHAT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'jfif', 'bmp'] as const;
/** Staff may also send TIFF (the console shows it). */
export const CHAT_STAFF_IMAGE_EXTENSIONS = [...CHAT_IMAGE_EXTENSIONS, 'tif', 'tiff'] as const;

export const QR_LOGIN = {
  /** A code is valid for 60 s and once. */
  ttlSec: 60,
  /** Codes one member may ask for per minute. */
  perMinute: 10,
  /** Where the QR code's address opens on the phone; it carries the code as ?qr=. */
  mobileLoginPath: '/mobileLogin',
  /** The short code typed on a phone whose camera is blocked: 8 characters without 0/O/1/I. */
  shortCodeAlphabet: '23456789ABCDEFGHJKLMNPQRSTUVWXYZ',
  shortCodeLength: 8,
  /** Short-code logins one address may try in a window. */
  shortCodeTries: { max: 10, windowSec: 600 },
} as const;

/** The address a phone's camera app opens: the shop's mobile login carrying the one-time code. */
export function qrLoginUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${QR_LOGIN.mobileLoginPath}?qr=${encodeURIComponent(code)}`;
}

/** 'ABCDEFGH' → 'ABCD-EFGH' (shown on the desktop; typed with or without the hyphen). */
export function formatQrShortCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export const MSG_CHAT = {
  messageRequired: '전송할 내용을 입력하세요.',
  messageTooLong: '메시지는 2,000자 이내로 입력하세요.',
  clientMessageId: '메시지 식별값이 올바르지 않습니다.',
  targetUserRequired: '상담할 회원을 선택하세요.',
  targetUserNotFound: '상담 대상 회원을 찾을 수 없습니다.',
  staffOnly: '상담 직원만 사용할 수 있습니다.',
  customerOnly: '회원 채팅 창에서만 보낼 수 있습니다.',
  tooManyMessages: '메시지를 너무 빠르게 보내고 있습니다. 잠시 후 다시 보내 주세요.',
  tooManyUploads: '파일을 너무 자주 보냈습니다. 잠시 후 다시 시도해 주세요.',
  sent: '전송되었습니다.',
  productNotFound: '문의할 상품을 찾을 수 없습니다.',
  // uploads
  fileRequired: '보낼 이미지를 선택하세요.',
  tooManyFiles: '이미지는 한 번에 10개까지 보낼 수 있습니다.',
  fileTooLarge: '이미지 하나의 크기는 10MB를 넘을 수 없습니다.',
  fileNameInvalid: '파일 이름이 올바르지 않습니다.',
  imageOnly: '이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
  imageOnlyStaff: '이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp, tiff)만 보낼 수 있습니다.',
  imageBroken: '이미지 파일이 손상되었거나 형식이 맞지 않습니다.',
  imageForeignData: '이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
  imageTooBig: '이미지 해상도가 너무 큽니다. 2,500만 화소(예: 5000×5000) 이하의 사진을 보내 주세요.',
  // canned replies
  cannedTitleRequired: '상용구 제목을 입력하세요.',
  cannedTitleLength: '상용구 제목은 50자 이내로 입력하세요.',
  cannedNotFound: '상용구를 찾을 수 없습니다.',
  cannedTooMany: '상용구는 200개까지 저장할 수 있습니다.',
  // QR login (docs/requirements.md#qr-login)
  qrLoginFailed: '로그인 중 문제가 발생하였습니다. 다시 시도해 주세요.',
  qrLoginDone: '로그인되었습니다.',
  qrMembersOnly: '회원 계정으로 로그인한 화면에서만 QR 로그인을 사용할 수 있습니다.',
  qrTooMany: 'QR 코드를 너무 자주 요청했습니다. 잠시 후 다시 시도해 주세요.',
  qrCodeTooMany: '로그인 코드를 너무 많이 입력했습니다. 10분 뒤에 다시 시도해 주세요.',
  qrCodeRequired: '로그인 코드를 입력하세요.',
} as const;

/** Characters Korean messengers are abused with to send 'blank' messages (Hangul fillers), plus invisible format characters. */
const BLANK = /^[\s\p{Cf}\u115F\u1160\u3164\uFFA0]*$/u;
/** Control characters other than line breaks and tabs. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A chat text after trimming: 1-2,000 characters, not blank, no control characters. */
export const chatTextField = z
  .string({ error: MSG_CHAT.messageRequired })
  .transform((v) => v.trim())
  .refine((v) => !BLANK.test(v), MSG_CHAT.messageRequired)
  .refine((v) => [...v].length <= CHAT_LIMITS.messageMaxChars, MSG_CHAT.messageTooLong)
  .refine((v) => !CONTROL.test(v), MSG.textInvalid);

/** A member id (chat user seq), as a number or a digit string. */
const idField = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message));

/** Chosen by the sending client per message and kept on a resend, so a resend is stored once. */
export const clientMessageIdField = z
  .string({ error: MSG_CHAT.clientMessageId })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, MSG_CHAT.clientMessageId);

const seqCursor = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(0, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);

/**
 * The spec's client sends `sendMessage`, `sendMessageType` and `type` (and staff `targetUser`); our
 * web adds `clientMessageId` so a resend is stored once. Without it the message is stored as sent
 * (nothing to deduplicate by), never refused: the spec's client must keep working.
 */
export const userMessagePayload = z.object({
  sendMessage: chatTextField,
  clientMessageId: clientMessageIdField.optional(),
  /** A product inquiry (docs/requirements.md#chat-screens): the message shows as a card of this product. */
  productId: idField(MSG_CHAT.productNotFound).optional(),
});
export type UserMessagePayload = z.input<typeof userMessagePayload>;

export const adminMessagePayload = z.object({
  sendMessage: chatTextField,
  clientMessageId: clientMessageIdField.optional(),
  targetUser: idField(MSG_CHAT.targetUserRequired),
});
export type AdminMessagePayload = z.input<typeof adminMessagePayload>;

/**
 * History: page 1 holds the newest `size` messages (spec: page 1, size 50), page 2 the ones
 * before, each page in time order. `beforeSeq` pages from a message instead of by number (stable
 * while messages arrive); `afterSeq` asks for everything after the last message a client has,
 * which is what a client sends after a reconnect.
 */
export const oldMessageRequestPayload = z
  .object({
    page: z
      .number({ error: MSG.badRequest })
      .int(MSG.badRequest)
      .min(1, MSG.badRequest)
      .max(100_000, MSG.badRequest)
      .default(1),
    size: z
      .number({ error: MSG.badRequest })
      .int(MSG.badRequest)
      .min(1, MSG.badRequest)
      .transform((n) => Math.min(n, CHAT_LIMITS.historyMaxPage))
      .default(CHAT_LIMITS.historyPage),
    beforeSeq: seqCursor.optional(),
    afterSeq: seqCursor.optional(),
  })
  .default({ page: 1, size: CHAT_LIMITS.historyPage });
export type OldMessageRequest = z.input<typeof oldMessageRequestPayload>;

export const oldMessageAdminRequestPayload = z.object({
  page: z
    .number({ error: MSG.badRequest })
    .int(MSG.badRequest)
    .min(1, MSG.badRequest)
    .max(100_000, MSG.badRequest)
    .default(1),
  size: z
    .number({ error: MSG.badRequest })
    .int(MSG.badRequest)
    .min(1, MSG.badRequest)
    .transform((n) => Math.min(n, CHAT_LIMITS.historyMaxPage))
    .default(CHAT_LIMITS.historyPage),
  beforeSeq: seqCursor.optional(),
  afterSeq: seqCursor.optional(),
  targetUser: idField(MSG_CHAT.targetUserRequired),
});
export type OldMessageAdminRequest = z.input<typeof oldMessageAdminRequestPayload>;

/** A side has read its conversation up to `seq` (default: everything). Staff name the customer in `user`. */
export const updateReadStatusPayload = z
  .object({
    user: idField(MSG_CHAT.targetUserRequired).optional(),
    seq: seqCursor.optional(),
  })
  .default({});
export type UpdateReadStatus = z.input<typeof updateReadStatusPayload>;

export const typingPayload = z
  .object({
    typing: z.boolean({ error: MSG.badRequest }).default(true),
    targetUser: idField(MSG_CHAT.targetUserRequired).optional(),
  })
  .default({ typing: true });

export const conversationStatePayload = z.object({
  targetUser: idField(MSG_CHAT.targetUserRequired),
  state: z.enum(['open', 'resolved'], { error: MSG.badRequest }),
});

export const customerInfoRequestPayload = z.object({ targetUser: idField(MSG_CHAT.targetUserRequired) });

export const cannedReplySavePayload = z.object({
  seq: idField(MSG_CHAT.cannedNotFound).optional(),
  title: z
    .string({ error: MSG_CHAT.cannedTitleRequired })
    .trim()
    .min(1, MSG_CHAT.cannedTitleRequired)
    .max(CHAT_LIMITS.cannedTitleMax, MSG_CHAT.cannedTitleLength)
    .refine((v) => !CONTROL.test(v), MSG.textInvalid),
  body: chatTextField,
});
export const cannedReplyDeletePayload = z.object({ seq: idField(MSG_CHAT.cannedNotFound) });

/** The phone posts the code read from the QR code (`token`). */
export const qrLoginRequest = z.object({
  token: z
    .string({ error: MSG_CHAT.qrLoginFailed })
    .trim()
    .min(1, MSG_CHAT.qrLoginFailed)
    .max(200, MSG_CHAT.qrLoginFailed),
});

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
  seq: z.coerce.number({ error: MSG.notFound }).int(MSG.notFound).min(1, MSG.notFound).max(2_147_483_647, MSG.notFound),
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
