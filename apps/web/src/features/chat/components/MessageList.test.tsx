// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatFile, ChatMessage } from '@partsmall/contract';
import { MessageList, type Earlier } from './MessageList';
import { customerMessage } from '../../../../test/chat-messages';

/**
 * The conversation's list (docs/requirements.md#chat-screens): it opens at the newest message and
 * stays there while pictures arrive, and leaves a reader who scrolled up into the history where they are.
 */

const file = (seq: number, width: number, height: number): ChatFile => ({
  seq,
  name: `사진${seq}.png`,
  mime: 'image/png',
  width,
  height,
  size: 1000,
  url: `/api/chatFile/${seq}/full?exp=9999999999&sig=x`,
  thumbUrl: `/api/chatFile/${seq}/thumb?exp=9999999999&sig=x`,
});

/** A customer's message: its text, or the files given and no text. */
const message = (seq: number, files: ChatFile[] = []): ChatMessage =>
  files.length > 0
    ? customerMessage(seq, { sendMessage: '', sendMessageType: 'file', type: 'file', fileList: files })
    : customerMessage(seq);

const MESSAGES = [
  message(1),
  message(2, [file(11, 1200, 900), file(12, 900, 1200)]),
  message(3, [file(13, 600, 1200)]),
];

function List({ messages, earlier }: { messages: ChatMessage[]; earlier?: Earlier }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MessageList messages={messages} mine="admin" otherRead={0} empty="" earlier={earlier} />
    </QueryClientProvider>
  );
}

/**
 * The list's box as a browser lays it out: `content` px of messages seen through 500 px, scrolled
 * no further than its end.
 */
function layOut(list: HTMLElement, content: number) {
  const box = { content, top: 0 };
  const view = 500;
  Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => view });
  Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => box.content });
  Object.defineProperty(list, 'scrollTop', {
    configurable: true,
    get: () => box.top,
    set: (v: number) => {
      box.top = Math.max(0, Math.min(v, box.content - view));
    },
  });
  return box;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the conversation list', () => {
  it('draws each picture in a box of its shape within 160 px before the picture arrives', () => {
    render(<List messages={MESSAGES} />);
    const boxes = screen
      .getAllByRole('img')
      .map((img) => [img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')]);
    expect(boxes).toEqual([
      ['첨부 이미지 사진11.png', '160', '120'],
      ['첨부 이미지 사진12.png', '120', '160'],
      ['첨부 이미지 사진13.png', '80', '160'],
    ]);
  });

  it('keeps the newest message in sight while pictures arrive, unless the reader scrolled up', () => {
    render(<List messages={MESSAGES} />);
    const list = screen.getByTestId('chat-list');
    const box = layOut(list, 900);
    // 100 ms after the messages came, the list is at its end.
    act(() => vi.advanceTimersByTime(100));
    expect(list.scrollTop).toBe(400);

    // A picture arriving later than that makes the list 100 px longer: it stays at its end.
    const [first, second, third] = screen.getAllByRole('img');
    box.content = 1000;
    fireEvent.load(third!);
    expect(list.scrollTop).toBe(500);

    // A reader who scrolled up stays where they read when the next picture arrives.
    list.scrollTop = 120;
    fireEvent.scroll(list);
    box.content = 1100;
    fireEvent.load(second!);
    expect(list.scrollTop).toBe(120);

    // Back at the end by their own scrolling, they are kept there again.
    list.scrollTop = 600;
    fireEvent.scroll(list);
    box.content = 1150;
    fireEvent.load(first!);
    expect(list.scrollTop).toBe(650);
  });
});

describe("the conversation's older messages", () => {
  const texts = () => screen.getAllByTestId('chat-message').map((m) => m.querySelector('.chat-text')?.textContent);

  it("'이전 메시지 보기' loads them; they come in above, where the reader was, and the button goes once there are none", () => {
    const load = vi.fn();
    const newest = [message(4), message(5), message(6)];
    const { rerender } = render(<List messages={newest} earlier={{ more: true, loading: false, load }} />);
    const list = screen.getByTestId('chat-list');
    const box = layOut(list, 900);
    act(() => vi.advanceTimersByTime(100));
    // The reader scrolled up to the top: 900 px of list, 500 in view.
    list.scrollTop = 0;
    fireEvent.scroll(list);

    fireEvent.click(screen.getByRole('button', { name: '이전 메시지 보기' }));
    expect(load).toHaveBeenCalledTimes(1);
    rerender(<List messages={newest} earlier={{ more: true, loading: true, load }} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '이전 메시지를 불러오는 중입니다…' }).disabled).toBe(
      true,
    );

    // Three older messages, 300 px, come in above: the message at the top of the view stays there.
    box.content = 1200;
    rerender(
      <List
        messages={[message(1), message(2), message(3), ...newest]}
        earlier={{ more: false, loading: false, load }}
      />,
    );
    expect(list.scrollTop).toBe(300);
    expect(texts()).toEqual(['문의 1', '문의 2', '문의 3', '문의 4', '문의 5', '문의 6']);
    expect(screen.queryByRole('button', { name: '이전 메시지 보기' })).toBeNull();
  });

  it('the wheel pulling up at the top of the list loads them too; not while the reader is further down', () => {
    const load = vi.fn();
    render(<List messages={[message(4), message(5)]} earlier={{ more: true, loading: false, load }} />);
    const list = screen.getByTestId('chat-list');
    layOut(list, 900);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.wheel(list, { deltaY: -120 });
    expect(load).not.toHaveBeenCalled();
    list.scrollTop = 0;
    fireEvent.scroll(list);
    fireEvent.wheel(list, { deltaY: 120 });
    expect(load).not.toHaveBeenCalled();
    fireEvent.wheel(list, { deltaY: -120 });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
