import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.js';
import { CHAT_SOCKET, TRADE_SOCKET } from './socket-events.js';

/**
 * docs/requirements.md#validation over the realtime channels (docs/requirements.md#realtime-channels),
 * as text-fields.test.ts checks the HTTP calls: every text a client's event carries is refused with
 * MSG.textInvalid when it holds a control character or a bidi control. Each event's example holds
 * every field its schema reads (the test says so), so a new field is sent here too.
 */
const EXAMPLES: Record<string, unknown> = {
  'chat.userMessage': { sendMessage: '재고 있나요?\n두 개 필요합니다.', clientMessageId: 'msg-0001', productId: '7' },
  'chat.adminMessage': { sendMessage: '네, 있습니다.', clientMessageId: 'msg-0002', targetUser: '7' },
  'chat.oldMessageRequest': { page: 1, size: 50, beforeSeq: 10, afterSeq: 0 },
  'chat.oldMessageAdminRequest': { page: 1, size: 50, beforeSeq: 10, afterSeq: 0, targetUser: '7' },
  'chat.updateReadStatus': { user: '7', seq: 1 },
  'chat.typing': { typing: true, targetUser: '7' },
  'chat.usersRequest': {},
  'chat.conversationState': { targetUser: '7', state: 'resolved' },
  'chat.customerInfoRequest': { targetUser: '7' },
  'chat.cannedReplyList': {},
  'chat.cannedReplySave': { seq: '3', title: '운영시간', body: '평일 10:00~16:30\n주말 휴무' },
  'chat.cannedReplyDelete': { seq: '3' },
  'trade.requestClientBaseInfo': undefined,
  'trade.addToCart': {
    productId: 1,
    vin: 'KMHXX00XXXX000000',
    hasAmount: 1,
    qty: 1,
    price: 37400,
    originHasAmount: 12,
    companyId: 1,
  },
  'trade.stateCartItem': { seq: 1 },
  'trade.requestPaymentProduct': {
    clientRequestId: 'pay-00000001',
    shippingInfo: {
      managerCompanyId: 1,
      name: '김철수',
      phone: '01012345678',
      postNum: '06236',
      address: '서울 강남구 테헤란로 123',
      addrSub: '4층',
      arrive: '대전 화물터미널',
      shippingValue: 0,
      shippingPayType: 1,
      memo: '오전 배송\n부탁드립니다',
      directDeli: true,
      fromName: '부품상사',
      fromPhone: '0212345678',
      receiverIsSelfQuick: false,
      shipping: 6000,
    },
    jobRef: '12가3456',
    carts: [{ seq: 1, productId: 1, qty: 1, vin: 'KMHXX00XXXX000000', price: 37400 }],
    payWith: 'cash',
  },
};

/**
 * Texts with a shape of their own (digits, ids of letters and digits, a word from a list, a VIN):
 * a character outside the shape is refused with the field's own message or, in a VIN, taken out;
 * never let through. Every other text is free text and must answer MSG.textInvalid.
 */
const SHAPED = new Set([
  'chat.userMessage.clientMessageId',
  'chat.userMessage.productId',
  'chat.adminMessage.clientMessageId',
  'chat.adminMessage.targetUser',
  'chat.oldMessageAdminRequest.targetUser',
  'chat.updateReadStatus.user',
  'chat.typing.targetUser',
  'chat.conversationState.targetUser',
  'chat.conversationState.state',
  'chat.customerInfoRequest.targetUser',
  'chat.cannedReplySave.seq',
  'chat.cannedReplyDelete.seq',
  'trade.addToCart.vin',
  'trade.requestPaymentProduct.shippingInfo.phone',
  'trade.requestPaymentProduct.carts.0.vin',
  'trade.requestPaymentProduct.payWith',
]);

const CHARACTERS: [string, string][] = [
  ['a right-to-left override', '\u202e'],
  ['a left-to-right isolate', '\u2066'],
  ['BEL', '\u0007'],
];

type Event = [id: string, schema: z.ZodType];
const EVENTS: Event[] = [
  ...Object.entries(CHAT_SOCKET.toServer).map(([name, e]): Event => [`chat.${name}`, e.payload]),
  ...Object.entries(TRADE_SOCKET.toServer).map(([name, schema]): Event => [`trade.${name}`, schema]),
];

