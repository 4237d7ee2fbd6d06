// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USER_INFO } from '../../../test/api-mock';
import { customerMessage } from '../../../test/chat-messages';
import { loginFromMessage } from './login-message';
import { CHAT_INQUIRY_KEY, leaveInquiry, takeInquiry } from './inquiry';
import { mergeMessages, type ChatLine } from './useChat';

const message = (seq: number, clientMessageId: string, text = `메시지 ${seq}`) =>
  customerMessage(seq, { clientMessageId, sendMessage: text });

describe('mergeMessages', () => {
  it('orders by stored id, drops duplicates of a replay, keeps pending lines last', () => {
    const pending: ChatLine = { ...message(0, 'client-pending-1', '보내는 중'), pending: true };
    const list = mergeMessages([message(3, 'c3'), pending], [message(1, 'c1'), message(3, 'c3'), message(2, 'c2')]);
    expect(list.map((m) => [m.seq, m.pending ?? false])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [0, true],
    ]);
  });

  it("an acknowledged message replaces its pending copy (same client id), not another's", () => {
    const a: ChatLine = { ...message(0, 'client-a'), pending: true };
    const b: ChatLine = { ...message(0, 'client-b'), pending: true };
    const list = mergeMessages([a, b], [message(9, 'client-a')]);
    expect(list.map((m) => [m.seq, m.clientMessageId, m.pending ?? false])).toEqual([
      [9, 'client-a', false],
      [0, 'client-b', true],
    ]);
  });
});

describe('chat inquiry hand-over', () => {
  beforeEach(() => sessionStorage.clear());

  it('a left product inquiry is taken once', () => {
    leaveInquiry({ kind: 'product', productId: 12, qty: 3 });
    expect(takeInquiry()).toEqual({ kind: 'product', productId: 12, qty: 3 });
    expect(sessionStorage.getItem(CHAT_INQUIRY_KEY)).toBeNull();
    expect(takeInquiry()).toBeNull();
  });

  it('the catalogue part inquiry is read as written', () => {
    const part = {
      kind: 'part',
      vin: 'WDD2050421F123456',
      brand: '벤츠',
      part: '브레이크 패드',
      pid: 'A0004209204',
      quantity: 2,
    };
    sessionStorage.setItem(CHAT_INQUIRY_KEY, JSON.stringify(part));
    expect(takeInquiry()).toEqual(part);
  });

  it('broken or foreign values are dropped, not sent', () => {
    for (const raw of [
      '{not json',
      JSON.stringify({ kind: 'product', productId: -1, qty: 1 }),
      JSON.stringify({ kind: 'part', vin: 'x' }),
      JSON.stringify({ kind: 'script' }),
    ]) {
      sessionStorage.setItem(CHAT_INQUIRY_KEY, raw);
      expect(takeInquiry()).toBeNull();
      expect(sessionStorage.getItem(CHAT_INQUIRY_KEY)).toBeNull();
    }
  });
});

describe('login message from the chat popup', () => {
  const userInfo = { ...DEMO_USER_INFO, seq: 7 };
  const data = { type: 'login', token: 'tok-123', userInfo };

  it('is accepted from the shop origin only', () => {
    expect(loginFromMessage({ origin: 'https://shop.example', data }, 'https://shop.example')).toEqual({
      token: 'tok-123',
      userInfo,
    });
    expect(loginFromMessage({ origin: 'https://evil.example', data }, 'https://shop.example')).toBeNull();
    expect(loginFromMessage({ origin: 'null', data }, 'https://shop.example')).toBeNull();
  });

  it('other messages and broken logins are ignored', () => {
    expect(
      loginFromMessage({ origin: 'https://shop.example', data: { type: 'chatOpen' } }, 'https://shop.example'),
    ).toBeNull();
    expect(
      loginFromMessage({ origin: 'https://shop.example', data: { type: 'login', token: 5 } }, 'https://shop.example'),
    ).toBeNull();
    expect(loginFromMessage({ origin: 'https://shop.example', data: 'login' }, 'https://shop.example')).toBeNull();
  });
});
