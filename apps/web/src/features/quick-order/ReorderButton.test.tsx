// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReorderButton } from './ReorderButton';
import { renderScreen } from '../../../test/render-screen';
import { jsonAnswer } from '../../../test/api-mock';

/** The bodies the button sent to api/reorder, and how each is answered in turn. */
let sent: Record<string, unknown>[] = [];
let answers: ('lost' | 'added')[] = [];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.endsWith('/api/reorder')) throw new Error('no network in a component test');
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      if (answers.shift() !== 'added') throw new TypeError('Failed to fetch');
      const line = { productId: 7, name: '오일 필터', pid: 'RB-1', cartProductId: 7, cartPid: 'RB-1', qty: 2 };
      const results = [
        { ...line, addedQty: 2, priceBefore: 9000, priceNow: 9000, change: 'same', message: '주문 때와 같습니다.' },
      ];
      return jsonAnswer({ code: 201, message: '1개 상품을 장바구니에 다시 담았습니다.', results });
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('다시 담기', () => {
  it('a retry after an answer that never came keeps its request id; a reorder after an answer gets a new one', async () => {
    sent = [];
    answers = ['lost', 'added', 'added'];
    serve();
    renderScreen(<ReorderButton seq={41} />, new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
    const button = () => screen.getByRole('button', { name: /41/ });
    for (const times of [1, 2, 3]) {
      fireEvent.click(button());
      await waitFor(() => expect(sent).toHaveLength(times));
      await waitFor(() => expect(button().hasAttribute('aria-disabled')).toBe(false));
    }
    expect(sent.map((b) => b.seq)).toEqual([41, 41, 41]);
    const ids = sent.map((b) => b.clientRequestId as string);
    expect(ids.every((id) => /^[0-9a-f-]{32,36}$/.test(id))).toBe(true);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('held while its answer is awaited: marked so, keeping focus, and a second press sends nothing', async () => {
    let answer!: () => void;
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        await new Promise<void>((resolve) => (answer = resolve));
        return jsonAnswer({ code: 201, message: '담았습니다.', results: [] });
      }),
    );
    renderScreen(<ReorderButton seq={42} />, new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
    const button = screen.getByRole('button', { name: /42/ });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(bodies).toHaveLength(1);
    answer();
    await waitFor(() => expect(button.hasAttribute('aria-disabled')).toBe(false));
    expect(bodies).toHaveLength(1);
  });
});
