import { useCallback, useEffect, useRef } from 'react';

/** How close to its end a list counts as read to the end (a phone's scroll stops a pixel or two short). */
const AT_END_PX = 16;

/**
 * A conversation's scrolling (docs/requirements.md#chat-screens): 100 ms after `arrival` changes (a
 * new last message, a typing line) the list scrolls to its end; while the reader is at the end it stays
 * there when the list's content grows later (a picture arriving after its message: call `grew`) or
 * its box shrinks (the composer, a panel, a phone's keyboard). A reader who scrolled up into the
 * history is left where they read until the next message.
 */
export function useStickToBottom<T extends HTMLElement>(arrival: string) {
  const box = useRef<T>(null);
  // At the end, as of the reader's last scroll; a list that has not scrolled yet is at its start and end.
  const atEnd = useRef(true);
  const toEnd = useCallback(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useEffect(() => {
    const t = setTimeout(toEnd, 100);
    return () => clearTimeout(t);
  }, [arrival, toEnd]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Content growing does not scroll the list: only a scroll (the reader's, or toEnd's) moves the mark.
    const onScroll = () => {
      atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END_PX;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => atEnd.current && toEnd());
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [toEnd]);

  const grew = useCallback(() => {
    if (atEnd.current) toEnd();
  }, [toEnd]);
  return { box, grew };
}
