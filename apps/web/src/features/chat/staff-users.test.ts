import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatUser } from '@partsmall/contract';
import { applyMessage, mergeUsers } from './staff-users';

const user = (seq: number, name: string, lastMessageAt: string | null, unread = 0): ChatUser => ({
  id: `${name}@test.kr`,
  seq,
  name,
  phone: '0101234567' + seq,
  companyName: `${name}상사`,
  level: 'b',
  onlineStatus: true,
  newChat: unread > 0,
  unread,
  state: 'open',
  lastMessage: lastMessageAt ? `${name}의 마지막 메시지` : null,
  lastMessageAt,
});

const message = (
  targetUser: number,
  created: string,
  side: 'user' | 'admin',
  text: string,
  name = '고객',
): ChatMessage => ({
  seq: 100,
  clientMessageId: 'c-1',
  sendMessage: text,
  sendMessageType: 'string',
  type: 'text',
  fileList: [],
  sendUserId: side === 'user' ? targetUser : 1,
  sendUserAccount: side === 'user' ? `${name}@test.kr` : 'staff@partsmall.kr',
  sendUserName: name,
  sendSide: side,
  created,
  room: '',
  targetUser,
  product: null,
});

const A = user(11, '가나', '2026-11-25T10:00:00.000Z');
const B = user(12, '다라', '2026-11-25T09:00:00.000Z', 2);
const C = user(13, '마바', null);

describe('the staff console list', () => {
  it('a customer message from someone not viewed: unread + 1, highlight, preview of the first line, to the top', () => {
    const list = applyMessage(
      [A, B, C],
      message(12, '2026-11-25T11:00:00.000Z', 'user', '재고 있나요?\n두 개요.'),
      false,
    );
    expect(list.map((u) => [u.seq, u.unread, u.newChat, u.lastMessage])).toEqual([
      [12, 3, true, '재고 있나요?\n두 개요.'],
      [11, 0, false, '가나의 마지막 메시지'],
      [13, 0, false, null],
    ]);
  });

  it('the conversation being viewed stays read; a staff answer moves it up without counting', () => {
    const viewed = applyMessage([A, B], message(12, '2026-11-25T11:00:00.000Z', 'user', '보고 있어요'), true);
    expect(viewed.map((u) => [u.seq, u.unread])).toEqual([
      [12, 2],
      [11, 0],
    ]);
    const answered = applyMessage(
      [A, C],
      message(13, '2026-11-25T11:00:00.000Z', 'admin', '답변드립니다.', '김하늘'),
      false,
    );
    expect(answered.map((u) => [u.seq, u.unread, u.newChat, u.lastMessage])).toEqual([
      [13, 0, false, '답변드립니다.'],
      [11, 0, false, '가나의 마지막 메시지'],
    ]);
  });

  it('a first chat of a customer not listed joins on top, highlighted; a staff message to one is left to the server', () => {
    const list = applyMessage(
      [A],
      message(20, '2026-11-25T11:00:00.000Z', 'user', '처음 문의드립니다.', '사아'),
      false,
    );
    expect(list[0]).toMatchObject({
      seq: 20,
      name: '사아',
      id: '사아@test.kr',
      unread: 1,
      newChat: true,
      lastMessage: '처음 문의드립니다.',
    });
    expect(
      applyMessage([A], message(21, '2026-11-25T11:00:00.000Z', 'admin', '안내드립니다.', '김하늘'), false),
    ).toEqual([A]);
  });

  it('a message the server entry already counts (not newer than its last) is not counted twice', () => {
    const counted = user(12, '다라', '2026-11-25T11:00:00.000Z', 3);
    expect(applyMessage([counted], message(12, '2026-11-25T11:00:00.000Z', 'user', '재고 있나요?'), false)).toEqual([
      counted,
    ]);
  });

  it("the server's entries replace the list (full) or its rows (update), newest first; a stale update keeps a newer message", () => {
    expect(mergeUsers([A], [C, B, A], true).map((u) => u.seq)).toEqual([11, 12, 13]);
    const live = applyMessage([A, B], message(12, '2026-11-25T11:00:00.000Z', 'user', '새 메시지'), false);
    // Read by staff at 10:30 (unread 0 then); the update arrives after the 11:00 message.
    const stale = { ...B, unread: 0, newChat: false, lastMessageAt: '2026-11-25T10:30:00.000Z', onlineStatus: false };
    const merged = mergeUsers(live, [stale], false);
    expect(merged.map((u) => [u.seq, u.unread, u.lastMessage, u.onlineStatus])).toEqual([
      [12, 3, '새 메시지', false],
      [11, 0, '가나의 마지막 메시지', true],
    ]);
    const fresh = {
      ...B,
      unread: 0,
      newChat: false,
      lastMessageAt: '2026-11-25T11:00:00.000Z',
      lastMessage: '새 메시지',
    };
    expect(mergeUsers(live, [fresh], false)[0]).toMatchObject({ seq: 12, unread: 0, newChat: false });
  });
});
