import { useCallback, useEffect } from 'react';
import { useNotify } from '../../shared/ui/notify';
import { TC } from './texts';

/**
 * What both chat windows (the customer's and the staff console) do on their page
 * (docs/requirements.md#chat-screens): ask once for notification permission (when askNotify),
 * block zoom and the context menu. Gives the alert both pass to their chat's errors.
 */
export function useChatWindow(askNotify = true) {
  const notify = useNotify();
  const alert = useCallback((m: string) => void notify.alert(m), [notify]);
  useNotificationPermission(alert, askNotify);
  useBlockZoomAndMenu();
  return alert;
}

const NOTIFY_ASKED_KEY = 'chatNotifyAsked';
function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
function writeFlag(key: string) {
  try {
    localStorage.setItem(key, '1');
  } catch {
    /* storage blocked: asked again next time */
  }
}

/** Asks for notification permission on the first visit and says how it went (docs/requirements.md#chat-screens). */
function useNotificationPermission(alert: (message: string) => void, enabled = true) {
  useEffect(() => {
    if (!enabled || typeof Notification === 'undefined' || Notification.permission !== 'default') return;
    // A prompt closed without an answer leaves the permission at 'default' (and a browser may deny it
    // without asking): the question and its answer come once per browser, not at every chat open.
    if (readFlag(NOTIFY_ASKED_KEY)) return;
    writeFlag(NOTIFY_ASKED_KEY);
    void Notification.requestPermission().then((p) => {
      if (p === 'granted') alert(TC.notifyAllowed);
      else if (p === 'denied') alert(TC.notifyDenied);
    });
  }, [alert, enabled]);
}

/**
 * Whether the reader is at this chat window: it is shown and has focus (`phone`: shown is enough, a
 * phone's browser not always telling focus). Only then does a window send a read-status update, or
 * when the reader comes back to it (useReaderBack): opening or reconnecting in the background reads
 * nothing (docs/requirements.md#chat-screens).
 */
export function readerHere(phone = false): boolean {
  return document.visibilityState !== 'hidden' && (phone || document.hasFocus());
}

/**
 * Calls `read` when the reader comes back to the window (it gains focus, or a phone's is shown
 * again): once a return, however many of the browser's events tell it.
 */
export function useReaderBack(read: () => void, phone = false) {
  useEffect(() => {
    let here = readerHere(phone);
    const changed = () => {
      const now = readerHere(phone);
      if (now && !here) read();
      here = now;
    };
    const left = () => {
      here = false;
    };
    window.addEventListener('focus', changed);
    window.addEventListener('blur', left);
    document.addEventListener('visibilitychange', changed);
    return () => {
      window.removeEventListener('focus', changed);
      window.removeEventListener('blur', left);
      document.removeEventListener('visibilitychange', changed);
    };
  }, [read, phone]);
}

/** A desktop notification while the window is not focused; closes itself after 2 s (docs/requirements.md#limits). */
export function notifyUnfocused(title: string, body: string, onClick?: () => void) {
  if (document.hasFocus() || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const n = new Notification(title, { body, tag: 'partsmall-chat' });
  n.onclick = () => {
    window.focus();
    onClick?.();
    n.close();
  };
  setTimeout(() => n.close(), 2000);
}

/** The chat windows block zoom and the context menu (docs/requirements.md#chat-screens). */
function useBlockZoomAndMenu() {
  useEffect(() => {
    const menu = (e: Event) => e.preventDefault();
    const wheel = (e: WheelEvent) => {
      if (e.ctrlKey) e.preventDefault();
    };
    const keys = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && ['+', '-', '=', '0'].includes(e.key)) e.preventDefault();
    };
    document.addEventListener('contextmenu', menu);
    window.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('keydown', keys);
    return () => {
      document.removeEventListener('contextmenu', menu);
      window.removeEventListener('wheel', wheel);
      window.removeEventListener('keydown', keys);
    };
  }, []);
}

/** The tab title carries the unread count: '(2) 채팅 상담'. */
export function useUnreadTitle(unread: number) {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\)\s*/, '');
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [unread]);
}
