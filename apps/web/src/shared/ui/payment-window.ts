import { useCallback, useEffect, useRef, useState } from 'react';
import { openPopup, POPUP } from './popup';

/** The payment window's closure is polled every 500 ms (docs/requirements.md#payments). */
const POLL_MS = 500;

/**
 * Opens payment windows and tells when the open one has closed. `open` answers false when the
 * browser blocked the window.
 */
export function usePaymentWindow(onClosed: () => void) {
  const [win, setWin] = useState<Window | null>(null);
  const closed = useRef(onClosed);
  useEffect(() => {
    closed.current = onClosed;
  }, [onClosed]);

  useEffect(() => {
    if (!win) return;
    const timer = setInterval(() => {
      if (win.closed) {
        clearInterval(timer);
        setWin(null);
        closed.current();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [win]);

  const open = useCallback((url: string): boolean => {
    const w = openPopup(url, 'payment', POPUP.payment);
    if (!w) return false;
    setWin(w);
    return true;
  }, []);
  const focus = useCallback(() => win?.focus(), [win]);
  return { open, focus, isOpen: win !== null };
}
