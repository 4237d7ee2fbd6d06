/** What chat clients send: texts, message ids, history requests, read marks, canned replies and the QR login code. */
import { z } from 'zod';
import { MSG } from './messages.js';
import { MSG_CHAT, CHAT_LIMITS } from './chat-rules.js';
import { hasVisibleText } from './rules.js';
import { plainLines, plainText } from './text-field.js';

/**
 * A chat text after trimming: 1-2,000 characters, not blank, and plain as every text area's text
 * (docs/requirements.md#validation): line breaks and tabs stay, other control characters and the
 * bidi controls are refused, since the text is shown to the other side and sent on in a 알림톡.
 */
export const chatTextField = plainLines(
  z
    .string({ error: MSG_CHAT.messageRequired })
    .trim()
    .refine(hasVisibleText, MSG_CHAT.messageRequired)
    .refine((v) => [...v].length <= CHAT_LIMITS.messageMaxChars, MSG_CHAT.messageTooLong),
);

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
 * The original client sends `sendMessage`, `sendMessageType` and `type` (and staff `targetUser`); our
 * web adds `clientMessageId` so a resend is stored once. Without it the message is stored as sent
 * (nothing to deduplicate by), never refused: the original client must keep working (docs/requirements.md#the-original-api).
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
 * History: page 1 holds the newest `size` messages (the original: page 1, size 50), page 2 the ones
 * before, each page in time order. `beforeSeq` pages from a message instead of by number (stable
 * while messages arrive); `afterSeq` asks for everything after the last message a client has,
 * which is what a client sends after a reconnect. Socket payloads are JSON: numbers, not coerced.
 */
const historyFields = {
  page: z
    .number({ error: MSG.pageTooSmall })
    .int(MSG.pageTooSmall)
    .min(1, MSG.pageTooSmall)
    .max(100_000, MSG.pageTooLarge)
    .default(1),
  size: z
    .number({ error: MSG.pageSizeTooSmall })
    .int(MSG.pageSizeTooSmall)
    .min(1, MSG.pageSizeTooSmall)
    .transform((n) => Math.min(n, CHAT_LIMITS.historyMaxPage))
    .default(CHAT_LIMITS.historyPage),
  beforeSeq: seqCursor.optional(),
  afterSeq: seqCursor.optional(),
};

export const oldMessageRequestPayload = z.object(historyFields).default({ page: 1, size: CHAT_LIMITS.historyPage });
export type OldMessageRequest = z.input<typeof oldMessageRequestPayload>;

/** Staff ask for the history of the customer named in `targetUser`. */
export const oldMessageAdminRequestPayload = z.object({
  ...historyFields,
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
  /** One line, shown in the staff's list (docs/requirements.md#validation). */
  title: plainText(
    z
      .string({ error: MSG_CHAT.cannedTitleRequired })
      .trim()
      .min(1, MSG_CHAT.cannedTitleRequired)
      .max(CHAT_LIMITS.cannedTitleMax, MSG_CHAT.cannedTitleLength),
  ),
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
