import { describe, expect, it } from 'vitest';
import type { ChatAck, ChatMessage } from '@partsmall/contract';
import { catchUp, type History, type HistoryRequest } from './chat-history';
import type { ChatLine } from './chat-socket';
import { customerMessage } from '../../../test/chat-messages';

/**
 * Bringing a conversation up to date (docs/requirements.md#chat): the newest page first, and after a
 * reconnect everything since the last message shown, asked again while the server says more follow.
 */

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => customerMessage(from + i));

/** A server holding messages 1..total, answering as the chat's history requests do (500 a replay at most). */
function server(total: number) {
  const asked: HistoryRequest[] = [];
  const ask = (q: HistoryRequest): Promise<ChatAck<History>> => {
    asked.push(q);
    let messages: ChatMessage[];
    let more: boolean;
    if ('afterSeq' in q) {
      messages = range(q.afterSeq + 1, Math.min(total, q.afterSeq + 500));
      more = q.afterSeq + 500 < total;
    } else {
      const before = 'beforeSeq' in q ? q.beforeSeq : total + 1;
      messages = range(Math.max(1, before - q.size), before - 1);
      more = before - q.size > 1;
    }
    return Promise.resolve({
      code: 200,
      message: '',
      results: {
        targetUser: 7,
        messages,
        more,
        readMarks: { userReadSeq: 0, adminReadSeq: total },
        state: 'open',
        unread: 0,
      },
    });
  };
  return { ask, asked };
}

describe('catchUp', () => {
  it('a conversation not shown yet gets its newest 50, and learns that older ones are on the server', async () => {
    const { ask, asked } = server(53);
    const merged: number[] = [];
    const done = await catchUp(ask, [], (m) => merged.push(...m.map((x) => x.seq)));
    expect(asked).toEqual([{ page: 1, size: 50 }]);
    expect(merged).toEqual(range(4, 53).map((m) => m.seq));
    expect(done.older).toBe(true);
  });

  it('after a reconnect it asks again while more follow: 1,200 missed messages come in three answers, none twice', async () => {
    const { ask, asked } = server(1250);
    const shown: ChatLine[] = range(1, 50);
    const merged: number[] = [];
    const done = await catchUp(ask, shown, (m) => merged.push(...m.map((x) => x.seq)));
    expect(asked).toEqual([{ afterSeq: 50 }, { afterSeq: 550 }, { afterSeq: 1050 }]);
    expect(merged).toEqual(range(51, 1250).map((m) => m.seq));
    expect(done.answer?.results?.more).toBe(false);
    // A replay says nothing of the older messages.
    expect(done.older).toBeUndefined();
  });

  it('a line still on its way is not taken for the last stored message', async () => {
    const { ask, asked } = server(12);
    const pending: ChatLine = { ...customerMessage(0), clientMessageId: 'p1', pending: true };
    await catchUp(ask, [...range(1, 10), pending], () => undefined);
    expect(asked).toEqual([{ afterSeq: 10 }]);
  });

  it('stops at a refusal or a lost answer and hands it back', async () => {
    const refused = await catchUp(
      () => Promise.resolve({ code: 404, message: '상담 대상 회원을 찾을 수 없습니다.' }),
      range(1, 3),
      () => undefined,
    );
    expect(refused.answer?.message).toBe('상담 대상 회원을 찾을 수 없습니다.');
    expect(
      (
        await catchUp(
          () => Promise.resolve(null),
          [],
          () => undefined,
        )
      ).answer,
    ).toBeNull();
  });
});
