// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Modal } from './Modal';
import { NotifyProvider, useNotify } from './notify';

afterEach(cleanup);

/** A screen that shows an alert and writes down when the alert has been closed. */
function Alerting() {
  const notify = useNotify();
  return (
    <button
      type="button"
      onClick={() =>
        void notify.alert('재고가 부족합니다.').then(() => document.body.setAttribute('data-closed', 'yes'))
      }
    >
      알림 열기
    </button>
  );
}

describe('notify.alert', () => {
  it('closes on Escape like every layer (docs/requirements.md#windows-and-sizes), and says it was closed', async () => {
    render(
      <NotifyProvider>
        <Alerting />
      </NotifyProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '알림 열기' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('재고가 부족합니다.');
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.body.getAttribute('data-closed')).toBe('yes');
  });

  it('over a layer, Escape closes the alert only: the layer under it stays open', async () => {
    function LayerWithAlert() {
      const [open, setOpen] = useState(true);
      return open ? (
        <Modal title="대체 부품번호" onClose={() => setOpen(false)}>
          <Alerting />
        </Modal>
      ) : null;
    }
    render(
      <NotifyProvider>
        <LayerWithAlert />
      </NotifyProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '알림 열기' }));
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect([
      screen.queryByRole('alertdialog'),
      screen.getByRole('dialog').getAttribute('aria-labelledby') !== null,
    ]).toEqual([null, true]);
  });
});

describe('notify.toast', () => {
  function Toasting() {
    const notify = useNotify();
    return (
      <button type="button" onClick={() => notify.toast('장바구니에 담았습니다.')}>
        담기
      </button>
    );
  }

  it('goes after 5 seconds, and its timer goes with the provider: none fires into a tree that is gone', () => {
    vi.useFakeTimers();
    try {
      const view = render(
        <NotifyProvider>
          <Toasting />
        </NotifyProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: '담기' }));
      expect(screen.getByText('장바구니에 담았습니다.')).toBeTruthy();
      act(() => void vi.advanceTimersByTime(5000));
      expect(screen.queryByText('장바구니에 담았습니다.')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: '담기' }));
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      view.unmount();
      // A toast timer left running fired after a test's screen was torn down ('window is not defined').
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
