import type { ChatMessage } from '@partsmall/contract';

/** Stored message `seq` of a customer (member 7) in their room, the text `문의 seq`, with the fields given. */
export function customerMessage(seq: number, fields: Partial<ChatMessage> = {}): ChatMessage {
  return {
    seq,
    clientMessageId: `c${seq}`,
    sendMessage: `문의 ${seq}`,
    sendMessageType: 'string',
    type: 'text',
    fileList: [],
    sendUserId: 7,
    sendUserAccount: 'buyer@test.kr',
    sendUserName: '박준호',
    sendSide: 'user',
    created: '2026-11-21T05:05:00.000Z',
    room: 'buyer@test.kr_7',
    targetUser: 7,
    product: null,
    ...fields,
  };
}
