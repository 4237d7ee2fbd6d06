// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type ChatAck } from '@partsmall/contract';
import type { ChatSocket } from '../chat-socket';
import { useCustomerChat } from '../useChat';
import { Composer } from './Composer';

/**
 * The chat's text box (docs/requirements.md#chat-screens): it counts characters as the server does
 * (2,000 after trimming, an emoji one), says so instead of cutting a long text, and gives a refused
 * message's text back, so nothing typed is lost.
 */

const TOO_LONG = '메시지는 2,000자 이내로 입력하세요.';
const TOO_FAST = '메시지를 너무 빠르게 보내고 있습니다. 잠시 후 다시 보내 주세요.';

/** A socket whose every message is answered with `answer` (what the server acknowledged), recording what was sent. */
function fakeSocket(answer: () => ChatAck) {
  const sent: unknown[] = [];
  const socket = {
    connected: true,
    volatile: { emit: () => undefined },
    timeout: () => ({
      emitWithAck: async (_event: string, payload: unknown) => {
        sent.push(payload);
        return answer();
      },
    }),
  };
  return { socket: socket as unknown as ChatSocket, sent };
}

/** The customer's chat as ChatPage has it, over a socket of the test's own. */
function CustomerChat({ socket, onError }: { socket: ChatSocket; onError: (m: string) => void }) {
  const chat = useCustomerChat({ token: null, name: '박준호', onError, draftKey: 'chatDraft:7' });
  chat.socket.current = socket;
  return <Composer chat={chat} files={{ onFiles: () => undefined, busy: false }} onProblem={onError} />;
}

const box = () => screen.getByTestId<HTMLTextAreaElement>('chat-input');

/** A paste as the browser does it: a box with a maxlength keeps that many UTF-16 units of it. */
function paste(text: string) {
  const limit = box().maxLength >= 0 ? box().maxLength : Infinity;
  fireEvent.change(box(), { target: { value: text.slice(0, limit) } });
}

const send = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('chat-send'));
  });
};

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('the chat text box', () => {
  it('takes 1,500 emoji whole and sends them whole: the limit counts characters, not UTF-16 units', async () => {
    const { socket, sent } = fakeSocket(() => ({ code: 201, message: '전송되었습니다.' }));
    const onError = vi.fn();
    render(<CustomerChat socket={socket} onError={onError} />);
    const emoji = '👍'.repeat(1500);
    paste(emoji);
    expect([...box().value].length).toBe(1500);
    expect(screen.queryByText(TOO_LONG)).toBeNull();
    await send();
    expect(sent.map((m) => (m as { sendMessage: string }).sendMessage === emoji)).toEqual([true]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('an over-long paste is kept whole and told: the message shows, the send is refused, nothing is cut', async () => {
    const { socket, sent } = fakeSocket(() => ({ code: 201, message: '전송되었습니다.' }));
    const onError = vi.fn();
    render(<CustomerChat socket={socket} onError={onError} />);
    const long = `${'가'.repeat(1999)}😀😀`;
    paste(long);
    expect(box().value === long).toBe(true);
    expect(screen.getByText(TOO_LONG)).toBeTruthy();
    await send();
    expect(sent).toEqual([]);
    expect(onError).toHaveBeenCalledWith(TOO_LONG);
    expect(box().value === long).toBe(true);

    // Cut to 2,000 characters (spaces around do not count), the message goes and the note leaves.
    const fits = `  ${'가'.repeat(1999)}😀  `;
    paste(fits);
    expect(screen.queryByText(TOO_LONG)).toBeNull();
    await send();
    expect(sent.map((m) => (m as { sendMessage: string }).sendMessage === `${'가'.repeat(1999)}😀`)).toEqual([true]);
  });

  it("a message the server refuses comes back into the box, before what was typed since, with the server's message", async () => {
    const { socket } = fakeSocket(() => ({ code: 429, message: TOO_FAST }));
    const onError = vi.fn();
    render(<CustomerChat socket={socket} onError={onError} />);
    paste('주문번호 20261207-0001 배송 언제 되나요?');
    await send();
    expect(onError).toHaveBeenCalledWith(TOO_FAST);
    expect(box().value).toBe('주문번호 20261207-0001 배송 언제 되나요?');
  });

  it('a message refused because the session ended comes back too, and is still there after a new login in the tab', async () => {
    const { socket } = fakeSocket(() => ({ code: 401, message: MSG.tokenExpired }));
    const onError = vi.fn();
    const { unmount } = render(<CustomerChat socket={socket} onError={onError} />);
    paste('견적서 부탁드립니다.');
    await send();
    expect(box().value).toBe('견적서 부탁드립니다.');
    // The session's end is told once, by the chat (its 401), not as an error of this message.
    expect(onError).not.toHaveBeenCalled();

    // The chat entry, a login, the chat again: what was typed is in the box.
    unmount();
    render(<CustomerChat socket={fakeSocket(() => ({ code: 201, message: '' })).socket} onError={onError} />);
    expect(box().value).toBe('견적서 부탁드립니다.');
  });
});
