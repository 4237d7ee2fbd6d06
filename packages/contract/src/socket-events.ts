import { z } from 'zod';
import {
  adminMessagePayload,
  cannedReplyDeletePayload,
  cannedReplySavePayload,
  cannedReplySchema,
  chatAckSchema,
  chatCustomerInfoSchema,
  chatHistorySchema,
  chatMessageSchema,
  chatReadStatusSchema,
  chatTypingSchema,
  conversationStatePayload,
  customerInfoRequestPayload,
  oldChatListSchema,
  oldMessageAdminRequestPayload,
  oldMessageRequestPayload,
  typingPayload,
  updateReadStatusPayload,
  userMessagePayload,
  usersToAdminSchema,
} from './chat.js';
import { CHAT_EVENTS, TRADE_ANSWERS, TRADE_EVENTS } from './constants.js';
import { buyOrCartForm, cartDeleteRequest, paymentRequest } from './orders.js';
import { clientBaseInfoEvent, paymentFinishEvent, tradeAnswer } from './socket.js';

/**
 * The one table of the realtime channels' events (docs/requirements.md#realtime-channels): for each
 * event the client emits, its payload schema (and, on the chat, its acknowledgement's schema); for
 * each event the server emits, its body's schema. The names are in constants.ts (TRADE_EVENTS,
 * CHAT_EVENTS, and TRADE_ANSWERS for which event answers which request) so that the web's shell
 * needs no schema; the `satisfies` clauses make a name without an entry, or an entry without a
 * name, a type error. The server parses with these schemas, the web and the tests type their
 * sockets with the types below.
 */
const none = z.undefined();

export const TRADE_SOCKET = {
  /** Client → server: payload schemas. The answer event of each is TRADE_ANSWERS[name]. */
  toServer: {
    requestClientBaseInfo: none,
    addToCart: buyOrCartForm,
    stateCartItem: cartDeleteRequest,
    requestPaymentProduct: paymentRequest,
  },
  /** Server → client: body schemas. */
  toClient: {
    toClientBaseInfo: clientBaseInfoEvent,
    addToCartCallBack: tradeAnswer,
    stateToCartCallBack: tradeAnswer,
    paymentFinish: paymentFinishEvent,
  },
} as const;

type TradeNames = keyof typeof TRADE_EVENTS;
type Covers<Table, Names extends PropertyKey> = [Exclude<Names, keyof Table>, Exclude<keyof Table, Names>] extends [
  never,
  never,
]
  ? true
  : false;
TRADE_SOCKET satisfies {
  toServer: Record<keyof typeof TRADE_ANSWERS, z.ZodType>;
  toClient: Record<(typeof TRADE_ANSWERS)[keyof typeof TRADE_ANSWERS], z.ZodType>;
};
true satisfies Covers<typeof TRADE_SOCKET.toServer & typeof TRADE_SOCKET.toClient, TradeNames>;

const ack = chatAckSchema;
const noResults = z.undefined();
/** A chat request without a payload of its own: the web sends `{}`, anything given is ignored. */
const nothing = z.object({}).optional();

export const CHAT_SOCKET = {
  /** Client → server: payload schema and the acknowledgement's `results` schema (every chat request may be acknowledged). */
  toServer: {
    userMessage: { payload: userMessagePayload, results: chatMessageSchema },
    adminMessage: { payload: adminMessagePayload, results: chatMessageSchema },
    oldMessageRequest: { payload: oldMessageRequestPayload, results: chatHistorySchema },
    oldMessageAdminRequest: { payload: oldMessageAdminRequestPayload, results: chatHistorySchema },
    updateReadStatus: { payload: updateReadStatusPayload, results: chatReadStatusSchema },
    typing: { payload: typingPayload, results: noResults },
    usersRequest: { payload: nothing, results: usersToAdminSchema },
    conversationState: { payload: conversationStatePayload, results: noResults },
    customerInfoRequest: { payload: customerInfoRequestPayload, results: chatCustomerInfoSchema },
    cannedReplyList: { payload: nothing, results: z.array(cannedReplySchema) },
    cannedReplySave: { payload: cannedReplySavePayload, results: cannedReplySchema },
    cannedReplyDelete: { payload: cannedReplyDeletePayload, results: noResults },
  },
  /** Server → client: body schemas. */
  toClient: {
    messageToUser: chatMessageSchema,
    messageToAdmin: chatMessageSchema,
    usersToAdmin: usersToAdminSchema,
    oldChatList: oldChatListSchema,
    readStatus: chatReadStatusSchema,
    typing: chatTypingSchema,
    chatError: ack(z.unknown()),
  },
} as const;

true satisfies Covers<typeof CHAT_SOCKET.toServer & typeof CHAT_SOCKET.toClient, keyof typeof CHAT_EVENTS>;

// ---- types for socket.io's typed sockets (Socket<ListenEvents, EmitEvents>) ----

type Payload<S> = S extends z.ZodUndefined ? [] : S extends z.ZodType ? [payload: z.input<S>] : never;

/** What a trade client may emit. */
export type TradeToServer = {
  [K in keyof typeof TRADE_SOCKET.toServer]: (...args: Payload<(typeof TRADE_SOCKET.toServer)[K]>) => void;
};
/** What a trade client hears. */
export type TradeToClient = {
  [K in keyof typeof TRADE_SOCKET.toClient]: (body: z.output<(typeof TRADE_SOCKET.toClient)[K]>) => void;
};
export type TradeRequest = keyof typeof TRADE_ANSWERS;
export type TradePayload<K extends TradeRequest> = z.input<(typeof TRADE_SOCKET.toServer)[K]>;
export type TradeAnswerOf<K extends TradeRequest> = z.output<(typeof TRADE_SOCKET.toClient)[(typeof TRADE_ANSWERS)[K]]>;

type ChatRequests = typeof CHAT_SOCKET.toServer;
export type ChatRequest = keyof ChatRequests;
export type ChatPayload<K extends ChatRequest> = z.input<ChatRequests[K]['payload']>;
export type ChatResults<K extends ChatRequest> = z.output<ChatRequests[K]['results']>;
/** What a chat client may emit: each with its payload, acknowledged with `{ code, message, results? }`. */
export type ChatToServer = {
  [K in ChatRequest]: (
    payload: ChatPayload<K>,
    ack?: (answer: { code: number; message: string; results?: ChatResults<K>; field?: string }) => void,
  ) => void;
};
/** What a chat client hears. */
export type ChatToClient = {
  [K in keyof typeof CHAT_SOCKET.toClient]: (body: z.output<(typeof CHAT_SOCKET.toClient)[K]>) => void;
};
