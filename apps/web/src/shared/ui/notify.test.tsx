// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotifyProvider, useNotify } from './notify';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Toaster({ texts }: { texts: string[] }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => texts.forEach((t) => notify.toast(t))}>
      알림
    </button>
  );
}

const shown = () => Array.from(document.querySelectorAll('.toast')).map((t) => t.textContent);

describe('toasts', () => {
  it('the same words three times show once; different words each show', () => {
    render(
      <NotifyProvider>
        <Toaster
          texts={['재고가 15개라 수량을 맞췄습니다.', '장바구니에 담았습니다.', '재고가 15개라 수량을 맞췄습니다.']}
        />
      </NotifyProvider>,
    );
    fireEvent.click(screen.getByText('알림'));
    fireEvent.click(screen.getByText('알림'));
    expect(shown()).toEqual(['장바구니에 담았습니다.', '재고가 15개라 수량을 맞췄습니다.']);
  });

  it('a repeated toast stays its full 5 s from the last time it was said', () => {
    vi.useFakeTimers();
    render(
      <NotifyProvider>
        <Toaster texts={['저장했습니다.']} />
      </NotifyProvider>,
    );
    fireEvent.click(screen.getByText('알림'));
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.click(screen.getByText('알림'));
    act(() => vi.advanceTimersByTime(4000));
    expect(shown()).toEqual(['저장했습니다.']);
    act(() => vi.advanceTimersByTime(1001));
    expect(shown()).toEqual([]);
  });
});
