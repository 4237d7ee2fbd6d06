import { useCallback, useEffect, useRef, useState } from 'react';
import { TRADE_EVENTS } from '@partsmall/contract';
import { tradeSocket } from '../../shared/trade';

/** The payment window of spec 2 §4: 600x400, its closure polled every 500 ms. */
export const PAYMENT_WINDOW = { name: 'payment', features: 'width=600,height=400', pollMs: 500 } as const;

/** Asks the trade channel for fresh base info (cash, licence days, counts). */
export function reloadBaseInfo() {
  tradeSocket()?.emit(TRADE_EVENTS.requestClientBaseInfo);
}

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
    }, PAYMENT_WINDOW.pollMs);
    return () => clearInterval(timer);
  }, [win]);

  const open = useCallback((url: string): boolean => {
    const w = window.open(url, PAYMENT_WINDOW.name, PAYMENT_WINDOW.features);
    if (!w) return false;
    setWin(w);
    return true;
  }, []);
  const focus = useCallback(() => win?.focus(), [win]);
  return { open, focus, isOpen: win !== null };
}