/** The paths of the fields a schema reads (objects, arrays' items; wrappers looked through). */
function fieldPaths(schema: z.ZodType, path: string[] = []): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable)
    return fieldPaths(schema.unwrap() as z.ZodType, path);
  if (schema instanceof z.ZodPipe) return fieldPaths(schema.in as z.ZodType, path);
  if (schema instanceof z.ZodArray) return fieldPaths(schema.element as z.ZodType, [...path, '0']);
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape).flatMap(([k, v]) => fieldPaths(v as z.ZodType, [...path, k]));
  return path.length > 0 ? [path.join('.')] : [];
}

/** Every value of an example with its path: its strings, numbers and booleans. */
function valuePaths(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => valuePaths(v, [...path, String(i)]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => valuePaths(v, [...path, k]));
  return value === undefined ? [] : [path];
}

const at = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

function withText(value: unknown, path: string[], text: string): unknown {
  const copy: unknown = structuredClone(value);
  (at(copy, path.slice(0, -1)) as Record<string, unknown>)[path[path.length - 1]!] = text;
  return copy;
}

/** What each text field does with each character, where it is not what the rule asks. */
function wrongAnswers(): string[] {
  const found: string[] = [];
  for (const [id, schema] of EVENTS) {
    const example = EXAMPLES[id];
    for (const path of valuePaths(example).filter((p) => typeof at(example, p) === 'string')) {
      const field = `${id}.${path.join('.')}`;
      const text = at(example, path) as string;
      for (const [name, ch] of CHARACTERS) {
        const parsed = schema.safeParse(withText(example, path, `${text.slice(0, 1)}${ch}${text.slice(1)}`));
        if (SHAPED.has(field)) {
          const read = parsed.success ? at(parsed.data, path) : undefined;
          if (typeof read === 'string' && read.includes(ch)) found.push(`${field} takes ${name}`);
          continue;
        }
        // The first issue is what the server answers (parseOr400).
        const issue = parsed.error?.issues[0];
        if (issue?.message !== MSG.textInvalid || issue.path.join('.') !== path.join('.'))
          found.push(
            `${field} with ${name}: ${parsed.success ? 'accepted' : `${issue?.path.join('.')} ${issue?.message}`}`,
          );
      }
    }
  }
  return found;
}

describe('socket payload texts (docs/requirements.md#validation)', () => {
  it('every event has an example its schema accepts, holding every field the schema reads', () => {
    expect(EVENTS.map(([id]) => id).sort()).toEqual(Object.keys(EXAMPLES).sort());
    for (const [id, schema] of EVENTS) {
      expect(schema.safeParse(EXAMPLES[id]).error?.issues, id).toBeUndefined();
      const given = new Set(valuePaths(EXAMPLES[id]).map((p) => p.join('.')));
      expect(
        fieldPaths(schema).filter((p) => !given.has(p)),
        id,
      ).toEqual([]);
    }
  });

  it('every free text refuses U+202E, U+2066 and BEL with MSG.textInvalid; shaped texts never let one through', () => {
    expect(wrongAnswers()).toEqual([]);
  });

  it('the free texts include the chat messages, canned replies and payment form; every shaped one is sent', () => {
    const texts = EVENTS.flatMap(([id]) =>
      valuePaths(EXAMPLES[id])
        .filter((p) => typeof at(EXAMPLES[id], p) === 'string')
        .map((p) => `${id}.${p.join('.')}`),
    );
    expect(texts.filter((f) => !SHAPED.has(f))).toEqual(
      expect.arrayContaining([
        'chat.userMessage.sendMessage',
        'chat.adminMessage.sendMessage',
        'chat.cannedReplySave.title',
        'chat.cannedReplySave.body',
        'trade.requestPaymentProduct.clientRequestId',
        'trade.requestPaymentProduct.jobRef',
        'trade.requestPaymentProduct.shippingInfo.memo',
      ]),
    );
    expect([...SHAPED].filter((f) => !texts.includes(f))).toEqual([]);
  });

  it('a message and a canned reply keep their line breaks and tabs; a one-line title does not take one', () => {
    const message = CHAT_SOCKET.toServer.userMessage.payload.parse({ sendMessage: ' 첫 줄\n둘째\t줄 ' });
    expect(message.sendMessage).toBe('첫 줄\n둘째\t줄');
    const canned = CHAT_SOCKET.toServer.cannedReplySave.payload;
    expect(canned.parse({ title: '안내', body: '첫 줄\r\n둘째 줄' }).body).toBe('첫 줄\r\n둘째 줄');
    expect(canned.safeParse({ title: '안\n내', body: '내용' }).error?.issues[0]?.message).toBe(MSG.textInvalid);
  });
});
