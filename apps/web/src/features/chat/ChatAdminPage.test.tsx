// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatUser } from '@partsmall/contract';
import { session } from '../../shared/session';
import { staffUser } from '../../../test/api-mock';
import { ChatAdminPage } from './ChatAdminPage';
import { renderScreen } from '../../../test/render-screen';

/**
 * A customer stopped since (not withdrawn) stays in the staff console's list while there is a
 * conversation to read, marked '사용 중지', and cannot be written to (docs/requirements.md#chat).
 */

const entry = (seq: number, name: string, stopped: boolean): ChatUser => ({
  id: `c${seq}@partsmall.kr`,
  seq,
  name,
  phone: '01012345678',
  companyName: `${name}상사`,
  level: null,
  onlineStatus: false,
  newChat: false,
  unread: 0,
  state: 'open',
  lastMessage: '견적 부탁드립니다',
  lastMessageAt: '2026-03-02T01:00:00.000Z',
  ...(stopped ? { stopped: true as const } : {}),
});

const chat = { selected: 7 as number | null };
vi.mock('./useChat', () => ({
  useStaffChat: () => ({
    users: [entry(7, '정지고객', true), entry(8, '활성고객', false)],
    selected: chat.selected,
    select: vi.fn(),
    conversations: {},
    older: {},
    loadingEarlier: null,
    loadEarlier: vi.fn(),
    customerRead: {},
    typing: {},
    status: 'online',
    markRead: vi.fn(),
    request: vi.fn(async (event: string) =>
      event === 'customerInfoRequest'
        ? {
            code: 200,
            message: '',
            results: {
              seq: 8,
              name: '활성고객',
              phone: '01012345678',
              companyName: '활성고객상사',
              level: null,
              levelName: '',
              cash: 0,
              cartCount: 0,
              orderCount: 0,
              lastOrders: [],
            },
          }
        : { code: 200, message: '' },
    ),
    addStored: vi.fn(),
    send: vi.fn(() => true),
    sendTyping: vi.fn(),
    draft: '',
    setDraft: vi.fn(),
  }),
}));

beforeEach(() => {
  localStorage.setItem('chatNotifyAsked', '1');
  session.login('staff-token', staffUser('staff'));
});
afterEach(() => {
  cleanup();
  session.clear();
});

function renderConsole() {
  return renderScreen(<ChatAdminPage />, new QueryClient());
}

const STOPPED_NOTE = '사용이 중지된 회원에게는 메시지를 보낼 수 없습니다.';

describe('the staff console and a stopped customer', () => {
  it("lists the stopped customer marked '사용 중지'; choosing them disables the text box, with a note", () => {
    chat.selected = 7;
    renderConsole();
    const [stopped, active] = screen.getAllByTestId('chat-user');
    expect(within(stopped!).getByText('사용 중지')).toBeTruthy();
    expect(within(active!).queryByText('사용 중지')).toBeNull();
    expect(screen.getByTestId<HTMLTextAreaElement>('chat-input').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('chat-send').disabled).toBe(true);
    expect(screen.getByText(STOPPED_NOTE)).toBeTruthy();
    // Their conversation's state and summary answer 404: no buttons for them.
    expect(screen.queryByRole('button', { name: '상담 완료' })).toBeNull();
  });

  it('an active customer is written to as before', () => {
    chat.selected = 8;
    renderConsole();
    expect(screen.getByTestId<HTMLTextAreaElement>('chat-input').disabled).toBe(false);
    expect(screen.queryByText(STOPPED_NOTE)).toBeNull();
    expect(screen.getByRole('button', { name: '상담 완료' })).toBeTruthy();
  });
});

describe("the console's customer summary", () => {
  it("a customer without orders: '최근 주문이 없습니다.' as a sentence, not a search's empty list", async () => {
    chat.selected = 8;
    renderConsole();
    fireEvent.click(screen.getByRole('button', { name: '고객 정보' }));
    const panel = await screen.findByTestId('chat-customer-info');
    expect(within(panel).getByText('최근 주문이 없습니다.').tagName).toBe('P');
    expect(within(panel).queryAllByRole('listitem')).toEqual([]);
    expect(within(panel).queryByText('검색된 정보가 없습니다.')).toBeNull();
  });
});
